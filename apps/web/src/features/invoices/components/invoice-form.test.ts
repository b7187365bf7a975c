import type { Invoice } from '@bottega/contracts/invoices';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  emptyInvoiceForm,
  type InvoiceFormValues,
  invoiceBodyOf,
  invoiceCustomerOf,
  invoiceFieldShown,
  invoiceFormOf,
  validateInvoiceCustomer,
  validateInvoiceForm,
} from './invoice-form';

const t = ((key: string) => key) as unknown as TFunction;

const address = { street: 'Via Roma', streetNumber: '1', cap: '20121', city: 'Milano', province: 'mi' };

function person(values: Partial<InvoiceFormValues> = {}): InvoiceFormValues {
  return {
    ...emptyInvoiceForm(),
    ...address,
    name: 'Mario',
    surname: 'Rossi',
    fiscalCode: 'RSSMRA85T10A562S',
    ...values,
  };
}

function company(values: Partial<InvoiceFormValues> = {}): InvoiceFormValues {
  return {
    ...emptyInvoiceForm(),
    ...address,
    customerType: 'company',
    name: 'Rossi S.r.l.',
    vatNumber: '01234567897',
    sdiCode: 'M5UXCR1',
    ...values,
  };
}

describe('the invoice request form', () => {
  it('starts as a private person in Italy with nothing typed', () => {
    const values = emptyInvoiceForm();
    expect(values.customerType).toBe('person');
    expect(values.state).toBe('IT');
    expect(values.name).toBe('');
    expect(validateInvoiceForm(7, values, t)).toMatchObject({
      name: 'validation:required',
      surname: 'validation:required',
      fiscalCode: 'validation:required',
      street: 'validation:required',
      cap: 'validation:cap',
      // An Italian address needs its province; a foreign one does not.
      province: 'validation:required',
    });
    expect(validateInvoiceForm(7, person({ province: 'milano' }), t)).toEqual({ province: 'validation:province' });
  });

  it('asks a foreign customer for neither fiscal code, VAT number, SDI code nor province', () => {
    const foreign = { state: 'de', province: '', fiscalCode: '', cap: '10117', city: 'Berlin' };
    expect(validateInvoiceForm(7, person(foreign), t)).toEqual({});
    expect(validateInvoiceForm(7, company({ ...foreign, vatNumber: '', sdiCode: '' }), t)).toEqual({});
    expect(validateInvoiceCustomer(person(foreign), t)).toEqual({});
    expect(invoiceCustomerOf(person(foreign))).not.toHaveProperty('receiptId');
  });

  it('lets a complete private person and a complete company through', () => {
    expect(validateInvoiceForm(7, person(), t)).toEqual({});
    expect(validateInvoiceForm(7, company(), t)).toEqual({});
    // A company without an SDI code is invoiced on its PEC.
    expect(validateInvoiceForm(7, company({ sdiCode: '', pec: 'rossi@pec.it' }), t)).toEqual({});
  });

  it('words the identifiers and codes with the rules the server uses', () => {
    expect(validateInvoiceForm(7, person({ fiscalCode: 'RSSMRA85T10A562T' }), t)).toEqual({
      fiscalCode: 'validation:fiscalCodeCheck',
    });
    expect(validateInvoiceForm(7, company({ vatNumber: '01234567890' }), t)).toEqual({
      vatNumber: 'validation:vatNumberCheck',
    });
    expect(validateInvoiceForm(7, company({ sdiCode: 'ABC' }), t)).toEqual({ sdiCode: 'validation:sdiCode' });
    expect(validateInvoiceForm(7, person({ email: 'not-an-email', telephone: 'abc' }), t)).toEqual({
      email: 'validation:email',
      telephone: 'validation:phone',
    });
  });

  it('asks a company for its VAT number and for an SDI code or a PEC', () => {
    expect(validateInvoiceForm(7, company({ vatNumber: '', sdiCode: '', pec: '' }), t)).toEqual({
      vatNumber: 'validation:required',
      sdiCode: 'validation:required',
    });
    expect(validateInvoiceForm(7, company({ sdiCode: '0000000' }), t)).toEqual({ sdiCode: 'validation:required' });
  });

  it('sends nothing of what the customer type hides', () => {
    expect(invoiceFieldShown('person', 'vatNumber')).toBe(false);
    expect(invoiceFieldShown('company', 'surname')).toBe(false);
    expect(invoiceFieldShown('company', 'fiscalCode')).toBe(true);
    // Typed as a company, then switched to a person: the VAT number stays out.
    const body = invoiceBodyOf(12, person({ vatNumber: '01234567897' }));
    expect(body).toMatchObject({ receiptId: 12, customerType: 'person', vatNumber: '', surname: 'Rossi' });
    expect(invoiceBodyOf(12, company({ surname: 'Rossi' })).surname).toBe('');
  });

  it('fills the form from a stored request', () => {
    const invoice = {
      ...company(),
      id: 3,
      reportId: 1,
      shopId: 1,
      receiptId: 12,
      receiptNumber: 5,
      registerCode: '01',
      receiptDate: '2026-11-22',
      amountCents: 1250,
      fiscalCode: '',
      surname: '',
      email: '',
      telephone: '',
      pec: '',
      blocked: false,
      createdBy: null,
      createdAt: '2026-11-22T10:00:00Z',
      number: null,
      year: null,
      invoiceDate: null,
      confirmedBy: null,
      confirmedAt: null,
    } satisfies Invoice;
    const values = invoiceFormOf(invoice);
    expect(values).toEqual(company({ fiscalCode: '', surname: '' }));
    expect(Object.keys(values).sort()).toEqual(Object.keys(emptyInvoiceForm()).sort());
  });
});
