// The upload form of payslips and tax certificates: the company, the period (month and year for payslips, the year
// for tax certificates) and the consultant's PDF, checked with the contract's schema before anything is sent, and
// turned into the multipart fields the server reads before the file.
import { type PayslipKind, payslipUploadFieldsSchema, payslipUploadMaxBytes } from '@bottega/contracts/payslips';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { validateWith } from '../../lib/form-validation';
import { formatFileSize } from '../../lib/format-file-size';

export type UploadFormValues = {
  /** The company's id as the select keeps it; empty while none is chosen. */
  companyId: string;
  year: string;
  /** 1–12 as text; empty for a tax certificate. */
  month: string;
};

/** A payslip needs its month; a tax certificate has none. */
function schemaFor(kind: PayslipKind) {
  return kind === 'payslip'
    ? payslipUploadFieldsSchema.extend({ month: payslipUploadFieldsSchema.shape.month.unwrap() })
    : payslipUploadFieldsSchema.extend({ month: z.undefined() });
}

/** The values as the schema reads them: blanks are missing, not zero. */
function typed(kind: PayslipKind, values: UploadFormValues) {
  const blank = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    companyId: blank(values.companyId),
    year: blank(values.year),
    month: kind === 'payslip' ? blank(values.month) : undefined,
  };
}

/** Field → first message, worded as the server words it; empty when the form may be sent. */
export function uploadFormErrors(kind: PayslipKind, values: UploadFormValues, t: TFunction): Record<string, string> {
  const fields = typed(kind, values);
  const errors = validateWith(schemaFor(kind), fields, t);
  // A number left blank is missing (Zod's coercion would call it invalid).
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined && errors[field]) errors[field] = t('validation:required');
  }
  return errors;
}

/** The multipart fields sent with the file, in the contract's names; null when the values do not pass. */
export function uploadFieldsOf(kind: PayslipKind, values: UploadFormValues): Record<string, string> | null {
  const parsed = schemaFor(kind).safeParse(typed(kind, values));
  if (!parsed.success) return null;
  const fields: Record<string, string> = { companyId: String(parsed.data.companyId), year: String(parsed.data.year) };
  if (parsed.data.month !== undefined) fields.month = String(parsed.data.month);
  return fields;
}

/** The largest file taken, as text: isolated left to right, so "50,0 MiB" keeps its order inside Arabic text. */
export const maxUploadText = `\u2066${formatFileSize(payslipUploadMaxBytes)}\u2069`;

/** Why a chosen file cannot be sent (checked here only to answer at once: the server reads the content). */
export function uploadFileProblem(file: Pick<File, 'name' | 'size' | 'type'>, t: TFunction): string | null {
  const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!pdf) return t('errors:payslipPdfRequired');
  if (file.size > payslipUploadMaxBytes) return t('errors:fileTooLarge', { max: maxUploadText });
  if (file.size === 0) return t('errors:payslipPdfRequired');
  return null;
}
