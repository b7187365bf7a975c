import '@mantine/charts/styles.css';
import type { ShiftAnalyticsSummary } from '@bottega/contracts/shift-analytics';
import { BarChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { seriesLabel } from '../analytics-period';

const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/**
 * Planned, worked and overtime hours by day, week or month (@mantine/charts over recharts, loaded with this screen
 * only). The figures are in the table below too, so the picture is named once for screen readers.
 */
export function AnalyticsChart({ summary }: { summary: ShiftAnalyticsSummary }) {
  const { t } = useTranslation('shift-analytics');
  const lng = currentLanguage();
  const data = summary.series.map((point) => ({
    label: seriesLabel(point.key, summary.unit, lng),
    planned: hours(point.plannedMinutes),
    worked: hours(point.workedMinutes),
    overtime: hours(point.overtimeMinutes),
  }));
  const description = t('chart.description', { unit: t(`chart.units.${summary.unit}`) });
  return (
    <Card withBorder padding="md" data-testid="analytics-chart">
      <Title order={2} size="h4">
        {t('chart.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      <div role="img" aria-label={`${t('chart.title')}: ${description}`} dir="ltr">
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(value) => t('chart.hours', { hours: value.toLocaleString(lng) })}
          series={[
            { name: 'planned', label: t('chart.planned'), color: 'gray.6' },
            { name: 'worked', label: t('chart.worked'), color: 'blue.6' },
            { name: 'overtime', label: t('chart.overtime'), color: 'orange.7' },
          ]}
          tickLine="y"
        />
      </div>
    </Card>
  );
}
