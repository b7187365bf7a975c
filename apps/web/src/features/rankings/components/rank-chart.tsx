import '@mantine/charts/styles.css';
import type { RankAnalytics } from '@bottega/contracts/rankings';
import { LineChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The shop in the theme's blue, its rivals in colours that stay apart from it and each other, light and dark. */
const colours = ['blue.6', 'orange.7', 'grape.6', 'teal.7', 'red.7', 'lime.8', 'pink.6', 'gray.6'];

export const monthLabel = (period: string) => `${period.slice(5)}/${period.slice(0, 4)}`;

/**
 * The shop's position against each competitor's month by month (@mantine/charts over recharts, loaded with this screen
 * only), the axis upside down so that the 1st place is on top. The figures are in the table below too, so the picture
 * is named once for screen readers.
 */
export function RankChart({ analytics }: { analytics: RankAnalytics }) {
  const { t } = useTranslation('rankings');
  const key = (index: number) => `s${index}`;
  const data = analytics.periods.map((period, month) => ({
    month: monthLabel(period),
    ...Object.fromEntries(analytics.series.map((series, index) => [key(index), series.positions[month]])),
  }));
  const description = t('analytics.chartDescription', { shop: analytics.series[0]?.name ?? '' });
  return (
    <Card withBorder padding="md" data-testid="rank-chart">
      <Title order={2} size="h4">
        {t('analytics.chartTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      <div role="img" aria-label={`${t('analytics.chartTitle')}: ${description}`} dir="ltr">
        <LineChart
          h={300}
          data={data}
          dataKey="month"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          connectNulls
          curveType="linear"
          yAxisProps={{ reversed: true, allowDecimals: false, domain: [1, 'dataMax'] }}
          valueFormatter={(value) => t('analytics.place', { position: value })}
          series={analytics.series.map((series, index) => ({
            name: key(index),
            label: series.name,
            color: colours[index % colours.length] as string,
            strokeDasharray: index === 0 ? undefined : '5 3',
          }))}
          strokeWidth={2}
          tickLine="y"
        />
      </div>
    </Card>
  );
}
