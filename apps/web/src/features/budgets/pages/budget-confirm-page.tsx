// Negozio › Conferma budget (shop/manage/budget/convalidate?month=YYYY-MM): the chosen shop's month as the area
// manager sent it — the sales budget, the two receipt targets, the notes and the days — confirmed by the shop's staff
// after a confirmation. A budget changed after it was sent shows again only once it is sent again.
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconTargetArrow } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useConfirmBudget, useSentBudget } from '../budgets.api';
import { asTyped } from '../components/budget-progress';
import { budgetStateColor, useChosenMonth } from './budgets-page';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {children}
      </Text>
    </div>
  );
}

export default function BudgetConfirmPage() {
  const { t } = useTranslation(['budgets', 'errors']);
  const [month, setMonth] = useChosenMonth();
  const sent = useSentBudget(month);
  const confirm = useConfirmBudget();
  const [asking, setAsking] = useState(false);
  const budget = sent.data;

  const run = () => {
    if (!budget) return;
    confirm.mutate(
      { shopId: budget.shopId, month: budget.month },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('confirm.done') });
          setAsking(false);
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={t('confirm.title')} description={t('confirm.description')} />
      <MonthPickerInput
        label={<VisuallyHidden>{t('month')}</VisuallyHidden>}
        value={`${month}-01`}
        onChange={(value) => value && setMonth(value.slice(0, 7))}
        valueFormat="MMMM YYYY"
        locale={calendarLocale()}
        allowDeselect={false}
        w={200}
        mb="md"
        data-testid="budget-month"
      />
      {sent.data === undefined ? (
        <QueryPlaceholder query={sent} />
      ) : !budget ? (
        <Card withBorder radius="md">
          <EmptyState
            py="xl"
            icon={<IconTargetArrow />}
            title={t('confirm.empty.title')}
            description={t('confirm.empty.description')}
            data-testid="budget-confirm-empty"
          />
        </Card>
      ) : (
        <Stack gap="md">
          <Card withBorder radius="md">
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>
                  <bdi>{`${budget.shopCode} · ${budget.shopName}`}</bdi>
                </Text>
                <Badge color={budgetStateColor[budget.state]} variant="light" size="lg" data-testid="budget-state">
                  {t(`states.${budget.state}`)}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <Figure label={t('fields.sales')}>
                  <Money cents={budget.salesCents} testId="budget-confirm-sales" />
                </Figure>
                <Figure label={t('fields.averageReceipt')}>
                  <Money cents={budget.averageReceiptCents} />
                </Figure>
                <Figure label={t('fields.pieces')}>
                  <span dir="ltr">{asTyped(budget.piecesPerReceipt)}</span>
                </Figure>
              </SimpleGrid>
              {budget.notes && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
                  {budget.notes}
                </Text>
              )}
              {budget.confirmed ? (
                <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="budget-confirmed">
                  {t('confirm.confirmedBy', {
                    name: budget.confirmed.by ?? '',
                    date: formatDate(budget.confirmed.at.slice(0, 10)),
                  })}
                </Alert>
              ) : (
                <Group justify="flex-end">
                  <Button
                    leftSection={<IconCircleCheck size={16} />}
                    onClick={() => {
                      confirm.reset();
                      setAsking(true);
                    }}
                    data-testid="budget-confirm"
                  >
                    {t('confirm.action')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
          <Card withBorder radius="md" p={0}>
            <ResponsiveTable verticalSpacing={6} data-testid="budget-days">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('days.date')}</Table.Th>
                  <Table.Th ta="end">{t('days.budget')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {budget.days.map((day) => (
                  <Table.Tr key={day.date}>
                    <Table.Td>
                      {formatDate(day.date)}{' '}
                      {!day.open && (
                        <Badge color="gray" variant="light" size="sm">
                          {t('days.closed')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t('days.budget')} ta="end">
                      <Money cents={day.cents} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          </Card>
        </Stack>
      )}
      <ConfirmModal
        opened={asking}
        title={t('confirm.modalTitle')}
        message={t('confirm.modalMessage', { shop: budget ? `${budget.shopCode} · ${budget.shopName}` : '' })}
        confirmLabel={t('confirm.action')}
        loading={confirm.isPending}
        error={confirm.error ? errorMessage(confirm.error, t) : null}
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
