// One receipt opened in the list: its lines (product, quantity, price, discount, VAT) and how it was paid.
import { Alert, Grid, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { Money } from '../../../ui/money';
import { useReportReceipt } from '../sales-details.api';

export function ReceiptDetails({ reportId, receiptId }: { reportId: number; receiptId: number }) {
  const { t } = useTranslation(['cash-report-details', 'errors']);
  const receipt = useReportReceipt(reportId, receiptId);
  if (receipt.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(receipt.error, t)}
      </Alert>
    );
  }
  if (!receipt.data) {
    return (
      <Stack gap="xs" p="sm">
        <Skeleton h={16} />
        <Skeleton h={16} w="70%" />
      </Stack>
    );
  }
  const { lines, payments } = receipt.data;
  return (
    <Grid gap="md" p="sm" data-testid={`receipt-details-${receiptId}`}>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Text size="sm" fw={600} mb={4}>
          {t('receipts.lines')}
        </Text>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('receipts.noLines')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} fz="sm" withRowBorders={false}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('receipts.product')}</Table.Th>
                  <Table.Th ta="end">{t('receipts.quantity')}</Table.Th>
                  <Table.Th ta="end">{t('receipts.unitPrice')}</Table.Th>
                  <Table.Th ta="end">{t('receipts.discount')}</Table.Th>
                  <Table.Th ta="end">{t('receipts.vat')}</Table.Th>
                  <Table.Th ta="end">{t('receipts.subtotal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's lines are identified by their place
                  <Table.Tr key={index} data-testid={`receipt-line-${receiptId}-${index}`}>
                    <Table.Td>
                      <Text size="sm">
                        <bdi>{line.description || line.productCode}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        <bdi dir="ltr">{line.productCode}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      <bdi dir="ltr">{line.quantity}</bdi>
                    </Table.Td>
                    <Table.Td ta="end">
                      <Money cents={line.unitPriceCents} />
                    </Table.Td>
                    <Table.Td ta="end">{line.discountCents ? <Money cents={-line.discountCents} /> : '—'}</Table.Td>
                    <Table.Td ta="end">
                      <bdi dir="ltr">{`${line.vatRate / 100} %`}</bdi>
                    </Table.Td>
                    <Table.Td ta="end">
                      <Money cents={line.subtotalCents} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {receipt.data.discountCents !== 0 && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('receipts.receiptDiscount')} <Money cents={-receipt.data.discountCents} />
          </Text>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Text size="sm" fw={600} mb={4}>
          {t('receipts.payments')}
        </Text>
        {payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('receipts.noPayments')}
          </Text>
        ) : (
          <Stack gap={4}>
            {payments.map((payment, index) => (
              <Group
                // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's payments are identified by their place
                key={index}
                justify="space-between"
                wrap="nowrap"
                data-testid={`receipt-payment-${receiptId}-${index}`}
              >
                <Text size="sm">{t(`paymentMethods.${payment.method}`)}</Text>
                <Text size="sm">
                  <Money cents={payment.amountCents} />
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {receipt.data.orderNumber && (
          <Text size="xs" c="dimmed" mt="sm">
            {t('receipts.orderNumber')} <bdi dir="ltr">{receipt.data.orderNumber}</bdi>
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
