// Accountancy › shops/employees/analytics (spec §6 Employees › analytics): the staff of the chosen shops over a week
// or a month — a ranking table sorted and paged by the server, a bar chart of takings per employee and a line chart of
// the chosen employees over time — and, each behind its own ability, the weekly and monthly reports with the period
// before (and the same month last year) beside, as CSV and XLSX. The tab, shops and period live in the address.
import { businessDate, isoWeekOf } from '@bottega/contracts/dates';
import { periodDays } from '@bottega/contracts/shift-analytics';
import { ActionIcon, Card, Group, MultiSelect, SegmentedControl, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { monthName, type PeriodKind, stepPeriod, weekParts } from '../../shift-analytics/analytics-period';
import { StaffOverview } from '../components/staff-overview';
import { StaffReport } from '../components/staff-report';

const tabs = [
  { value: 'overview', ability: 'employees.analytics.view' },
  { value: 'weekly', ability: 'employees.analytics.weeklyReports' },
  { value: 'monthly', ability: 'employees.analytics.monthlyReports' },
] as const;
type Tab = (typeof tabs)[number]['value'];

/** A period as the address may hold it: an ISO week or a month; anything else is this week. */
function periodOf(value: string | null, kind: PeriodKind | null): string {
  if (value && periodDays(value) && (kind === null || value.includes('-W') === (kind === 'week'))) return value;
  const today = businessDate();
  return kind === 'month' ? today.slice(0, 7) : isoWeekOf(today);
}

/** Back and forth by a week or a month, and the period's name between the arrows. */
function PeriodStepper(props: { period: string; onChange: (period: string) => void }) {
  const { t } = useTranslation('staff-analytics');
  const lng = currentLanguage();
  const { period } = props;
  const label = period.includes('-W')
    ? t('weekLabel', weekParts(period))
    : monthName(period, lng === 'ar' ? 'ar-u-nu-latn' : lng);
  const flip = { transform: lng === 'ar' ? 'scaleX(-1)' : undefined };
  return (
    <Group gap={4} wrap="nowrap" align="center" mih={36}>
      <Tooltip label={t('filters.previous')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('filters.previous')}
          onClick={() => props.onChange(stepPeriod(period, -1))}
          data-testid="staff-previous"
        >
          <IconChevronLeft size={18} style={flip} />
        </ActionIcon>
      </Tooltip>
      <Text fw={600} miw={150} ta="center" aria-live="polite" data-testid="staff-period">
        {label}
      </Text>
      <Tooltip label={t('filters.next')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('filters.next')}
          onClick={() => props.onChange(stepPeriod(period, 1))}
          data-testid="staff-next"
        >
          <IconChevronRight size={18} style={flip} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export default function StaffAnalyticsPage() {
  const { t } = useTranslation('staff-analytics');
  const can = new Set(useAuthUser().data?.can ?? []);
  const shops = useSelectableShops(true);
  const [params, setParams] = useSearchParams();
  const allowed = tabs.filter((tab) => can.has(tab.ability));
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = allowed.find((candidate) => candidate.value === tabParam)?.value ?? 'overview';
  const shopIds = (params.get('shops') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const kindParam = params.get('kind');
  // The weekly report is a week's, the monthly a month's; the overview takes either.
  const kind: PeriodKind =
    tab === 'weekly' ? 'week' : tab === 'monthly' ? 'month' : kindParam === 'month' ? 'month' : 'week';
  const period = periodOf(params.get('period'), kind);
  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value === null || value === '') merged.delete(name);
      else merged.set(name, value);
    }
    setParams(merged, { replace: true });
  };
  const days = periodDays(period) as { from: string; to: string };

  return (
    <>
      <PageHeader title={t('menu.analytics')} description={t('description')} />
      <Stack gap="md">
        <Card withBorder padding="md" component="section" aria-label={t('filters.label')}>
          <Group gap="sm" align="flex-end">
            <MultiSelect
              label={t('filters.shops')}
              placeholder={shopIds.length === 0 ? t('filters.allShops') : undefined}
              data={(shops.data ?? []).map((shop) => ({
                value: String(shop.id),
                label: `${shop.code} · ${shop.name}`,
              }))}
              value={shopIds.map(String)}
              onChange={(values) => change({ shops: values.join(',') })}
              searchable
              clearable
              w={{ base: '100%', sm: 320 }}
              data-testid="staff-shops"
            />
            {tab === 'overview' && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="staff-period-kind">
                  {t('filters.periodKind')}
                </Text>
                <SegmentedControl
                  aria-labelledby="staff-period-kind"
                  value={kind}
                  onChange={(value) =>
                    change({ kind: value === 'month' ? 'month' : null, period: periodOf(null, value as PeriodKind) })
                  }
                  data={[
                    { value: 'week', label: t('filters.week') },
                    { value: 'month', label: t('filters.month') },
                  ]}
                  data-testid="staff-period-kind"
                />
              </Stack>
            )}
            <PeriodStepper period={period} onChange={(next) => change({ period: next })} />
          </Group>
        </Card>

        <Tabs
          value={tab}
          onChange={(value) => change({ tab: value === 'overview' ? null : value, period: null })}
          keepMounted={false}
        >
          <Tabs.List>
            {allowed.map((candidate) => (
              <Tabs.Tab key={candidate.value} value={candidate.value} data-testid={`staff-tab-${candidate.value}`}>
                {t(`tabs.${candidate.value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            {/* A new question starts on the first page. */}
            <StaffOverview key={`${period}-${shopIds.join()}`} from={days.from} to={days.to} shopIds={shopIds} />
          </Tabs.Panel>
          <Tabs.Panel value="weekly" pt="md">
            <StaffReport key={`${period}-${shopIds.join()}`} kind="weekly" period={period} shopIds={shopIds} />
          </Tabs.Panel>
          <Tabs.Panel value="monthly" pt="md">
            <StaffReport key={`${period}-${shopIds.join()}`} kind="monthly" period={period} shopIds={shopIds} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
