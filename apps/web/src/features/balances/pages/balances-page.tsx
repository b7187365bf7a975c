// Accountancy › Saldi (balance): each shop's cash at the end of a day (today by default) — the cash fund of its latest
// closed report, the cash still to deposit and their sum, with a total — and below, a month's generated month-end
// balances. The day and the month live in the address (?date=&month=).
import '@mantine/dates/styles.css';
import { businessDate, shiftMonth } from '@bottega/contracts/dates';
import { Alert, Badge, Card, EmptyState, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertCircle, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { useBalances } from '../balances.api';
import { BalanceMonthCard } from '../components/balance-month-card';

export default function BalancesPage() {
  const { t } = useTranslation(['balances', 'errors']);
  const [params, setParams] = useSearchParams();
  const today = businessDate();
  const dateParam = params.get('date');
  const date = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) && dateParam < today ? dateParam : undefined;
  const monthParam = params.get('month');
  // The last month is the one to generate: it is shown first.
  const month = monthParam && /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : shiftMonth(today.slice(0, 7), -1);
  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };
  const answer = useBalances(date);
  const data = answer.data;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <DateInput
            label={t('atDate')}
            valueFormat="DD/MM/YYYY"
            dateParser={parseTypedDate}
            locale={calendarLocale()}
            firstDayOfWeek={1}
            maxDate={today}
            value={date ?? today}
            onChange={(value) => change({ date: value && value < today ? value : null })}
            w={170}
            data-testid="balance-date"
          />
        }
      />
      <Stack gap="lg">
        <Card withBorder padding={0}>
          {answer.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
              {errorMessage(answer.error, t)}
            </Alert>
          ) : !data ? (
            <Skeleton h={200} m="md" w="auto" />
          ) : data.shops.length === 0 ? (
            <EmptyState py="xl" icon={<IconScale size={32} />} title={t('noShops')} data-testid="balance-empty" />
          ) : (
            <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="balance-shops">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.shop')}</Table.Th>
                  <Table.Th ta="end">{t('fields.cashFund')}</Table.Th>
                  <Table.Th ta="end">{t('fields.cashToDeposit')}</Table.Th>
                  <Table.Th ta="end">{t('fields.balance')}</Table.Th>
                  <Table.Th ta="end">{t('fields.monthEnd', { date: formatDate(data.monthEnd) })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.shops.map((shop) => (
                  <Table.Tr key={shop.shopId} data-testid={`balance-shop-${shop.shopCode}`}>
                    <Table.Td>
                      <bdi>{`${shop.shopCode} · ${shop.shopName}`}</bdi>
                    </Table.Td>
                    <Table.Td ta="end" data-label={t('fields.cashFund')}>
                      <Money cents={shop.cashFundCents} />
                    </Table.Td>
                    <Table.Td ta="end" data-label={t('fields.cashToDeposit')}>
                      <Money cents={shop.cashToDepositCents} />
                    </Table.Td>
                    <Table.Td
                      ta="end"
                      fw={600}
                      data-label={t('fields.balance')}
                      data-testid={`balance-total-${shop.shopCode}`}
                    >
                      <Money cents={shop.balanceCents} />
                    </Table.Td>
                    <Table.Td ta="end" data-label={t('fields.monthEnd', { date: formatDate(data.monthEnd) })}>
                      {shop.stored ? (
                        <Group gap={6} justify="flex-end" wrap="nowrap">
                          {shop.stored.source === 'edited' && (
                            <Badge variant="light" color="orange">
                              {t('edited')}
                            </Badge>
                          )}
                          <Money cents={shop.stored.amountCents} />
                        </Group>
                      ) : (
                        <Text span size="sm" c="dimmed">
                          {t('notGenerated')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr fw={700} data-testid="balance-totals">
                  <Table.Td>{t('total')}</Table.Td>
                  <Table.Td ta="end" data-label={t('fields.cashFund')}>
                    <Money cents={data.totals.cashFundCents} />
                  </Table.Td>
                  <Table.Td ta="end" data-label={t('fields.cashToDeposit')}>
                    <Money cents={data.totals.cashToDepositCents} />
                  </Table.Td>
                  <Table.Td ta="end" data-label={t('fields.balance')}>
                    <Money cents={data.totals.balanceCents} />
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              </Table.Tbody>
            </ResponsiveTable>
          )}
        </Card>
        <BalanceMonthCard month={month} today={today} onMonth={(next) => change({ month: next })} />
      </Stack>
    </>
  );
}
