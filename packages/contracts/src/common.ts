import { z } from 'zod';

// Shared building blocks for every area's contracts.

export const languages = ['it', 'en', 'de', 'bg', 'ar'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'it';
export const rtlLanguages: readonly Language[] = ['ar'];

export const languageSchema = z.enum(languages);

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
 * brackets between them; 6 to 15 digits. Stored as typed, trimmed.
 */
export const phoneSchema = z
  .string()
  .trim()
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
