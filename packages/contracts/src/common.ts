import { z } from 'zod';
import { defaultLanguage, languages } from './languages';

// Shared building blocks for every area's contracts.

export { defaultLanguage, type Language, languages, rtlLanguages } from './languages';

export const languageSchema = z.enum(languages);
/** A language as stored with a person or a link: the default one when it is none of ours (an old row). */
export const storedLanguageSchema = languageSchema.catch(defaultLanguage);

/**
 * What no text a person types may hold: control characters (\p{Cc}: NUL, which PostgreSQL refuses outright,
 * and the rest, invisible and breaking exports) and UTF-16 halves without their pair (\p{Cs}: a lone surrogate
 * cannot be stored as UTF-8; with the `u` flag a paired one is a single code point, so only lone ones match).
 * Multi-line text keeps tab, line feed and carriage return.
 */
const forbiddenInLine = /[\p{Cc}\p{Cs}]/u;
const forbiddenInMultiLine = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
const loneSurrogate = /\p{Cs}/u;

/** Whether a value is text a person could have typed (see `text`); `multiLine` allows tab and line breaks. */
export function isTypedText(value: string, options: { multiLine?: boolean } = {}): boolean {
  return !(options.multiLine ? forbiddenInMultiLine : forbiddenInLine).test(value);
}

/** Whether a value holds NUL or a lone surrogate, which no database column can store. */
export function isUnstorableText(value: string): boolean {
  return value.includes('\u0000') || loneSurrogate.test(value);
}

/**
 * The one primitive for free text coming in (bodies, queries, params): trimmed (unless `trim: false`, for
 * passwords), at most `max` characters, and only characters a person could have typed — anything else is
 * the `textCharacters` rule (locales/<lng>/validation.json), naming the field, instead of a database error.
 */
export function text(max: number, options: { multiLine?: boolean; trim?: boolean } = {}) {
  const base = options.trim === false ? z.string() : z.string().trim();
  return base.max(max).superRefine((value, context) => {
    if (isTypedText(value, options)) return;
    context.addIssue({ code: 'custom', message: 'textCharacters', params: { rule: 'textCharacters' }, input: value });
  });
}

/** `text` that must not be empty. */
export const requiredText = (max: number, options: { multiLine?: boolean } = {}) => text(max, options).min(1);

/** A calendar date as stored and sent: YYYY-MM-DD. */
export const isoDateSchema = z.iso.date();

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});

export const paginationMetaSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});

export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: paginationMetaSchema });
}

export const okSchema = dataOf(z.object({ ok: z.literal(true) }));

/**
 * A phone number as people type it: an optional leading +, digits, and spaces, dots, dashes or
 * brackets between them; 6 to 15 digits. Stored as typed, trimmed, so the separators are bounded too.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(40)
  .superRefine((value, context) => {
    const digits = value.replace(/\D/g, '');
    if (/^\+?[\d\s().-]+$/.test(value) && digits.length >= 6 && digits.length <= 15) return;
    context.addIssue({ code: 'custom', message: 'phone', params: { rule: 'phone', reason: 'format' }, input: value });
  });

/**
 * Empty, or valid by `schema`: for optional fields with a format (a shop's phone, an IP address).
 * The value is trimmed first; the schema's issues keep their rule and reason, so the message is
 * the same as for a required field.
 */
export function emptyOr(schema: z.ZodType<string, string>) {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '') return '';
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      // The issues keep their code (an email's format, a custom check's rule), so they map to the same message.
      for (const issue of result.error.issues) {
        context.addIssue({ ...issue, input: value } as Parameters<typeof context.addIssue>[0]);
      }
      return z.NEVER;
    });
}
