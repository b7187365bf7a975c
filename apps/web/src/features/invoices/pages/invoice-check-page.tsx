// Accountancy › Controllo fatture (invoices/check): the invoice requests made from receipts in the shops' cash
// reports that accounting has neither confirmed nor blocked, oldest receipt first. Each opens its edit page, or is
// confirmed from here after a question: it then gets its number and its FatturaPA XML and leaves the list (§4).
// The shop and the page live in the address (?shop=&page=).
import type { InvoiceListItem } from '@bottega/contracts/invoices';
import {
  Alert,
  Button,
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
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck, IconFileCheck, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/address-params';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { ShopFilter } from '../../../ui/shop-filter';
import { listPerPage } from '../../../ui/use-list-page';
import { useSelectableShops } from '../../auth/auth.api';
import { invoiceCustomerName } from '../components/invoices-card';
import { useConfirmInvoice, useInvoicesToCheck } from '../invoices.api';

export default function InvoiceCheckPage() {
  const { t } = useTranslation(['invoices', 'errors']);
  const shops = useSelectableShops(true);
  const [params, changeAddress] = useAddressParams();
  const shop = (shops.data ?? []).find((choice) => choice.id === Number(params.get('shop')));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const invoices = useInvoicesToCheck(shop?.id, page, !shops.isPending);
  const confirm = useConfirmInvoice();
  const [asked, setAsked] = useState<InvoiceListItem | null>(null);
  const rows = invoices.data?.data ?? [];
  const total = invoices.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / listPerPage));
  const change = (next: Record<string, string | null>) => changeAddress({ page: null, ...next });

  const confirmAsked = () => {
    if (!asked) return;
    confirm.mutate(asked.id, {
      onSuccess: (invoice) => {
        notifications.show({
          color: 'green',
          message: t('check.confirmed', { number: invoice.number, year: invoice.year }),
        });
        setAsked(null);
      },
    });
  };

  return (
    <>
      <PageHeader title={t('check.title')} description={t('check.description')} />
      <Stack gap="lg">
        <Group gap="sm" justify="space-between" align="flex-end">
          <ShopFilter
            shops={shops.data ?? []}
            value={shop?.id}
            onChange={(value) => change({ shop: value })}
            testId="invoices-shop"
          />
          {invoices.data && (
            <Text size="sm" data-testid="invoices-check-total">
              {t('check.total', { count: total })}
            </Text>
          )}
        </Group>
        <Card withBorder padding={0}>
          {invoices.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
              {errorMessage(invoices.error, t)}
            </Alert>
          ) : invoices.isPending ? (
            <Skeleton h={160} m="md" w="auto" />
          ) : rows.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconFileCheck size={32} />}
              title={t('check.empty')}
              description={t('check.emptyHint')}
              data-testid="invoices-check-empty"
            />
          ) : (
            <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="invoices-check">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.receiptDate')}</Table.Th>
                  <Table.Th>{t('list.shop')}</Table.Th>
                  <Table.Th>{t('list.receipt')}</Table.Th>
                  <Table.Th>{t('list.customer')}</Table.Th>
                  <Table.Th ta="end">{t('list.amount')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((invoice) => (
                  <Table.Tr key={invoice.id} data-testid={`invoice-check-${invoice.id}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.receiptDate)}</Table.Td>
                    <Table.Td data-label={t('list.shop')}>
                      <bdi>{invoice.shopName}</bdi>
                    </Table.Td>
                    <Table.Td data-label={t('list.receipt')}>
                      {t('list.receiptNumber', { number: invoice.receiptNumber, register: invoice.registerCode })}
                    </Table.Td>
                    <Table.Td data-label={t('list.customer')}>
                      <bdi>{invoiceCustomerName(invoice)}</bdi>
                      <Text size="xs" c="dimmed">
                        {t(`customerTypes.${invoice.customerType}`)}
                        {invoice.state !== 'IT' ? ` · ${invoice.state}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end" fw={600} data-label={t('list.amount')}>
                      <Money cents={invoice.amountCents} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          component={Link}
                          to={`/app/invoices/${invoice.id}/edit`}
                          variant="default"
                          size="xs"
                          leftSection={<IconPencil size={14} />}
                          aria-label={t('check.openFor', { name: invoiceCustomerName(invoice) })}
                          data-testid={`invoice-open-${invoice.id}`}
                        >
                          {t('check.open')}
                        </Button>
                        <Button
                          size="xs"
                          leftSection={<IconCircleCheck size={14} />}
                          onClick={() => {
                            confirm.reset();
                            setAsked(invoice);
                          }}
                          aria-label={t('check.confirmFor', { name: invoiceCustomerName(invoice) })}
                          data-testid={`invoice-confirm-${invoice.id}`}
                        >
                          {t('check.confirm')}
                        </Button>
                      </Group>
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
      <ConfirmModal
        opened={asked !== null}
        title={t('check.confirmTitle')}
        message={
          asked ? t('check.confirmMessage', { name: invoiceCustomerName(asked), number: asked.receiptNumber }) : ''
        }
        confirmLabel={t('check.confirm')}
        loading={confirm.isPending}
        error={confirm.error ? errorMessage(confirm.error, t) : null}
        onConfirm={confirmAsked}
        onClose={() => setAsked(null)}
      />
    </>
  );
}
