// The invoice request of one receipt (spec §3 Invoice): a private customer (name, surname, fiscal code) or a
// business (name, VAT number, SDI code or PEC), with the address and contacts. Checked with the contract's
// schema while typing and saved to the report; the server's field errors land on the inputs, and nothing typed
// is lost when a save is refused. Read-only when the day may not change or accounting blocked the request.
import type { Invoice } from '@bottega/contracts/invoices';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { useSaveInvoice } from '../invoices.api';
import { InvoiceCustomerFields } from './invoice-customer-fields';
import {
  emptyInvoiceForm,
  type InvoiceFormValues,
  invoiceBodyOf,
  invoiceFormOf,
  validateInvoiceForm,
} from './invoice-form';

/** The receipt the request is for, as the receipts list or the invoice shows it. */
export type InvoiceReceipt = {
  id: number;
  registerCode: string;
  receiptNumber: number;
  /** When it was issued, when known (the receipts list); else the business day it belongs to. */
  issuedAt: string | null;
  businessDate: string;
  totalCents: number;
};

export function receiptOfInvoice(invoice: Invoice): InvoiceReceipt {
  return {
    id: invoice.receiptId,
    registerCode: invoice.registerCode,
    receiptNumber: invoice.receiptNumber,
    issuedAt: null,
    businessDate: invoice.receiptDate,
    totalCents: invoice.amountCents,
  };
}

export type InvoiceModalTarget = { receipt: InvoiceReceipt; invoice: Invoice | null };

/** Opened for `target` (a new request when it has no invoice), closed when null. */
export function InvoiceRequestModal(props: {
  reportId: number;
  target: InvoiceModalTarget | null;
  /** The report may change now (open day, or a correction by who may edit reports). */
  writable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['invoices', 'validation', 'errors']);
  const { target } = props;
  const title = target?.invoice ? t('form.editTitle') : t('form.newTitle');
  return (
    <Modal opened={target !== null} onClose={props.onClose} title={title} size="lg" centered>
      {target && (
        <InvoiceRequestForm
          key={`${target.receipt.id}-${target.invoice?.id ?? 'new'}`}
          reportId={props.reportId}
          target={target}
          readOnly={!props.writable || Boolean(target.invoice?.blocked) || Boolean(target.invoice?.confirmedAt)}
          onClose={props.onClose}
        />
      )}
    </Modal>
  );
}

function InvoiceRequestForm(props: {
  reportId: number;
  target: InvoiceModalTarget;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['invoices', 'validation', 'errors']);
  const { receipt, invoice } = props.target;
  const save = useSaveInvoice(props.reportId, invoice?.id ?? null);
  const form = useForm<InvoiceFormValues>({
    initialValues: invoice ? invoiceFormOf(invoice) : emptyInvoiceForm(),
    validate: (values) => validateInvoiceForm(receipt.id, values, t),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(invoiceBodyOf(receipt.id, values), {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: t(invoice ? 'form.updated' : 'form.requested', { number: receipt.receiptNumber }),
        });
        props.onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );

  const refusal = save.error && !(save.error instanceof ApiError && save.error.code === 'validation');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="invoice-receipt">
          {t('form.receipt', { number: receipt.receiptNumber, register: receipt.registerCode })}
          {` · ${receipt.issuedAt ? formatDateTime(receipt.issuedAt) : formatDate(receipt.businessDate)}`}
          {' · '}
          <Money cents={receipt.totalCents} />
        </Text>
        {invoice?.blocked && (
          <Alert color="orange" icon={<IconLock size={18} />} data-testid="invoice-blocked-note">
            {t('form.blockedNote')}
          </Alert>
        )}
        <InvoiceCustomerFields form={form} readOnly={props.readOnly} />
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="invoice-error">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {props.readOnly ? t('form.close') : t('common:actions.cancel')}
          </Button>
          {!props.readOnly && (
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="invoice-save"
            >
              {invoice ? t('form.save') : t('form.request')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
