// Accountancy › invoices/{invoiceID}/edit: one invoice request with its receipt, the customer's data (§3 Invoice)
// checked with the contract's schema as the server checks it, saved, and confirmed after a question: then it has
// its number and its FatturaPA XML to download, and nothing changes any more. A blocked request is read-only.
import type { Invoice } from '@bottega/contracts/invoices';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowBack, IconCircleCheck, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors } from '../../../lib/form-validation';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { useAuthUser } from '../../auth/auth.api';
import { InvoiceCustomerFields } from '../components/invoice-customer-fields';
import {
  type InvoiceFormValues,
  invoiceCustomerOf,
  invoiceFormOf,
  validateInvoiceCustomer,
} from '../components/invoice-form';
import { invoiceCustomerName } from '../components/invoices-card';
import { useConfirmInvoice, useEditInvoice, useInvoice } from '../invoices.api';

export default function InvoiceEditPage() {
  const { t } = useTranslation(['invoices', 'errors']);
  const invoiceId = Number(useParams().invoiceID);
  const invoice = useInvoice(invoiceId);
  return (
    <>
      <PageHeader
        title={t('edit.title')}
        description={t('edit.description')}
        actions={
          <Anchor component={Link} to="/app/invoices/check" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowBack size={16} />
              {t('edit.back')}
            </Group>
          </Anchor>
        }
      />
      {invoice.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(invoice.error, t)}
        </Alert>
      ) : invoice.isPending ? (
        <Skeleton h={320} />
      ) : (
        <InvoiceEditor key={`${invoice.data.id}-${invoice.data.confirmedAt}`} invoice={invoice.data} />
      )}
    </>
  );
}

function InvoiceEditor({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(['invoices', 'validation', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const navigate = useNavigate();
  const edit = useEditInvoice(invoice.id);
  const confirm = useConfirmInvoice();
  const [asking, setAsking] = useState(false);
  // The buttons sit at the top with the receipt, away from the toasts at the bottom; the save submits the form.
  const formId = useId();
  const confirmed = invoice.confirmedAt !== null;
  const readOnly = confirmed || invoice.blocked || !can.has('shops.invoices.edit');
  const form = useForm<InvoiceFormValues>({
    initialValues: invoiceFormOf(invoice),
    validate: (values) => validateInvoiceCustomer(values, t),
  });

  const submit = form.onSubmit((values) =>
    edit.mutate(invoiceCustomerOf(values), {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('edit.saved', { number: saved.receiptNumber }) });
        form.resetDirty();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );
  const refusal = edit.error && !(edit.error instanceof ApiError && edit.error.code === 'validation');

  const confirmNow = () =>
    confirm.mutate(invoice.id, {
      onSuccess: (done) => {
        setAsking(false);
        notifications.show({ color: 'green', message: t('check.confirmed', { number: done.number, year: done.year }) });
        void navigate('/app/invoices/check');
      },
    });

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} data-testid="invoice-edit-receipt">
              <bdi>{invoiceCustomerName(invoice)}</bdi>
            </Text>
            <Text size="sm" c="dimmed">
              {t('form.receipt', { number: invoice.receiptNumber, register: invoice.registerCode })}
              {` · ${formatDate(invoice.receiptDate)} · `}
              <Money cents={invoice.amountCents} />
              {invoice.createdBy ? ` · ${t('list.by', { name: invoice.createdBy })}` : ''}
            </Text>
          </div>
          {!confirmed && !invoice.blocked && (
            <Group gap="sm">
              {!readOnly && (
                <Button
                  type="submit"
                  form={formId}
                  variant="default"
                  loading={edit.isPending}
                  leftSection={<IconDeviceFloppy size={16} />}
                  data-testid="invoice-save"
                >
                  {t('form.save')}
                </Button>
              )}
              {can.has('shops.invoices.check') && (
                <Button
                  leftSection={<IconCircleCheck size={16} />}
                  disabled={form.isDirty()}
                  title={form.isDirty() ? t('edit.saveFirst') : undefined}
                  onClick={() => {
                    confirm.reset();
                    setAsking(true);
                  }}
                  data-testid="invoice-confirm"
                >
                  {t('check.confirm')}
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Card>
      {confirmed && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="invoice-confirmed-note">
          {t('edit.confirmedNote', {
            number: invoice.number,
            year: invoice.year,
            date: formatDate(invoice.invoiceDate),
            name: invoice.confirmedBy ?? '—',
            at: invoice.confirmedAt ? formatDateTime(invoice.confirmedAt) : '',
          })}{' '}
          <Anchor component={Link} to="/app/invoices/archive">
            {t('edit.toArchive')}
          </Anchor>
        </Alert>
      )}
      {invoice.blocked && !confirmed && (
        <Alert color="orange" icon={<IconLock size={18} />} data-testid="invoice-blocked-note">
          {t('edit.blockedNote')}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <form id={formId} onSubmit={submit} noValidate>
          <Stack gap="sm">
            <InvoiceCustomerFields form={form} readOnly={readOnly} />
            {refusal && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="invoice-error">
                {errorMessage(edit.error, t)}
              </Alert>
            )}
          </Stack>
        </form>
      </Card>
      <ConfirmModal
        opened={asking}
        title={t('check.confirmTitle')}
        message={t('check.confirmMessage', { name: invoiceCustomerName(invoice), number: invoice.receiptNumber })}
        confirmLabel={t('check.confirm')}
        loading={confirm.isPending}
        error={confirm.error ? errorMessage(confirm.error, t) : null}
        onConfirm={confirmNow}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
