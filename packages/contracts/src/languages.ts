// The five languages of spec §9, without Zod: the web's first load (sign-in page, i18n set-up) reads
// them and must not carry the schema library for four constants. common.ts re-exports them.

export const languages = ['it', 'en', 'de', 'bg', 'ar'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'it';
export const rtlLanguages: readonly Language[] = ['ar'];
