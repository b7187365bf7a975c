// The daily report's "weekly report" tab: the report's week with its days (this one marked), the closed days'
// sums, whether the week can be filled and the way to its page.
import type { CashReport } from '@bottega/contracts/cash-register';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarWeek, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { weekRange, weekTitle } from '../../../lib/format-week';
import { useAuthUser } from '../../auth/auth.api';
import { useWeeklyCash } from '../weekly-cash.api';
import { WeeklyCashDaysTable, WeeklyCashTotals } from './weekly-cash-days';
import { WeekStatusBadge, weekReason } from './weekly-cash-status';

export function WeeklyTab({ report }: { report: CashReport }) {
  const { t } = useTranslation(['weekly-cash', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const allowed = can.has('shops.cashRegister.weekly');
  const weekly = useWeeklyCash(report.shopId, report.week, { enabled: allowed });

  if (!allowed) {
    return (
      <Alert color="gray" icon={<IconLock size={18} />} data-testid="weekly-tab-not-allowed">
        {t('tab.notAllowed')}
      </Alert>
    );
  }
  if (weekly.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(weekly.error, t)}
      </Alert>
    );
  }
  if (!weekly.data) return <Skeleton h={320} data-testid="weekly-tab-loading" />;

  const week = weekly.data;
  const fillable = week.blockedBy === null && can.has('shops.cashRegister.closeWeekly');
  return (
    <Stack gap="md" data-testid="weekly-tab">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="xs">
            <Title order={3} size="h4">
              {weekTitle(t, week.week)}
            </Title>
            <WeekStatusBadge week={week} t={t} />
          </Group>
          <Text size="sm" c="dimmed">
            {weekRange(t, week.week)}
          </Text>
        </div>
        <Button
          component={Link}
          to={`/app/shops/weekly-cash/create/${week.week}?shopId=${week.shopId}`}
          variant={fillable ? 'filled' : 'default'}
          leftSection={<IconCalendarWeek size={16} />}
          data-testid="weekly-tab-open"
        >
          {fillable ? t('tab.fill') : t('tab.open')}
        </Button>
      </Group>
      <Text size="sm" data-testid="weekly-tab-reason">
        {weekReason(t, week)}
      </Text>
      <WeeklyCashTotals weekly={week} t={t} />
      <Card withBorder padding={0}>
        <WeeklyCashDaysTable weekly={week} t={t} highlight={report.businessDate} />
      </Card>
      <Text size="xs" c="dimmed">
        {t('totals.closedOnly')}
      </Text>
    </Stack>
  );
}
