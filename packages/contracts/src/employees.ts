import { z } from 'zod';
import {
  dataOf,
  emptyOr,
  isoDateSchema,
  pageOf,
  paginationQuerySchema,
  phoneSchema,
  requiredText,
  text,
} from './common';
import { bicSchema, capSchema, fiscalCodeSchema, ibanSchema } from './italian-identifiers';
import { birthdaySchema, fiscalCodeBirthdayIssue } from './profile';

// Employees (spec §2 Management › employees, §3 Employee, §4 Employee type): the list, the record
// with personal, work and bank data, the OK → EX transition and the employee's documents.

/** OK active, EX former employee (spec §3, §9). */
export const employeeTypes = ['OK', 'EX'] as const;
export type EmployeeType = (typeof employeeTypes)[number];
export const employeeTypeSchema = z.enum(employeeTypes);

/** The group a former employee is moved to: they keep signing in, for their own payslips only. */
export const EX_EMPLOYEE_GROUP_NAME = 'Ex Dipendente';

/** Documents with one current file each (a new upload replaces the old one). */
export const singleDocumentKinds = ['identityFront', 'identityBack', 'healthCardFront', 'healthCardBack'] as const;
export type SingleDocumentKind = (typeof singleDocumentKinds)[number];
/** …and the management documents, as many as needed. */
export const employeeDocumentKinds = [...singleDocumentKinds, 'management'] as const;
export type EmployeeDocumentKind = (typeof employeeDocumentKinds)[number];

/** What a document may be, decided by its content: images and PDFs only. */
export const documentMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

// ---------------------------------------------------------------------------------------------
// Reading

export const employeeListQuerySchema = paginationQuerySchema.extend({
  /** Name, surname, username, matricola or fiscal code. */
  search: text(100).optional(),
  shopId: z.coerce.number().int().positive().optional(),
  groupId: z.coerce.number().int().positive().optional(),
  type: employeeTypeSchema.optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

export const employeeShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** The main shop is the employee's businessPoint. */
  isMain: z.boolean(),
});
export type EmployeeShop = z.infer<typeof employeeShopSchema>;

export const employeeSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  surname: z.string(),
  matricola: z.string().nullable(),
  email: z.string(),
  fiscalCode: z.string().nullable(),
  phone: z.string(),
  employeeType: employeeTypeSchema,
  /** Main shop first. */
  shops: z.array(employeeShopSchema),
  /** In order: the first is the role (it decides admin and developer). */
  groups: z.array(namedSchema),
  isAdmin: z.boolean(),
});
export type EmployeeSummary = z.infer<typeof employeeSummarySchema>;
export const employeePageSchema = pageOf(employeeSummarySchema);

export const employeeSchema = employeeSummarySchema.extend({
  depositCardNumber: z.string(),
  engagementDate: z.string().nullable(),
  birthday: z.string().nullable(),
  identityCardNumber: z.string(),
  address: z.string(),
  city: z.string(),
  cap: z.string(),
  iban: z.string(),
  bic: z.string(),
  bankName: z.string(),
  useFingerprint: z.boolean(),
  /** A new address asked for and not yet confirmed by the person (the link went to it). */
  pendingEmail: z.string().nullable(),
  /** Two-factor sign-in is set up (a user with "can reset MFA" may reset it). */
  mfaEnabled: z.boolean(),
  registeredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** For a former employee: the groups and shops they had, offered back on a re-hire. */
  rehire: z.object({ groups: z.array(namedSchema), shops: z.array(employeeShopSchema) }).nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeeAnswerSchema = dataOf(employeeSchema);

/** What the forms and filters choose from: the shops in the caller's scope and every group. */
export const employeeOptionsSchema = z.object({
  shops: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string(), city: z.string() })),
  groups: z.array(
    namedSchema.extend({
      isAdmin: z.boolean(),
      /** Ex Dipendente: given with the EX type, never chosen. */
      isExEmployee: z.boolean(),
      /** Whether the caller may give it (nobody grants abilities they do not hold). */
      grantable: z.boolean(),
    }),
  ),
});
export type EmployeeOptions = z.infer<typeof employeeOptionsSchema>;
export const employeeOptionsAnswerSchema = dataOf(employeeOptionsSchema);

// ---------------------------------------------------------------------------------------------
// Writing

const id = z.number().int().positive();

/** Letters, digits, dot, dash and underscore: it is typed at every sign-in. */
export const usernameSchema = text(64)
  .min(3)
  .regex(/^[A-Za-z0-9._-]+$/);

