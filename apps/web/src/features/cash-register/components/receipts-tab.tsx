// The report's "receipts" tab: the day's receipts from the sales feed, searched (receipt number, register,
// employee, loyalty card or amount) and paged on the server. Opening a receipt shows its lines and payments; a
// sale without an invoice can be turned into an invoice request, and one with an invoice shows it.
import type { CashReport } from '@bottega/contracts/cash-register';
import type { ReceiptType } from '@bottega/contracts/sales';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  Skeleton,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconChevronDown,
  IconChevronUp,
  IconFileInvoice,
  IconReceiptOff,
  IconSearch,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { Money } from '../../../ui/money';
import { useListSearch } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { type InvoiceModalTarget, InvoiceRequestModal } from '../../invoices/components/invoice-request-modal';
import { useReportInvoices } from '../../invoices/invoices.api';
import { type CashReportReceipt, useReportReceipts } from '../sales-details.api';
import { ReceiptDetails } from './receipt-details';

const perPage = 20;
const columnCount = 10;

const typeColors: Record<ReceiptType, string> = { sale: 'teal', return: 'orange', cancelled: 'gray' };

const time = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** When a receipt was issued, on Italian time (the day is the report's). */
function issuedTime(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : time.format(date);
}

export function ReceiptsTab({ report }: { report: CashReport }) {
  const { t } = useTranslation(['cash-report-details', 'invoices', 'errors']);
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [page, setPage] = useState(1);
  const receipts = useReportReceipts(report.id, { search: debouncedSearch, page, perPage });
  const can = new Set(useAuthUser().data?.can ?? []);
  const canViewInvoices = can.has('shops.invoices.view');
  const invoices = useReportInvoices(report.id, canViewInvoices);
  const [opened, setOpened] = useState<number | null>(null);
  const [invoiceTarget, setInvoiceTarget] = useState<InvoiceModalTarget | null>(null);
  // Requests are entered by the shop's staff (the daily close), on an open day or as a correction of a closed one.
  const writable = can.has('shops.cashRegister.dailyClose') && (report.status !== 'closed' || report.can.correct);

  const rows = receipts.data?.data ?? [];
  const total = receipts.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));

  const requestInvoice = (receipt: CashReportReceipt) =>
    setInvoiceTarget({
      receipt: {
        id: receipt.id,
        registerCode: receipt.registerCode,
        receiptNumber: receipt.receiptNumber,
        issuedAt: receipt.issuedAt,
        businessDate: report.businessDate,
        totalCents: receipt.totalCents,
      },
      invoice: null,
    });
  const showInvoice = (receipt: CashReportReceipt) => {
    const invoice = invoices.data?.find((candidate) => candidate.id === receipt.invoiceId) ?? null;
    if (!invoice) return;
    setInvoiceTarget({
      receipt: {
        id: receipt.id,
        registerCode: receipt.registerCode,
        receiptNumber: receipt.receiptNumber,
        issuedAt: receipt.issuedAt,
        businessDate: report.businessDate,
        totalCents: receipt.totalCents,
      },
      invoice,
    });
  };

  const invoiceCell = (receipt: CashReportReceipt) => {
    if (receipt.invoiceId !== null) {
      const invoice = invoices.data?.find((candidate) => candidate.id === receipt.invoiceId);
      if (!canViewInvoices) {
        return (
          <Badge
            variant="light"
            color="blue"
            leftSection={<IconFileInvoice size={12} />}
            data-testid={`receipt-invoice-${receipt.id}`}
          >
            {t('receipts.invoiced')}
          </Badge>
        );
      }
      return (
        <Tooltip label={t('receipts.openInvoice')}>
          <Badge
            component="button"
            type="button"
            variant="light"
            color={invoice?.blocked ? 'orange' : 'blue'}
            leftSection={<IconFileInvoice size={12} />}
            style={{ cursor: invoice ? 'pointer' : 'default' }}
            disabled={!invoice}
            onClick={() => showInvoice(receipt)}
            data-testid={`receipt-invoice-${receipt.id}`}
          >
            {invoice?.blocked ? t('invoices:blocked') : t('receipts.invoiced')}
          </Badge>
        </Tooltip>
      );
    }
    if (receipt.type === 'sale' && writable) {
      return (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconFileInvoice size={14} />}
          onClick={() => requestInvoice(receipt)}
          data-testid={`invoice-request-${receipt.id}`}
        >
          {t('receipts.requestInvoice')}
        </Button>
      );
    }
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  };

  return (
    <Card withBorder padding={0} data-testid="receipts-tab">
      <Group p="md" gap="sm" justify="space-between">
        <TextInput
          placeholder={t('receipts.search')}
          aria-label={t('receipts.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 460 }}
          data-testid="receipts-search"
        />
        <Text size="sm" c="dimmed" data-testid="receipts-total">
          {receipts.data ? t('receipts.total', { count: total }) : ''}
        </Text>
      </Group>
      {receipts.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
          {errorMessage(receipts.error, t)}
        </Alert>
      ) : rows.length === 0 && !receipts.isPending ? (
        <EmptyState
          py="xl"
          icon={<IconReceiptOff size={32} />}
          title={debouncedSearch ? t('receipts.noMatch') : t('receipts.empty')}
          description={debouncedSearch ? t('receipts.noMatchHint') : t('receipts.emptyHint')}
          data-testid="receipts-empty"
        />
      ) : (
        <Table.ScrollContainer minWidth={920}>
          <Table verticalSpacing="xs" highlightOnHover data-testid="receipts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('receipts.time')}</Table.Th>
                <Table.Th>{t('receipts.register')}</Table.Th>
                <Table.Th ta="end">{t('receipts.number')}</Table.Th>
                <Table.Th>{t('receipts.type')}</Table.Th>
                <Table.Th>{t('receipts.employee')}</Table.Th>
                <Table.Th>{t('receipts.loyaltyCard')}</Table.Th>
                <Table.Th ta="end">{t('receipts.pieces')}</Table.Th>
                <Table.Th ta="end">{t('receipts.totalAmount')}</Table.Th>
                <Table.Th>{t('receipts.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receipts.isPending
                ? Array.from({ length: 6 }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                    <Table.Tr key={index}>
                      {Array.from({ length: columnCount }, (_, cell) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
                        <Table.Td key={cell}>
                          <Skeleton h={14} w={cell === 0 ? 20 : 60} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((receipt) => {
                    const expanded = opened === receipt.id;
                    const label = t('receipts.receiptLabel', {
                      number: receipt.receiptNumber,
                      register: receipt.registerCode,
                    });
                    return (
                      <Fragment key={receipt.id}>
                        <Table.Tr data-testid={`receipt-${receipt.id}`}>
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-expanded={expanded}
                              aria-label={`${expanded ? t('receipts.close') : t('receipts.open')}: ${label}`}
                              onClick={() => setOpened(expanded ? null : receipt.id)}
                              data-testid={`receipt-toggle-${receipt.id}`}
                            >
                              {expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
                            </ActionIcon>
                          </Table.Td>
                          <Table.Td>
                            <bdi dir="ltr">{issuedTime(receipt.issuedAt)}</bdi>
                          </Table.Td>
                          <Table.Td>
                            <bdi dir="ltr">{receipt.registerCode}</bdi>
                          </Table.Td>
                          <Table.Td ta="end">{receipt.receiptNumber}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={typeColors[receipt.type]} size="sm">
                              {t(`receipts.types.${receipt.type}`)}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            {receipt.employee ? (
                              <bdi>{receipt.employee}</bdi>
                            ) : (
                              <Text size="sm" c="dimmed">
                                —
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {receipt.loyaltyCard ? (
                              <Text size="sm" ff="monospace">
                                <bdi dir="ltr">{receipt.loyaltyCard}</bdi>
                              </Text>
                            ) : (
                              <Text size="sm" c="dimmed">
                                —
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td ta="end">
                            <bdi dir="ltr">{receipt.pieces}</bdi>
                          </Table.Td>
                          <Table.Td ta="end" fw={500}>
                            <Money cents={receipt.totalCents} />
                          </Table.Td>
                          <Table.Td>{invoiceCell(receipt)}</Table.Td>
                        </Table.Tr>
                        {expanded && (
                          <Table.Tr>
                            <Table.Td colSpan={columnCount} bg="var(--mantine-color-default-hover)" p={0}>
                              <ReceiptDetails reportId={report.id} receiptId={receipt.id} />
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    );
                  })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="center" p="md">
          <Pagination value={page} onChange={setPage} total={pages} size="sm" data-testid="receipts-pagination" />
        </Group>
      )}
      <InvoiceRequestModal
        reportId={report.id}
        target={invoiceTarget}
        writable={writable}
        onClose={() => setInvoiceTarget(null)}
      />
    </Card>
  );
}
