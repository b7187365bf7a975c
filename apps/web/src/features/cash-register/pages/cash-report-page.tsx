// Negozio › Cassa › a day's report (shop/cashRegister/{reportID}/edit): the header with the shop, the day and
// where the report stands, then its tabs (spec §2): compensation, sales details, receipts, attachments and the
// weekly report. The tab is in the address (?tab=receipts) so a link or a reload opens the same one.
import { Button, Card, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCalendarWeek,
  IconCashRegister,
  IconChartBar,
  IconPaperclip,
  IconReceipt,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { StatusPage } from '../../../ui/status-page';
import { reportIdOf } from '../../auth/sign-in-redirect';
import { ltr, weekdayOf } from '../cash-day';
import { useCashReport } from '../cash-register.api';
import { AttachmentsTab } from '../components/attachments-tab';
import { CashStatusBadge } from '../components/cash-status-badge';
import { CompensationTab } from '../components/compensation-tab';
import { ReceiptsTab } from '../components/receipts-tab';
import { SalesDetailsTab } from '../components/sales-details-tab';
import { WeeklyTab } from '../components/weekly-tab';

export const reportTabs = ['compensation', 'salesDetails', 'receipts', 'attachments', 'weekly'] as const;
export type ReportTab = (typeof reportTabs)[number];

const tabIcons = {
  compensation: IconCashRegister,
  salesDetails: IconChartBar,
  receipts: IconReceipt,
  attachments: IconPaperclip,
  weekly: IconCalendarWeek,
} as const;

export default function CashReportPage() {
  const reportId = reportIdOf(useParams().reportId);
  if (reportId === null) return <StatusPage status={404} />;
  return <CashReportScreen key={reportId} reportId={reportId} />;
}

function CashReportScreen({ reportId }: { reportId: number }) {
  const { t } = useTranslation('cash-register');
  const report = useCashReport(reportId);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ReportTab = (reportTabs as readonly string[]).includes(requested ?? '')
    ? (requested as ReportTab)
    : 'compensation';

  if (report.error instanceof ApiError && report.error.status === 404) return <StatusPage status={404} />;
  if (report.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(report.error, t)}
      </Text>
    );
  }
  if (!report.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('report.loading')} />
      </Center>
    );
  }
  const data = report.data;

  return (
    <>
      <ReportHeader report={data} />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(
            (current) => {
              if (!value || value === 'compensation') current.delete('tab');
              else current.set('tab', value);
              return current;
            },
            { replace: true },
          )
        }
        // Only the compensation form stays mounted when hidden: what is typed there survives a look at the receipts.
        keepMounted={false}
        keepMountedMode="display-none"
      >
        <Tabs.List>
          {reportTabs.map((value) => {
            const Icon = tabIcons[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />} data-testid={`cash-tab-${value}`}>
                {t(`tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="compensation" keepMounted>
          <CompensationTab report={data} />
        </Tabs.Panel>
        <Tabs.Panel value="salesDetails" pt="md">
          <SalesDetailsTab report={data} />
        </Tabs.Panel>
        <Tabs.Panel value="receipts" pt="md">
          <ReceiptsTab report={data} />
        </Tabs.Panel>
        <Tabs.Panel value="attachments" pt="md">
          <AttachmentsTab report={data} />
        </Tabs.Panel>
        <Tabs.Panel value="weekly" pt="md">
          <WeeklyTab report={data} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** The shop, the day with its weekday, where the report stands and who confirmed or closed it, when. */
function ReportHeader({ report }: { report: NonNullable<ReturnType<typeof useCashReport>['data']> }) {
  const { t } = useTranslation('cash-register');
  const month = report.businessDate.slice(0, 7);
  return (
    <Card withBorder mb="md" padding="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" data-testid="cash-report-shop">
            <bdi>{report.shopName}</bdi>
          </Text>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {t('report.title', { date: ltr(formatDate(report.businessDate)) })}
            </Title>
            <CashStatusBadge status={report.status} size="lg" data-testid="cash-status" />
          </Group>
          <Text size="sm" c="dimmed" tt="capitalize">
            {weekdayOf(report.businessDate, currentLanguage())} · {t('report.week', { week: ltr(report.week) })}
          </Text>
          {report.partialBy && report.partialAt && (
            <Text size="sm" data-testid="cash-partial-by">
              {t('report.partialBy', { name: report.partialBy.name, time: ltr(formatDateTime(report.partialAt)) })}
            </Text>
          )}
          {report.closedBy && report.closedAt && (
            <Text size="sm" data-testid="cash-closed-by">
              {t('report.closedBy', { name: report.closedBy.name, time: ltr(formatDateTime(report.closedAt)) })}
            </Text>
          )}
          {report.updatedBy && (
            <Text size="xs" c="dimmed">
              {t('report.updatedBy', { name: report.updatedBy.name, time: ltr(formatDateTime(report.updatedAt)) })}
            </Text>
          )}
        </Stack>
        <Button
          variant="default"
          component={Link}
          to={`/app/shop/cashRegister?month=${month}`}
          leftSection={<IconArrowBackUp size={16} />}
        >
          {t('report.backToMonth')}
        </Button>
      </Group>
    </Card>
  );
}
