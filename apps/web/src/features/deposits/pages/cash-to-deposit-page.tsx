// Accountancy › Contanti da versare (shops/cashToDeposit): every shop's cash still to take to the bank at the end of a
// day, most first, with since when the oldest of it waits; choosing a shop shows its month day by day (?shop=&month=).
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import {
  Alert,
  Badge,
  Card,
  EmptyState,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertCircle, IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { listPerPage } from '../../../ui/use-list-page';
import { parseTypedDate } from '../../profile/components/profile-field-input';
import { CashToDepositMonth } from '../components/cash-to-deposit-month';
import { useCashToDeposit } from '../deposits.api';

/** A week of waiting is late; more than three days is worth a look. */
function waitingColor(days: number | null): string {
  if (days === null) return 'teal';
  if (days > 7) return 'red';
  if (days > 3) return 'orange';
  return 'blue';
}

export default function CashToDepositPage() {
  const { t } = useTranslation(['deposits', 'errors']);
  const [params, setParams] = useSearchParams();
  const today = businessDate();
  const dateParam = params.get('date');
  const date = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) && dateParam < today ? dateParam : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const shopId = Number(params.get('shop')) || null;
  const monthParam = params.get('month');
  const month = monthParam && /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : (date ?? today).slice(0, 7);
  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };
  const answer = useCashToDeposit(date, page);
  const rows = answer.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((answer.data?.meta.total ?? 0) / listPerPage));

  return (
    <>
      <PageHeader
        title={t('cashToDeposit.title')}
        description={t('cashToDeposit.description')}
        actions={
          <DateInput
            label={t('cashToDeposit.atDate')}
            valueFormat="DD/MM/YYYY"
            dateParser={parseTypedDate}
            locale={calendarLocale()}
            firstDayOfWeek={1}
            maxDate={today}
            value={date ?? today}
            onChange={(value) => change({ date: value && value < today ? value : null, page: null })}
            w={170}
            data-testid="cash-date"
          />
        }
      />
      <Stack gap="lg">
        {answer.data && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('cashToDeposit.totalBalance', { date: formatDate(answer.data.date) })}
              </Text>
              <Text fz="xl" fw={700} data-testid="cash-total">
                <Money cents={answer.data.totals.balanceCents} />
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('cashToDeposit.waitingShops')}
              </Text>
              <Text fz="xl" fw={700} data-testid="cash-waiting-shops">
                {answer.data.totals.waitingShops}
              </Text>
            </Card>
          </SimpleGrid>
        )}
        <Card withBorder padding={0}>
          {answer.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
              {errorMessage(answer.error, t)}
            </Alert>
          ) : answer.isPending ? (
            <Skeleton h={200} m="md" w="auto" />
          ) : rows.length === 0 ? (
            <EmptyState py="xl" icon={<IconCash size={32} />} title={t('cashToDeposit.noShops')} />
          ) : (
            <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="cash-shops">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.shop')}</Table.Th>
                  <Table.Th ta="end">{t('cashToDeposit.balance')}</Table.Th>
                  <Table.Th>{t('cashToDeposit.waitingSince')}</Table.Th>
                  <Table.Th>{t('cashToDeposit.lastDeposit')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr
                    key={row.shopId}
                    data-testid={`cash-shop-${row.shopCode}`}
                    bg={row.shopId === shopId ? 'var(--mantine-color-default-hover)' : undefined}
                  >
                    <Table.Td>
                      <UnstyledButton
                        onClick={() => change({ shop: String(row.shopId), month: null })}
                        aria-pressed={row.shopId === shopId}
                        style={{ textDecoration: 'underline' }}
                      >
                        <bdi>{`${row.shopCode} · ${row.shopName}`}</bdi>
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td ta="end" fw={600} data-label={t('cashToDeposit.balance')}>
                      <Money cents={row.balanceCents} />
                    </Table.Td>
                    <Table.Td data-label={t('cashToDeposit.waitingSince')}>
                      {row.waitingSince ? (
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{formatDate(row.waitingSince)}</Text>
                          <Badge variant="light" color={waitingColor(row.waitingDays)}>
                            {t('cashToDeposit.days', { count: row.waitingDays ?? 0 })}
                          </Badge>
                        </Group>
                      ) : (
                        <Badge variant="light" color="teal">
                          {t('cashToDeposit.allDeposited')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t('cashToDeposit.lastDeposit')}>
                      {row.lastDepositDate ? formatDate(row.lastDepositDate) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          )}
          {pages > 1 && (
            <Group justify="center" p="md">
              <Pagination value={page} total={pages} onChange={(next) => change({ page: String(next) })} />
            </Group>
          )}
        </Card>
        {shopId !== null && (
          <CashToDepositMonth
            key={shopId}
            shopId={shopId}
            month={month}
            today={today}
            onMonth={(next) => change({ month: next })}
          />
        )}
      </Stack>
    </>
  );
}
