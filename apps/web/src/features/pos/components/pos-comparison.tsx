// The month's total POS check (spec §4): per shop and day an imported file covers, the money settled beside the cash
// report's POS subtotal and the sales' card payments; the days that disagree flagged in red with their difference,
// and shown alone on demand.
import type { PosComparisonDay } from '@bottega/contracts/pos';
import { Alert, Badge, Card, EmptyState, Group, Skeleton, Switch, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { usePosComparison } from '../pos.api';
import { differenceFrom } from '../pos-format';

/** A figure beside the settlement: absent as a dash, and its difference in red where it disagrees. */
function Figure(props: { cents: number | null; settlementCents: number; testId: string }) {
  const { t } = useTranslation('pos');
  const difference = differenceFrom(props.settlementCents, props.cents);
  if (props.cents === null) {
    return (
      <Text size="sm" c="dimmed" span>
        {t('comparison.none')}
      </Text>
    );
  }
  // One block, so that on a card row the difference stays under its figure.
  return (
    <div>
      <Money cents={props.cents} />
      {difference !== null && (
        <Text size="xs" c="red" fw={600} data-testid={props.testId}>
          {t('comparison.difference')} <Money cents={difference} />
        </Text>
      )}
    </div>
  );
}

function ComparisonRow({ day }: { day: PosComparisonDay }) {
  const { t } = useTranslation('pos');
  const id = `${day.shopCode}-${day.date}`;
  return (
    <Table.Tr
      data-testid={`pos-day-${id}`}
      data-differs={day.differs}
      bg={day.differs ? 'var(--mantine-color-red-light)' : undefined}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatDate(day.date)} · <bdi>{day.shopCode}</bdi>
      </Table.Td>
      <Table.Td data-label={t('fields.shop')}>
        <bdi>{day.shopName}</bdi>
      </Table.Td>
      <Table.Td ta="end" fw={600} data-label={t('comparison.settlement')}>
        <Money cents={day.settlementCents} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('comparison.report')}>
        <Figure cents={day.reportCents} settlementCents={day.settlementCents} testId={`pos-day-${id}-report`} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('comparison.sales')}>
        <Figure cents={day.salesCents} settlementCents={day.settlementCents} testId={`pos-day-${id}-sales`} />
      </Table.Td>
      <Table.Td data-label={t('fields.state')}>
        {day.differs ? (
          <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
            {t('comparison.differs')}
          </Badge>
        ) : (
          <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
            {t('comparison.agrees')}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function PosComparisonCard(props: { month: string; shopId: number | undefined; enabled: boolean }) {
  const { t } = useTranslation(['pos', 'errors']);
  const comparison = usePosComparison(props.month, props.shopId, props.enabled);
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const days = (comparison.data?.days ?? []).filter((day) => !onlyDiffering || day.differs);
  const differing = comparison.data?.differing ?? 0;

  return (
    <Card withBorder padding={0}>
      <Group p="md" gap="sm" justify="space-between">
        {comparison.data && comparison.data.days.length > 0 && (
          <Text size="sm" fw={600} c={differing > 0 ? 'red' : 'teal'} data-testid="pos-comparison-summary">
            {differing > 0 ? t('comparison.differing', { count: differing }) : t('comparison.allAgree')}
          </Text>
        )}
        <Switch
          label={t('comparison.onlyDiffering')}
          checked={onlyDiffering}
          onChange={(event) => setOnlyDiffering(event.currentTarget.checked)}
          data-testid="pos-only-differing"
        />
      </Group>
      {comparison.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
          {errorMessage(comparison.error, t)}
        </Alert>
      ) : comparison.isPending ? (
        <Skeleton h={160} m="md" w="auto" />
      ) : days.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconScale size={32} />}
          title={comparison.data?.days.length ? t('comparison.noneDiffering') : t('comparison.empty')}
          description={comparison.data?.days.length ? undefined : t('comparison.emptyHint')}
          data-testid="pos-comparison-empty"
        />
      ) : (
        <ResponsiveTable verticalSpacing="sm" data-testid="pos-comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.date')}</Table.Th>
              <Table.Th>{t('fields.shop')}</Table.Th>
              <Table.Th ta="end">{t('comparison.settlement')}</Table.Th>
              <Table.Th ta="end">{t('comparison.report')}</Table.Th>
              <Table.Th ta="end">{t('comparison.sales')}</Table.Th>
              <Table.Th>{t('fields.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <ComparisonRow key={`${day.shopId}-${day.date}`} day={day} />
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </Card>
  );
}
