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
