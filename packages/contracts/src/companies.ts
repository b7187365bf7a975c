import { z } from 'zod';
import { dataOf, pageOf, paginationQuerySchema, requiredText, text } from './common';
import { vatNumberSchema } from './italian-identifiers';

// Companies (spec §2 Management › company, §3 Company): the legal entities the shops belong to.

export const companyListQuerySchema = paginationQuerySchema.extend({
  /** Matches the name, the company id or the VAT number. */
  search: text(100).optional(),
});

export const companyBodySchema = z.object({
  name: requiredText(200),
  /** The company id the other systems know it by (accounting, payslips); kept in capitals. */
  companyCode: requiredText(50).overwrite((value) => value.toUpperCase()),
  /** Partita IVA: 11 digits with its check digit. */
  vatNumber: vatNumberSchema,
});
export type CompanyBody = z.input<typeof companyBodySchema>;
export type CompanyValues = z.output<typeof companyBodySchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companyCode: z.string(),
  vatNumber: z.string(),
  /** Its shops, closed ones included: a company with shops cannot be deleted. */
  shopCount: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;
export const companyAnswerSchema = dataOf(companySchema);
export const companyPageSchema = pageOf(companySchema);

/** A company by name, for pickers outside the companies screens (payslips): names only, to anyone signed in. */
export const companyOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;
export const companyOptionsAnswerSchema = dataOf(z.array(companyOptionSchema));
