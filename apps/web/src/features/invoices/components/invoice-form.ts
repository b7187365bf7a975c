// The invoice request form (spec §3 Invoice): what the screen keeps while a person types, turned into the
// contract's body, which the form checks with the server's own schema before sending. A private customer is
// invoiced on the fiscal code, a business on its VAT number: the fields of the other kind are not sent.
import {
  type Invoice,
  type InvoiceBody,
  type InvoiceCustomer,
  type InvoiceCustomerType,
  invoiceBodySchema,
  invoiceCustomerSchema,
} from '@bottega/contracts/invoices';
import type { TFunction } from 'i18next';
import { validateWith } from '../../../lib/form-validation';

/** Field names are the body's, so the schema's and the server's errors land on the right input. */
export type InvoiceFormValues = {
  customerType: InvoiceCustomerType;
  name: string;
  surname: string;
  fiscalCode: string;
  vatNumber: string;
  street: string;
  streetNumber: string;
  cap: string;
  city: string;
  province: string;
  state: string;
  email: string;
  telephone: string;
  sdiCode: string;
  pec: string;
};

/** The inputs in the order the form shows them. */
export const invoiceFieldNames = [
  'name',
  'surname',
  'fiscalCode',
  'vatNumber',
  'street',
  'streetNumber',
  'cap',
  'city',
  'province',
  'state',
  'email',
  'telephone',
  'sdiCode',
  'pec',
] as const satisfies readonly (keyof InvoiceFormValues)[];
export type InvoiceFieldName = (typeof invoiceFieldNames)[number];

/** Which inputs a customer type shows: a company has no surname, a private person no VAT number. */
export function invoiceFieldShown(customerType: InvoiceCustomerType, field: InvoiceFieldName): boolean {
  if (field === 'surname') return customerType === 'person';
  if (field === 'vatNumber') return customerType === 'company';
  return true;
}

export function emptyInvoiceForm(): InvoiceFormValues {
  return {
    customerType: 'person',
    name: '',
    surname: '',
    fiscalCode: '',
    vatNumber: '',
    street: '',
    streetNumber: '',
    cap: '',
    city: '',
    province: '',
    state: 'IT',
    email: '',
    telephone: '',
    sdiCode: '',
    pec: '',
  };
}

export function invoiceFormOf(invoice: Invoice): InvoiceFormValues {
  const values = emptyInvoiceForm();
  for (const field of invoiceFieldNames) values[field] = invoice[field];
  values.customerType = invoice.customerType;
  return values;
}

/** The body sent for the receipt: the inputs the customer type hides go empty. */
export function invoiceBodyOf(receiptId: number, values: InvoiceFormValues): InvoiceBody {
  const body: InvoiceBody = { receiptId, ...values };
  for (const field of invoiceFieldNames) {
    if (!invoiceFieldShown(values.customerType, field)) body[field] = '';
  }
  return body;
}

/** Field → first message, worded as the server would; empty when the request may be sent. */
export function validateInvoiceForm(receiptId: number, values: InvoiceFormValues, t: TFunction) {
  return validateWith(invoiceBodySchema, invoiceBodyOf(receiptId, values), t);
}

/** Accounting's edit (invoices/{id}/edit): the customer's data alone, the receipt stays. */
export function invoiceCustomerOf(values: InvoiceFormValues): InvoiceCustomer {
  const { receiptId: _receiptId, ...customer } = invoiceBodyOf(0, values);
  return customer;
}

export function validateInvoiceCustomer(values: InvoiceFormValues, t: TFunction) {
  return validateWith(invoiceCustomerSchema, invoiceCustomerOf(values), t);
}
