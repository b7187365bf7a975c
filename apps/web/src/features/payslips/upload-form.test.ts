import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { uploadFieldsOf, uploadFileProblem, uploadFormErrors } from './upload-form';

// The key and its values stand in for the text: enough to see which message was chosen.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('the upload form', () => {
  it('sends company, year and month for payslips', () => {
    const values = { companyId: '2', year: '2026', month: '3' };
    expect(uploadFormErrors('payslip', values, t)).toEqual({});
    expect(uploadFieldsOf('payslip', values)).toEqual({ companyId: '2', year: '2026', month: '3' });
  });

  it('needs the month of a payslip, and leaves it out of a tax certificate', () => {
    expect(uploadFormErrors('payslip', { companyId: '2', year: '2026', month: '' }, t)).toEqual({
      month: 'validation:required',
    });
    expect(uploadFieldsOf('payslip', { companyId: '2', year: '2026', month: '' })).toBeNull();
    expect(uploadFieldsOf('taxCertificate', { companyId: '2', year: '2025', month: '3' })).toEqual({
      companyId: '2',
      year: '2025',
    });
  });

  it('calls a blank company required and an impossible year out of range', () => {
    const errors = uploadFormErrors('taxCertificate', { companyId: '', year: '1999', month: '' }, t);
    expect(errors.companyId).toBe('validation:required');
    expect(errors.year).toBe('validation:min {"min":2000}');
  });

  it('answers at once for a file that is not a PDF, empty or too large', () => {
    expect(uploadFileProblem({ name: 'marzo.pdf', size: 1000, type: 'application/pdf' }, t)).toBeNull();
    expect(uploadFileProblem({ name: 'MARZO.PDF', size: 1000, type: '' }, t)).toBeNull();
    expect(uploadFileProblem({ name: 'marzo.docx', size: 1000, type: 'application/msword' }, t)).toBe(
      'errors:payslipPdfRequired',
    );
    expect(uploadFileProblem({ name: 'vuoto.pdf', size: 0, type: 'application/pdf' }, t)).toBe(
      'errors:payslipPdfRequired',
    );
    expect(uploadFileProblem({ name: 'scan.pdf', size: 60 * 1024 * 1024, type: 'application/pdf' }, t)).toBe(
      `errors:fileTooLarge {"max":"\u206650,0 MiB\u2069"}`,
    );
  });
});