/** The fields an employee's record is made of, shared by create and edit. */
const employeeFields = {
  name: requiredText(100),
  surname: requiredText(100),
  /** Payroll number; empty when the employee has none yet. */
  matricola: text(30),
  username: usernameSchema,
  email: requiredText(254).pipe(z.email()),
  depositCardNumber: text(50),
  /** The main shop (businessPoint), or null. */
  shopId: id.nullable(),
  /** Every shop the employee belongs to; the main one is added when missing. */
  shopIds: z.array(id).max(100),
  /** Groups in order: the first is the role. At least one. */
  groupIds: z.array(id).max(20),
  phone: emptyOr(phoneSchema),
  fiscalCode: emptyOr(fiscalCodeSchema),
  engagementDate: isoDateSchema.nullable(),
  birthday: birthdaySchema.nullable(),
  identityCardNumber: text(30),
  address: text(200),
  city: text(100),
  cap: emptyOr(capSchema),
  iban: emptyOr(ibanSchema),
  bic: emptyOr(bicSchema),
  bankName: text(100),
  useFingerprint: z.boolean(),
};

/** The birthday must agree with the fiscal code. */
function crossFieldChecks(values: { fiscalCode?: string; birthday?: string | null }, context: z.RefinementCtx) {
  const issue = fiscalCodeBirthdayIssue(values);
  if (issue) context.addIssue({ ...issue, input: values.fiscalCode });
}

/**
 * No password: nobody sets a colleague's password. A new employee gets a mail with a link to choose
 * their own (an invitation), and the email is where that link goes.
 */
export const employeeCreateBodySchema = z.object(employeeFields).superRefine(crossFieldChecks);

/**
 * An administrator made from the server's console (`npm run admin:create`): who they are; they choose their password
 * through the link they are sent, and complete the rest of their record in the app.
 */
export const administratorBodySchema = z.object({
  name: employeeFields.name,
  surname: employeeFields.surname,
  username: employeeFields.username,
  email: employeeFields.email,
});
export type AdministratorBody = z.infer<typeof administratorBodySchema>;
export type EmployeeCreateBody = z.input<typeof employeeCreateBodySchema>;

/**
 * Editing: shops and groups may be left out (unchanged), and must be for a former employee, whose
 * groups and shops only change with the type. A new email is only pending until the person confirms it.
 */
export const employeeUpdateBodySchema = z
  .object({
    ...employeeFields,
    shopId: employeeFields.shopId.optional(),
    shopIds: employeeFields.shopIds.optional(),
    groupIds: employeeFields.groupIds.optional(),
  })
  .superRefine(crossFieldChecks);
export type EmployeeUpdateBody = z.input<typeof employeeUpdateBodySchema>;

/**
 * OK → EX: the groups are replaced by Ex Dipendente and the shops left (both remembered); EX → OK:
 * the given groups and shops, or, when left out, the ones remembered.
 */
export const employeeTypeBodySchema = z.object({
  employeeType: employeeTypeSchema,
  groupIds: z.array(id).max(20).optional(),
  shopId: id.nullable().optional(),
  shopIds: z.array(id).max(100).optional(),
});
export type EmployeeTypeBody = z.infer<typeof employeeTypeBodySchema>;

// ---------------------------------------------------------------------------------------------
// Documents

export const employeeDocumentKindSchema = z.enum(employeeDocumentKinds);
export const singleDocumentKindSchema = z.enum(singleDocumentKinds);

export const employeeDocumentSchema = z.object({
  id: z.number().int(),
  kind: employeeDocumentKindSchema,
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedAt: z.iso.datetime(),
  uploadedBy: z.string().nullable(),
});
export type EmployeeDocument = z.infer<typeof employeeDocumentSchema>;
export const employeeDocumentAnswerSchema = dataOf(employeeDocumentSchema);
export const employeeDocumentsAnswerSchema = dataOf(
  z.object({
    documents: z.array(employeeDocumentSchema),
    /** Largest file accepted, in bytes. */
    maxBytes: z.number().int(),
  }),
);

export const employeeDocumentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  documentId: z.coerce.number().int().positive(),
});
export const singleDocumentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  kind: singleDocumentKindSchema,
});
export const documentFileQuerySchema = z.object({
  /** Any value asks for an attachment (download) instead of an inline preview. */
  download: text(10).optional(),
});

// ---------------------------------------------------------------------------------------------
// History

export const employeeHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.string().nullable(),
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type EmployeeHistoryEntry = z.infer<typeof employeeHistoryEntrySchema>;
export const employeeHistoryPageSchema = pageOf(employeeHistoryEntrySchema);
