// The report's invoice requests: who asked, for which receipt, how much, and whether accounting blocked it.
// While the day may change a request can be edited or deleted (after confirming); those who check invoices
// (shops.invoices.check) block and unblock them. New requests start from a sale in the receipts tab. Once
// accounting confirms one (invoices/check) it shows its number and stays as it is.
import type { CashReport } from '@bottega/contracts/cash-register';
import type { Invoice } from '@bottega/contracts/invoices';
import { Alert, Badge, Card, EmptyState, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconEye,
  IconFileInvoice,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { Money } from '../../../ui/money';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { useDeleteInvoice, useReportInvoices, useSetInvoiceBlocked } from '../invoices.api';
import { type InvoiceModalTarget, InvoiceRequestModal, receiptOfInvoice } from './invoice-request-modal';

/** How a request is named in the list and in the questions: the company, or the person's full name. */
export function invoiceCustomerName(invoice: Invoice): string {
  return invoice.customerType === 'company' ? invoice.name : `${invoice.name} ${invoice.surname}`.trim();
}

export function InvoicesCard({ report }: { report: CashReport }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const canView = can.has('shops.invoices.view');
  const invoices = useReportInvoices(report.id, canView);
  const canCheck = can.has('shops.invoices.check');
  // Requests are entered by the shop's staff (the daily close), on an open day or as a correction of a closed one.
  const writable = can.has('shops.cashRegister.dailyClose') && (report.status !== 'closed' || report.can.correct);
  const [target, setTarget] = useState<InvoiceModalTarget | null>(null);
  const deletion = useDeleteConfirmation(useDeleteInvoice(report.id), (invoice: Invoice) =>
    t('list.deleteName', { number: invoice.receiptNumber, name: invoiceCustomerName(invoice) }),
  );
  const setBlocked = useSetInvoiceBlocked(report.id);
  const [busyId, setBusyId] = useState<number | null>(null);

  const toggleBlocked = (invoice: Invoice) => {
    setBusyId(invoice.id);
    setBlocked.mutate(
      { invoiceId: invoice.id, blocked: !invoice.blocked },
      {
        onSuccess: (changed) =>
          notifications.show({
            color: 'green',
            message: t(changed.blocked ? 'list.blockedDone' : 'list.unblockedDone', {
              number: changed.receiptNumber,
            }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t) }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  if (!canView) return null;
  const rows = invoices.data ?? [];
  return (
    <Card withBorder padding="lg" data-testid="invoices-card">
      <Group gap="sm" mb={4} wrap="nowrap">
        <IconFileInvoice size={22} color="var(--mantine-color-dimmed)" />
        <Title order={2} size="h4">
          {t('list.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {writable ? t('list.description') : t('list.descriptionReadOnly')}
      </Text>
      {invoices.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(invoices.error, t)}
        </Alert>
      ) : invoices.isPending ? (
        <Stack gap="sm">
          <Skeleton h={18} />
          <Skeleton h={18} w="70%" />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState py="md" icon={<IconFileInvoice size={28} />} title={t('list.empty')} data-testid="invoices-empty" />
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs" data-testid="invoices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.customer')}</Table.Th>
                <Table.Th>{t('list.receipt')}</Table.Th>
                <Table.Th ta="end">{t('list.amount')}</Table.Th>
                <Table.Th>{t('list.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((invoice) => {
                const name = invoiceCustomerName(invoice);
                // A confirmed invoice has its number and XML: nobody changes, deletes or blocks it any more.
                const confirmed = invoice.confirmedAt !== null;
                const changeable = writable && !invoice.blocked && !confirmed;
                return (
                  <Table.Tr key={invoice.id} data-testid={`invoice-${invoice.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        <bdi>{name}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        <bdi dir="ltr">
                          {invoice.customerType === 'company' ? invoice.vatNumber : invoice.fiscalCode}
                        </bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {t('list.receiptNumber', { number: invoice.receiptNumber, register: invoice.registerCode })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDate(invoice.receiptDate)}
                        {invoice.createdBy && ` · ${t('list.by', { name: invoice.createdBy })}`}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      <Money cents={invoice.amountCents} />
                    </Table.Td>
                    <Table.Td>
                      {confirmed ? (
                        <Badge color="teal" variant="light" data-testid={`invoice-confirmed-${invoice.id}`}>
                          {t('confirmedNumber', { number: invoice.number, year: invoice.year })}
                        </Badge>
                      ) : invoice.blocked ? (
                        <Badge color="orange" variant="light" leftSection={<IconLock size={12} />}>
                          {t('blocked')}
                        </Badge>
                      ) : (
                        <Badge color="blue" variant="light">
                          {t('requested')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        <RowAction
                          label={changeable ? t('list.edit') : t('list.view')}
                          subject={name}
                          icon={changeable ? <IconPencil size={18} /> : <IconEye size={18} />}
                          onClick={() => setTarget({ receipt: receiptOfInvoice(invoice), invoice })}
                          testId={`invoice-edit-${invoice.id}`}
                        />
                        {canCheck && !confirmed && (
                          <RowAction
                            label={invoice.blocked ? t('list.unblock') : t('list.block')}
                            subject={name}
                            icon={invoice.blocked ? <IconLockOpen size={18} /> : <IconLock size={18} />}
                            color={invoice.blocked ? 'teal' : 'orange'}
                            loading={busyId === invoice.id}
                            onClick={() => toggleBlocked(invoice)}
                            testId={`invoice-${invoice.blocked ? 'unblock' : 'block'}-${invoice.id}`}
                          />
                        )}
                        {changeable && (
                          <RowAction
                            label={t('list.delete')}
                            subject={name}
                            icon={<IconTrash size={18} />}
                            color="red"
                            onClick={() => deletion.ask(invoice)}
                            testId={`invoice-delete-${invoice.id}`}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <InvoiceRequestModal reportId={report.id} target={target} writable={writable} onClose={() => setTarget(null)} />
      <DeleteConfirmationModal
        deletion={deletion}
        t={t}
        texts={{
          title: 'list.deleteTitle',
          message: 'list.deleteMessage',
          confirm: 'list.delete',
          done: 'list.deleted',
        }}
      />
    </Card>
  );
}
