// One shop's month of cash to deposit: the balance day by day as a chart (@mantine/charts, loaded with this screen)
// and as a table of the closed reports' cash, their expenses and the deposits, each day linking to what is behind it.
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { formatMoney } from '@bottega/contracts/money';
import { AreaChart } from '@mantine/charts';
import { Alert, Anchor, Card, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useShopCashToDeposit } from '../deposits.api';

export function CashToDepositMonth(props: {
  shopId: number;
  month: string;
  today: string;
  onMonth: (month: string) => void;
}) {
  const { t } = useTranslation(['deposits', 'errors']);
  const answer = useShopCashToDeposit(props.shopId, props.month);
  const data = answer.data;
  return (
    <Card withBorder data-testid="cash-month">
      <Group justify="space-between" align="flex-end" mb="sm">
        <div>
          <Title order={2} size="h4">
            {data ? `${data.shop.shopCode} · ${data.shop.shopName}` : t('cashToDeposit.shopMonth')}
          </Title>
          {data && (
            <Text size="sm" c="dimmed">
              {t('cashToDeposit.opening')}: <Money cents={data.openingCents} />
            </Text>
          )}
        </div>
        <MonthPickerInput
          label={<VisuallyHidden>{t('archive.month')}</VisuallyHidden>}
          value={`${props.month}-01`}
          onChange={(value) => value && props.onMonth(value.slice(0, 7))}
          valueFormat="MMMM YYYY"
          locale={calendarLocale()}
          maxDate={`${props.today.slice(0, 7)}-01`}
          allowDeselect={false}
          w={190}
          data-testid="cash-month-picker"
        />
      </Group>
      {answer.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(answer.error, t)}
        </Alert>
      ) : !data ? (
        <Skeleton h={260} />
      ) : (
        <Stack gap="md">
          <div role="img" aria-label={t('cashToDeposit.chart')} dir="ltr">
            <AreaChart
              h={200}
              data={data.days.map((day) => ({ day: day.date.slice(8), balance: day.balanceCents / 100 }))}
              dataKey="day"
              series={[{ name: 'balance', label: t('cashToDeposit.balance'), color: 'blue.6' }]}
              valueFormatter={(value) => formatMoney(Math.round(value * 100))}
              // Whole euro on the axis, so its labels stay on one line.
              yAxisProps={{
                width: 90,
                tickFormatter: (value: number) => formatMoney(Math.round(value) * 100).replace(/,00$/, ''),
              }}
              curveType="step"
              withDots={false}
              tickLine="y"
            />
          </div>
          <ResponsiveTable verticalSpacing="xs" data-testid="cash-month-days">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.date')}</Table.Th>
                <Table.Th ta="end">{t('cashToDeposit.cash')}</Table.Th>
                <Table.Th ta="end">{t('cashToDeposit.expenses')}</Table.Th>
                <Table.Th ta="end">{t('cashToDeposit.deposits')}</Table.Th>
                <Table.Th ta="end">{t('cashToDeposit.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.days.map((day) => (
                <Table.Tr key={day.date} data-testid={`cash-day-${day.date}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/app/shops/cashToDeposit/${props.shopId}/${day.date}`} size="sm">
                      {formatDate(day.date)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="end" data-label={t('cashToDeposit.cash')}>
                    {day.reportStatus === null ? (
                      '—'
                    ) : day.cashCents === null ? (
                      <Text span size="sm" c="dimmed">
                        {t('cashToDeposit.notClosed')}
                      </Text>
                    ) : (
                      <Money cents={day.cashCents} />
                    )}
                  </Table.Td>
                  <Table.Td ta="end" data-label={t('cashToDeposit.expenses')}>
                    <Money cents={day.expensesCents} />
                  </Table.Td>
                  <Table.Td ta="end" data-label={t('cashToDeposit.deposits')}>
                    <Money cents={day.depositsCents} />
                  </Table.Td>
                  <Table.Td ta="end" fw={600} data-label={t('cashToDeposit.balance')}>
                    <Money cents={day.balanceCents} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <Text size="xs" c="dimmed">
            {t('cashToDeposit.expensesHint')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
