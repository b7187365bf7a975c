import { z } from 'zod';
import { dataOf, emptyOr, isoDateSchema, languageSchema, phoneSchema, requiredText, text } from './common';
import { businessDate } from './dates';
import { bicSchema, capSchema, checkFiscalCode, fiscalCodeSchema, ibanSchema } from './italian-identifiers';

// The signed-in person's own data (spec §2 User › user and registration): what they see, what they
// may change themselves (a setting, PROFILE_SELF_EDITABLE), their password, language and avatar.

/** The personal and bank fields of an employee (spec §3) a person sees on their profile. */
export const profileFields = [
  'name',
  'surname',
  'email',
  'phone',
  'fiscalCode',
  'birthday',
  'identityCardNumber',
  'address',
  'city',
  'cap',
  'iban',
  'bic',
  'bankName',
  'depositCardNumber',
] as const;
export type ProfileField = (typeof profileFields)[number];
export const profileFieldSchema = z.enum(profileFields);

export function isProfileField(value: string): value is ProfileField {
  return (profileFields as readonly string[]).includes(value);
}

/** What registration asks for (spec §4): the data payroll needs. BIC is optional (an Italian IBAN is enough). */
export const registrationFields = [
  'phone',
  'fiscalCode',
  'birthday',
  'identityCardNumber',
  'address',
  'city',
  'cap',
  'iban',
  'bic',
  'bankName',
] as const satisfies readonly ProfileField[];
export type RegistrationField = (typeof registrationFields)[number];
export const registrationFieldSchema = z.enum(registrationFields);
export const optionalRegistrationFields: readonly RegistrationField[] = ['bic'];

/** Password minimum of spec §5 and §9. */
export const passwordMinLength = 8;

/** A birthday: a real date, not in the future and not before 1900 (reported as an invalid date). */
export const birthdaySchema = isoDateSchema.superRefine((value, context) => {
  if (value >= '1900-01-01' && value <= businessDate()) return;
  context.addIssue({ code: 'invalid_format', format: 'date', message: 'date', input: value });
});

/** An empty value is missing (required), not malformed: only a typed value is checked by `schema`. */
const required = (schema: z.ZodType<string, string>) => z.string().trim().min(1).pipe(schema);

/** One schema per field, shared by the server routes and the web forms. */
export const profileFieldSchemas = {
  name: requiredText(100),
  surname: requiredText(100),
  email: z.email().max(254),
  phone: required(phoneSchema),
  fiscalCode: required(fiscalCodeSchema),
  birthday: required(birthdaySchema),
  identityCardNumber: requiredText(30),
  address: requiredText(200),
  city: requiredText(100),
  cap: required(capSchema),
  iban: required(ibanSchema),
  bic: emptyOr(bicSchema),
  bankName: requiredText(100),
  depositCardNumber: text(50),
} satisfies Record<ProfileField, z.ZodType>;

export const profileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  matricola: z.string().nullable(),
  /** OK active, EX former employee. */
  employeeType: z.string(),
  engagementDate: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  /** A new address asked for and waiting for its confirmation link to be opened. */
  pendingEmail: z.string().nullable(),
  phone: z.string(),
  fiscalCode: z.string(),
  birthday: z.string().nullable(),
  identityCardNumber: z.string(),
  address: z.string(),
  city: z.string(),
  cap: z.string(),
  iban: z.string(),
  bic: z.string(),
  bankName: z.string(),
  depositCardNumber: z.string(),
  /** A URL the web loads with its bearer token (see the README), or null. */
  avatar: z.string().nullable(),
  lng: languageSchema,
  registeredAt: z.iso.datetime().nullable(),
  /** The fields this person may change on their profile (the PROFILE_SELF_EDITABLE setting). */
  editable: z.array(profileFieldSchema),
  registration: z.object({
    /** Registration must be completed before using the app. */
    pending: z.boolean(),
    /** Fields registration lets them fill: empty, invalid or self-editable ones; the rest the office set. */
    editable: z.array(registrationFieldSchema),
  }),
  /** Largest avatar accepted, in bytes. */
  avatarMaxBytes: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileAnswerSchema = dataOf(profileSchema);

