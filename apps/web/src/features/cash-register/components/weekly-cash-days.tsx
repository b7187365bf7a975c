// A week's seven days with their status, figures and a link to each day's report, and the week's sums: shared by
// the week's page and the daily report's "weekly report" tab.
import type { WeeklyCash } from '@bottega/contracts/cash-register';
import { Anchor, Button, Card, SimpleGrid, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useAuthUser } from '../../auth/auth.api';
import { cashReportEditPath } from '../../auth/sign-in-redirect';
import { shownDayStatus, weekdayOf } from '../cash-day';
import { useOpenCashDay } from '../use-open-cash-day';
import { DayStatusBadge } from './weekly-cash-status';

/**
 * The days of the week, each with the way to its report; a day with sales and no report can be opened (its report
 * created) by those who fill the daily close. `highlight` marks one of them (the report the tab is shown in).
 */
export function WeeklyCashDaysTable(props: { weekly: WeeklyCash; t: TFunction; highlight?: string }) {
  const { weekly, t } = props;
  const { i18n } = useTranslation();
  const canCreate = (useAuthUser().data?.can ?? []).includes('shops.cashRegister.dailyClose');
  const openDay = useOpenCashDay();
  return (
    <ResponsiveTable verticalSpacing="xs" data-testid="weekly-days">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('weekly-cash:fields.day')}</Table.Th>
          <Table.Th>{t('weekly-cash:fields.status')}</Table.Th>
          <Table.Th ta="end">{t('weekly-cash:fields.totalCents')}</Table.Th>
          <Table.Th ta="end">{t('weekly-cash:fields.posCents')}</Table.Th>
          <Table.Th ta="end">{t('weekly-cash:fields.dailyCashCents')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weekly.days.map((day) => {
          // Only closed days count in the week's sums: the others' figures are shown dimmed.
          const counted = day.status === 'closed';
          const amount = (cents: number, field: string) => (
            <Table.Td ta="end" c={counted ? undefined : 'dimmed'} data-label={t(`weekly-cash:fields.${field}`)}>
              {day.reportId === null ? '—' : <Money cents={cents} />}
            </Table.Td>
          );
          return (
            <Table.Tr
              key={day.businessDate}
              data-testid={`weekly-day-${day.businessDate}`}
              bg={day.businessDate === props.highlight ? 'var(--mantine-color-default-hover)' : undefined}
            >
              <Table.Td>
                <Text size="sm" fw={500} tt="capitalize">
                  {weekdayOf(day.businessDate, i18n.language)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(day.businessDate)}
                </Text>
              </Table.Td>
              <Table.Td data-label={t('weekly-cash:fields.status')}>
                <DayStatusBadge status={shownDayStatus(day, weekly.today)} t={t} />
              </Table.Td>
              {amount(day.totalCents, 'totalCents')}
              {amount(day.posCents, 'posCents')}
              {amount(day.dailyCashCents, 'dailyCashCents')}
              <Table.Td ta="end" data-actions>
                {day.reportId !== null ? (
                  <Anchor
                    component={Link}
                    to={cashReportEditPath(day.reportId)}
                    size="sm"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {t('weekly-cash:days.openReport')}
                    <VisuallyHidden> {formatDate(day.businessDate)}</VisuallyHidden>
                  </Anchor>
                ) : (
                  day.status === 'missing' &&
                  canCreate && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      loading={openDay.pending?.businessDate === day.businessDate}
                      onClick={() =>
                        openDay.open({ shopId: weekly.shopId, businessDate: day.businessDate, reportId: null })
                      }
                      data-testid={`weekly-create-${day.businessDate}`}
                    >
                      {t('weekly-cash:days.createReport')}
                      <VisuallyHidden> {formatDate(day.businessDate)}</VisuallyHidden>
                    </Button>
                  )
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

function Stat(props: { label: string; children: ReactNode; testId: string; hint?: string }) {
  return (
    <Card withBorder padding="sm" data-testid={props.testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text size="lg" fw={600} mt={4}>
        {props.children}
      </Text>
      {props.hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {props.hint}
        </Text>
      )}
    </Card>
  );
}

/** The sums of the closed days; once filled, the fund, the deposits and the difference too. */
export function WeeklyCashTotals({ weekly, t }: { weekly: WeeklyCash; t: TFunction }) {
  const filled = weekly.blockedBy === 'filled';
  const difference = weekly.differenceCents;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Stat label={t('weekly-cash:fields.totalCents')} testId="weekly-total">
        <Money cents={weekly.totalCents} />
      </Stat>
      <Stat label={t('weekly-cash:fields.posCents')} testId="weekly-pos">
        <Money cents={weekly.posCents} />
      </Stat>
      <Stat label={t('weekly-cash:fields.dailyCashCents')} testId="weekly-cash">
        <Money cents={weekly.dailyCashCents} />
      </Stat>
      <Stat
        label={t('weekly-cash:fields.expensesCents')}
        testId="weekly-expenses"
        hint={t('weekly-cash:totals.expensesHint')}
      >
        <Money cents={weekly.expensesCents} />
      </Stat>
      {filled && (
        <>
          <Stat label={t('weekly-cash:fields.cashFundCents')} testId="weekly-fund">
            <Money cents={weekly.cashFundCents} />
          </Stat>
          <Stat label={t('weekly-cash:fields.depositsCents')} testId="weekly-deposits">
            <Money cents={weekly.depositsCents} />
          </Stat>
          <Stat
            label={t('weekly-cash:fields.differenceCents')}
            testId="weekly-difference"
            hint={t('weekly-cash:totals.differenceHint')}
          >
            <Money cents={difference} c={difference === 0 ? undefined : 'orange'} />
          </Stat>
        </>
      )}
    </SimpleGrid>
  );
}
