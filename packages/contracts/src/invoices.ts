import { z } from 'zod';
import {
  dataOf,
  emptyOr,
  idParamSchema,
  isoDateSchema,
  pageOf,
  paginationQuerySchema,
  phoneSchema,
  requiredText,
  text,
} from './common';
import { isoMonthSchema } from './dates';
import { capSchema, fiscalCodeSchema, vatNumberSchema } from './italian-identifiers';

// Invoice requests (spec §3 Invoice): a customer who paid with a receipt asks for an invoice of it. Shop staff
// enter the customer's data from the daily cash report's receipts; accounting checks, blocks or unblocks them.

/** A private customer invoices on the fiscal code; a business on its VAT number, to an SDI code or a PEC. */
export const invoiceCustomerTypes = ['person', 'company'] as const;
export type InvoiceCustomerType = (typeof invoiceCustomerTypes)[number];

/** Upper-cased text matching `pattern`, else a custom issue naming its validation rule (and message). */
function codeSchema(rule: 'sdiCode' | 'province' | 'invalid', pattern: RegExp) {
  return z
    .string()
    .trim()
    .overwrite((value) => value.toUpperCase())
    .superRefine((value, context) => {
      if (pattern.test(value)) return;
      context.addIssue({ code: 'custom', message: rule, params: { rule }, input: value });
    });
}

/** SdI recipient code: 7 letters or digits ("0000000" when the invoice goes to a PEC or to a private person). */
export const sdiCodeSchema = codeSchema('sdiCode', /^[A-Z0-9]{7}$/);
export const noSdiCode = '0000000';

/** Italian province: two letters (MI, RM …). */
export const provinceSchema = codeSchema('province', /^[A-Z]{2}$/);

/** The customer's data (spec §3 Invoice) as shop staff enter it and accounting corrects it. */
const invoiceCustomerShape = z.object({
  customerType: z.enum(invoiceCustomerTypes),
  /** A person's first name, or a company's name. */
  name: requiredText(200),
  surname: text(100).default(''),
  fiscalCode: emptyOr(fiscalCodeSchema).default(''),
  vatNumber: emptyOr(vatNumberSchema).default(''),
  street: requiredText(200),
  streetNumber: requiredText(20),
  cap: capSchema,
  city: requiredText(100),
  /** Required for an Italian address; a foreign one may leave it empty. */
  province: emptyOr(provinceSchema).default(''),
  /** ISO country code of the address: IT, or a foreign customer's country. */
  state: codeSchema('invalid', /^[A-Z]{2}$/).default('IT'),
  email: emptyOr(z.email().max(254)).default(''),
  telephone: emptyOr(phoneSchema).default(''),
  sdiCode: emptyOr(sdiCodeSchema).default(''),
  pec: emptyOr(z.email().max(254)).default(''),
});

/**
 * The identifiers an invoice needs: an Italian person their codice fiscale, an Italian business its partita
 * IVA and an SDI code or a PEC, an Italian address its province. A foreign customer (state other than IT) is
 * reached by the SdI's "XXXXXXX" and needs none of the Italian identifiers.
 */
function refineCustomer(body: z.output<typeof invoiceCustomerShape>, context: z.RefinementCtx) {
  const require = (path: 'surname' | 'fiscalCode' | 'vatNumber' | 'sdiCode' | 'province') =>
    context.addIssue({ code: 'custom', message: 'required', params: { rule: 'required' }, path: [path], input: '' });
  const italian = body.state === 'IT';
  if (italian && !body.province) require('province');
  if (body.customerType === 'person') {
    if (!body.surname) require('surname');
    if (italian && !body.fiscalCode) require('fiscalCode');
  } else if (italian) {
    if (!body.vatNumber) require('vatNumber');
    // A business receives the invoice through the SdI: its code, or "0000000" with a PEC.
    if ((!body.sdiCode || body.sdiCode === noSdiCode) && !body.pec) require('sdiCode');
  }
}

export const invoiceBodySchema = invoiceCustomerShape
  .extend({ receiptId: z.number().int().positive() })
  .superRefine(refineCustomer);
/** Accounting's edit of a request (invoices/{id}/edit): the customer's data; the receipt stays. */
export const invoiceCustomerSchema = invoiceCustomerShape.superRefine(refineCustomer);
export type InvoiceCustomer = z.input<typeof invoiceCustomerSchema>;
export type InvoiceBody = z.input<typeof invoiceBodySchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  shopId: z.number().int(),
  receiptId: z.number().int(),
  receiptNumber: z.number().int(),
  registerCode: z.string(),
  receiptDate: z.string(),
  amountCents: z.number().int(),
  customerType: z.enum(invoiceCustomerTypes),
  name: z.string(),
  surname: z.string(),
  fiscalCode: z.string(),
  vatNumber: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  cap: z.string(),
  city: z.string(),
  province: z.string(),
  state: z.string(),
  email: z.string(),
  telephone: z.string(),
  sdiCode: z.string(),
  pec: z.string(),
  blocked: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The progressive number per company and year, given on confirmation; null while it is a request. */
  number: z.number().int().nullable(),
  year: z.number().int().nullable(),
  invoiceDate: isoDateSchema.nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceAnswerSchema = dataOf(invoiceSchema);
export const invoicesAnswerSchema = dataOf(z.array(invoiceSchema));
export const invoiceParamsSchema = z.object({
  reportId: z.coerce.number().int().positive(),
  invoiceId: z.coerce.number().int().positive(),
});

/** An invoice as the check list and the archive show it: with its shop. */
export const invoiceListItemSchema = invoiceSchema.extend({
  shopName: z.string(),
  /** The XML's name as the SdI names it (IT<VAT>_<progressive>.xml), once confirmed. */
  xmlFileName: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export const invoicePageSchema = pageOf(invoiceListItemSchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;
export const invoiceIdParamsSchema = idParamSchema;

/** invoices/check: the requests not yet confirmed nor blocked, oldest receipt first. */
export const invoiceCheckQuerySchema = paginationQuerySchema.extend({
  shopId: z.coerce.number().int().positive().optional(),
});
export type InvoiceCheckQuery = z.input<typeof invoiceCheckQuerySchema>;

/** invoices/archive: the confirmed invoices by shop and month of the invoice date, newest number first. */
export const invoiceArchiveQuerySchema = paginationQuerySchema.extend({
  shopId: z.coerce.number().int().positive().optional(),
  month: isoMonthSchema.optional(),
});
export type InvoiceArchiveQuery = z.input<typeof invoiceArchiveQuerySchema>;
