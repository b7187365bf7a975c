// Lines of receipts that carried a loyalty card (§3 Customer sale): a customer's purchases, and the discounted sales,
// which also name the card. A return's amounts come negative from the server and are shown so.
import type { CustomerSale } from '@bottega/contracts/customers';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { QueryTable } from '../../../ui/query-table';

const typeColors = { sale: 'blue', return: 'orange', cancelled: 'gray' } as const;

export function SaleLinesTable(props: {
  query: {
    isError: boolean;
    isPending: boolean;
    error: unknown;
    data?: { data: CustomerSale[]; meta: { total: number } };
  };
  /** The discounted sales name the card of each line. */
  withCard?: boolean;
  filtered?: boolean;
  page: number;
  onPage: (page: number) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('customers');
  const noWrap = { whiteSpace: 'nowrap' } as const;

  const row = (sale: CustomerSale) => (
    <Table.Tr key={`${sale.receiptId}-${sale.lineNumber}`} data-testid={`${props.testIdPrefix}-row`}>
      <Table.Td style={noWrap}>
        <Text fw={500} size="sm" dir="ltr" ta="start">
          {formatDate(sale.receiptDate)}
        </Text>
      </Table.Td>
      {props.withCard && (
        <Table.Td data-label={t('fields.cardNumber')}>
          <Text size="sm" dir="ltr" ta="start">
            {sale.loyaltyCard ?? ''}
          </Text>
        </Table.Td>
      )}
      <Table.Td data-label={t('fields.shop')}>
        <Text size="sm" title={sale.shop.name}>
          <bdi>{sale.shop.code}</bdi>
        </Text>
      </Table.Td>
      <Table.Td data-label={t('sales.type')}>
        <Badge color={typeColors[sale.type]} variant="light" size="sm">
          {t(`sales.types.${sale.type}`)}
        </Badge>
      </Table.Td>
      <Table.Td data-label={t('sales.receiptNumber')} style={noWrap}>
        {sale.receiptNumber}
      </Table.Td>
      <Table.Td data-label={t('sales.productCode')}>
        <Text size="sm" dir="ltr" ta="start" style={noWrap}>
          {sale.productCode}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('sales.description')}>
        <Stack gap={0}>
          <Text size="sm">
            <bdi>{sale.description}</bdi>
          </Text>
          {sale.product && sale.product !== sale.description && (
            <Text size="xs" c="dimmed">
              <bdi>{sale.product}</bdi>
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td data-label={t('sales.quantity')} ta="end">
        {sale.quantity}
      </Table.Td>
      <Table.Td data-label={t('sales.amount')} ta="end">
        <Money cents={sale.amountCents} />
      </Table.Td>
      <Table.Td data-label={t('sales.discount')} ta="end">
        <Money cents={sale.discountCents} />
      </Table.Td>
      <Table.Td data-label={t('sales.subtotal')} ta="end">
        <Text span fw={600} inherit>
          <Money cents={sale.subtotalCents} />
        </Text>
      </Table.Td>
      <Table.Td data-label={t('sales.priceList')}>
        <bdi>{sale.priceList}</bdi>
      </Table.Td>
      <Table.Td data-label={t('sales.user')}>{sale.user ? <bdi>{sale.user}</bdi> : ''}</Table.Td>
      <Table.Td data-label={t('sales.orderNumber')}>
        <Text size="sm" dir="ltr" ta="start">
          {sale.orderNumber ?? ''}
        </Text>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <QueryTable
      query={props.query}
      empty={{
        icon: <IconReceipt size={32} />,
        title: props.filtered ? t('sales.noMatch') : t('sales.empty'),
      }}
      columns={[
        { label: t('sales.date') },
        ...(props.withCard ? [{ label: t('fields.cardNumber') }] : []),
        { label: t('fields.shop') },
        { label: t('sales.type') },
        { label: t('sales.receiptNumber') },
        { label: t('sales.productCode') },
        { label: t('sales.description') },
        { label: t('sales.quantity'), alignEnd: true },
        { label: t('sales.amount'), alignEnd: true },
        { label: t('sales.discount'), alignEnd: true },
        { label: t('sales.subtotal'), alignEnd: true },
        { label: t('sales.priceList') },
        { label: t('sales.user') },
        { label: t('sales.orderNumber') },
      ]}
      row={row}
      total={(count) => t('sales.total', { count })}
      page={props.page}
      onPage={props.onPage}
      testIdPrefix={props.testIdPrefix}
      label={t('sales.tableLabel')}
    />
  );
}
