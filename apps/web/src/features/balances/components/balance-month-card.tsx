// A month's generated month-end balances: per shop the amount that stands, what generation computed and the figure
// computed now (a difference shows a change since), an "edited" badge with the reason; generating (after a
// confirmation) and correcting for those who may.
import '@mantine/dates/styles.css';
import type { BalanceMonthRow } from '@bottega/contracts/balances';
import { monthDays } from '@bottega/contracts/dates';
import { Alert, Badge, Button, Card, EmptyState, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCalculator, IconPencil, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money } from '../../../ui/money';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { useBalanceMonth, useGenerateBalances } from '../balances.api';
import { BalanceEditModal } from './balance-edit-modal';

export function BalanceMonthCard(props: { month: string; today: string; onMonth: (month: string) => void }) {
  const { t } = useTranslation(['balances', 'errors']);
  const can = useAuthUser().data?.can ?? [];
  const answer = useBalanceMonth(props.month);
  const generate = useGenerateBalances();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState<BalanceMonthRow | null>(null);
  const data = answer.data;
  const monthLabel = formatDate(monthDays(props.month).to);

  const confirmGenerate = () =>
    generate.mutate(props.month, {
      onSuccess: (result) => {
        setConfirming(false);
        notifications.show({
          color: 'green',
          message: t('month.generated', { count: result.created + result.updated, unchanged: result.unchanged }),
        });
      },
    });

  return (
    <Card withBorder padding={0} data-testid="balance-month">
      <Group p="md" justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h4">
            {t('month.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('month.description')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <MonthPickerInput
            label={t('month.month')}
            value={`${props.month}-01`}
            onChange={(value) => value && props.onMonth(value.slice(0, 7))}
            valueFormat="MMMM YYYY"
            locale={calendarLocale()}
            maxDate={`${props.today.slice(0, 7)}-01`}
            allowDeselect={false}
            w={190}
            data-testid="balance-month-picker"
          />
          {can.includes('shops.bank.balances.generate') && (
            <Button
              leftSection={<IconCalculator size={16} />}
              disabled={!data?.ended}
              title={data && !data.ended ? t('month.notEnded') : undefined}
              onClick={() => {
                generate.reset();
                setConfirming(true);
              }}
              data-testid="balance-generate"
            >
              {t('month.generate')}
            </Button>
          )}
        </Group>
      </Group>
      {answer.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
          {errorMessage(answer.error, t)}
        </Alert>
      ) : !data ? (
        <Skeleton h={160} m="md" w="auto" />
      ) : data.balances.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconScale size={32} />}
          title={t('month.empty')}
          description={data.ended ? t('month.emptyHint') : t('month.notEnded')}
          data-testid="balance-month-empty"
        />
      ) : (
        <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="balance-month-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.shop')}</Table.Th>
              <Table.Th ta="end">{t('month.amount')}</Table.Th>
              <Table.Th ta="end">{t('month.computed')}</Table.Th>
              <Table.Th ta="end">{t('month.live')}</Table.Th>
              <Table.Th>{t('month.by')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.balances.map((row) => (
              <Table.Tr key={row.id} data-testid={`balance-month-${row.shopCode}`}>
                <Table.Td>
                  <bdi>{`${row.shopCode} · ${row.shopName}`}</bdi>
                </Table.Td>
                <Table.Td ta="end" fw={600} data-label={t('month.amount')}>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {row.source === 'edited' && (
                      <Badge variant="light" color="orange" data-testid={`balance-edited-${row.shopCode}`}>
                        {t('edited')}
                      </Badge>
                    )}
                    <Money cents={row.amountCents} />
                  </Group>
                </Table.Td>
                <Table.Td ta="end" data-label={t('month.computed')}>
                  <Money cents={row.computedCents} />
                </Table.Td>
                <Table.Td ta="end" data-label={t('month.live')}>
                  <Money cents={row.liveCents} c={row.liveCents === row.computedCents ? undefined : 'orange'} />
                  {row.liveCents !== row.computedCents && (
                    <Text size="xs" c="dimmed">
                      {t('month.changedSince')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label={t('month.by')}>
                  <div>
                    <Text size="sm">{row.source === 'edited' ? row.editedBy : row.generatedBy}</Text>
                    {row.reason && (
                      <Text size="xs" c="dimmed" dir="auto" data-testid={`balance-reason-${row.shopCode}`}>
                        {row.reason}
                      </Text>
                    )}
                  </div>
                </Table.Td>
                <Table.Td data-actions>
                  {can.includes('shops.bank.balances.edit') && (
                    <RowAction
                      label={t('edit.action')}
                      subject={`${row.shopCode} · ${monthLabel}`}
                      icon={<IconPencil size={18} />}
                      onClick={() => setEditing(row)}
                      testId={`balance-edit-${row.shopCode}`}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('month.confirmTitle')}
        message={t('month.confirmMessage', { date: monthLabel })}
        confirmLabel={t('month.generate')}
        loading={generate.isPending}
        error={generate.error ? errorMessage(generate.error, t) : null}
        onConfirm={confirmGenerate}
        onClose={() => setConfirming(false)}
      />
      {editing && <BalanceEditModal balance={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