/** PUT /api/profile: only the fields that change; a field outside `editable` with a new value is refused (403). */
export const profileUpdateBodySchema = z.object({
  name: profileFieldSchemas.name.optional(),
  surname: profileFieldSchemas.surname.optional(),
  email: profileFieldSchemas.email.optional(),
  phone: profileFieldSchemas.phone.optional(),
  fiscalCode: profileFieldSchemas.fiscalCode.optional(),
  birthday: profileFieldSchemas.birthday.optional(),
  identityCardNumber: profileFieldSchemas.identityCardNumber.optional(),
  address: profileFieldSchemas.address.optional(),
  city: profileFieldSchemas.city.optional(),
  cap: profileFieldSchemas.cap.optional(),
  iban: profileFieldSchemas.iban.optional(),
  bic: profileFieldSchemas.bic.optional(),
  bankName: profileFieldSchemas.bankName.optional(),
  depositCardNumber: profileFieldSchemas.depositCardNumber.optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/** The codice fiscale must agree with the birthday (it encodes it); reported on the fiscal code. */
export function fiscalCodeBirthdayIssue(values: { fiscalCode?: string | null; birthday?: string | null }) {
  // An invalid birthday is the date field's problem, not the code's.
  if (!values.fiscalCode || !values.birthday || !birthdaySchema.safeParse(values.birthday).success) return null;
  const check = checkFiscalCode(values.fiscalCode, { birthday: values.birthday });
  return !check.valid && check.reason === 'birthdayMismatch'
    ? {
        code: 'custom' as const,
        path: ['fiscalCode'],
        message: 'fiscalCodeBirthday',
        params: { rule: 'fiscalCode', reason: 'birthdayMismatch' },
      }
    : null;
}

/** POST /api/profile/registration: every registration field (the office's own values may be sent back unchanged). */
export const registrationBodySchema = z
  .object({
    phone: profileFieldSchemas.phone,
    fiscalCode: profileFieldSchemas.fiscalCode,
    birthday: profileFieldSchemas.birthday,
    identityCardNumber: profileFieldSchemas.identityCardNumber,
    address: profileFieldSchemas.address,
    city: profileFieldSchemas.city,
    cap: profileFieldSchemas.cap,
    iban: profileFieldSchemas.iban,
    bic: profileFieldSchemas.bic.default(''),
    bankName: profileFieldSchemas.bankName,
  })
  .superRefine((values, context) => {
    const issue = fiscalCodeBirthdayIssue(values);
    if (issue) context.addIssue({ ...issue, input: values.fiscalCode });
  });
export type RegistrationBody = z.input<typeof registrationBodySchema>;

export const passwordChangeBodySchema = z
  .object({
    currentPassword: text(1024, { trim: false }).min(1),
    password: text(1024, { trim: false }).min(passwordMinLength),
    passwordConfirmation: text(1024, { trim: false }).min(1),
  })
  .superRefine((values, context) => {
    if (values.password !== values.passwordConfirmation) {
      context.addIssue({
        code: 'custom',
        path: ['passwordConfirmation'],
        message: 'confirmed',
        params: { rule: 'confirmed' },
        input: values.passwordConfirmation,
      });
    }
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;
export const passwordChangeAnswerSchema = dataOf(z.object({ revokedSessions: z.number().int() }));

export const languageBodySchema = z.object({ lng: languageSchema });

/** The avatar route's parameter. */
export const avatarParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

/** Image types an avatar may be, decided by the file's content. */
export const avatarMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

// Telegram as a notification channel (issue 18): the person links their chat with a one-time code sent to the bot.

/** Characters of a link code: no 0/O nor 1/I, since people read it from a screen and may type it on a phone. */
export const telegramLinkCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const telegramLinkCodeLength = 8;
export const telegramLinkCodeMinutes = 15;

/** GET /api/profile/telegram: the person's chat, and when a pending code expires (never the code itself). */
export const telegramLinkSchema = z.object({
  /** A bot is set up (TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME): without one no chat can be linked. */
  configured: z.boolean(),
  linked: z.boolean(),
  /** The name the chat had on Telegram when it was linked. */
  chatName: z.string().nullable(),
  linkedAt: z.iso.datetime().nullable(),
  botUsername: z.string().nullable(),
  pendingCodeExpiresAt: z.iso.datetime().nullable(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;
export const telegramLinkAnswerSchema = dataOf(telegramLinkSchema);

/** POST /api/profile/telegram/link-code: the code, shown once; the t.me link sends it to the bot as /start <code>. */
export const telegramLinkCodeSchema = z.object({
  code: z.string(),
  expiresAt: z.iso.datetime(),
  /** Seconds it stays valid from now: a countdown needs no agreement between the server's and the device's clocks. */
  validSeconds: z.number().int(),
  link: z.url(),
});
export type TelegramLinkCode = z.infer<typeof telegramLinkCodeSchema>;
export const telegramLinkCodeAnswerSchema = dataOf(telegramLinkCodeSchema);
