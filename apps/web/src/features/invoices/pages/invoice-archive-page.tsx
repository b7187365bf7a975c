// Accountancy › Archivio fatture (invoices/archive): the confirmed invoices of a shop (or all the viewer's) and
// month of the invoice date, newest number first, each with its FatturaPA XML to download as the SdI names it.
// The shop, month and page live in the address (?shop=&month=&page=).
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import {
  Alert,
  Anchor,
  Card,
  EmptyState,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconAlertCircle, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/address-params';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { DownloadButton } from '../../../ui/download-button';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { ShopFilter } from '../../../ui/shop-filter';
import { listPerPage } from '../../../ui/use-list-page';
import { useSelectableShops } from '../../auth/auth.api';
import { invoiceCustomerName } from '../components/invoices-card';
import { downloadInvoiceXml, useInvoiceArchive } from '../invoices.api';

export default function InvoiceArchivePage() {
  const { t } = useTranslation(['invoices', 'errors']);
  const shops = useSelectableShops(true);
  const [params, changeAddress] = useAddressParams();
  const today = businessDate();
  const shop = (shops.data ?? []).find((choice) => choice.id === Number(params.get('shop')));
  const monthParam = params.get('month') ?? '';
  const month = /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : today.slice(0, 7);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const archive = useInvoiceArchive({ shopId: shop?.id, month }, page, !shops.isPending);
  const rows = archive.data?.data ?? [];
  const total = archive.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / listPerPage));
  const change = (next: Record<string, string | null>) => changeAddress({ page: null, ...next });

  return (
    <>
      <PageHeader title={t('archive.title')} description={t('archive.description')} />
      <Stack gap="lg">
        <Group gap="sm" align="flex-end" justify="space-between">
          <Group gap="sm" align="flex-end">
            <ShopFilter
              shops={shops.data ?? []}
              value={shop?.id}
              onChange={(value) => change({ shop: value })}
              testId="invoices-shop"
            />
            <MonthPickerInput
              label={<VisuallyHidden>{t('filters.month')}</VisuallyHidden>}
              value={`${month}-01`}
              onChange={(value) => value && change({ month: value.slice(0, 7) })}
              valueFormat="MMMM YYYY"
              locale={calendarLocale()}
              maxDate={`${today.slice(0, 7)}-01`}
              allowDeselect={false}
              w={{ base: '100%', xs: 190 }}
              data-testid="invoices-month"
            />
          </Group>
          {archive.data && (
            <Text size="sm" data-testid="invoices-archive-total">
              {t('archive.total', { count: total })}
            </Text>
          )}
        </Group>
        <Card withBorder padding={0}>
          {archive.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
              {errorMessage(archive.error, t)}
            </Alert>
          ) : archive.isPending ? (
            <Skeleton h={160} m="md" w="auto" />
          ) : rows.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconFileInvoice size={32} />}
              title={t('archive.empty')}
              description={t('archive.emptyHint')}
              data-testid="invoices-archive-empty"
            />
          ) : (
            <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="invoices-archive">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.number')}</Table.Th>
                  <Table.Th>{t('list.invoiceDate')}</Table.Th>
                  <Table.Th>{t('list.shop')}</Table.Th>
                  <Table.Th>{t('list.customer')}</Table.Th>
                  <Table.Th ta="end">{t('list.amount')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid={`invoice-archive-${invoice.id}`}>
                    <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                      <Anchor component={Link} to={`/app/invoices/${invoice.id}/edit`} inherit>
                        <bdi>{`${invoice.number}/${invoice.year}`}</bdi>
                      </Anchor>
                    </Table.Td>
                    <Table.Td data-label={t('list.invoiceDate')} style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(invoice.invoiceDate)}
                    </Table.Td>
                    <Table.Td data-label={t('list.shop')}>
                      <bdi>{invoice.shopName}</bdi>
                    </Table.Td>
                    <Table.Td data-label={t('list.customer')}>
                      <bdi>{invoiceCustomerName(invoice)}</bdi>
                      <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                        {invoice.vatNumber || invoice.fiscalCode || invoice.state}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end" fw={600} data-label={t('list.amount')}>
                      <Money cents={invoice.amountCents} />
                    </Table.Td>
                    <Table.Td>
                      {invoice.xmlFileName && (
                        <DownloadButton
                          download={() => downloadInvoiceXml(invoice.id, invoice.xmlFileName as string)}
                          label={t('archive.download', { number: `${invoice.number}/${invoice.year}` })}
                          fileName={invoice.xmlFileName}
                          testId={`invoice-xml-${invoice.id}`}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          )}
          {pages > 1 && (
            <Group justify="center" p="md">
              <Pagination total={pages} value={page} onChange={(next) => change({ page: String(next) })} />
            </Group>
          )}
        </Card>
      </Stack>
    </>
  );
}
