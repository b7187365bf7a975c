// The expenses paid from the till that day (spec §3 Authorised expense): only against an authorisation of
// management usable on the report's day, within what is left of it (§5). They lower the day's expected cash,
// so the report is refreshed after every change. Those who check costs (shops.costsIncurred.check) block and
// unblock them; a blocked expense no longer changes.
import type { CashReport } from '@bottega/contracts/cash-register';
import type { Expense } from '@bottega/contracts/expenses';
import { Alert, Badge, Button, Card, EmptyState, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconPlus,
  IconReceiptTax,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { DeleteConfirmationModal, useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { Money, moneyInText } from '../../../ui/money';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { useDeleteExpense, useExpenseAuthorisations, useReportExpenses, useSetExpenseBlocked } from '../expenses.api';
import { ExpenseModal } from './expense-modal';

export function ExpensesCard({ report }: { report: CashReport }) {
  const { t } = useTranslation(['expenses', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const canCheck = can.has('shops.costsIncurred.check');
  const canView = can.has('shops.costsIncurred.view');
  // Entered by who may add costs, on a day in progress or as a correction of a closed one (who may edit reports);
  // a partial confirmation freezes them with the figures.
  const writable = can.has('shops.costsIncurred.add') && (report.status === 'open' || report.can.correct);
  const expenses = useReportExpenses(report.id, canView);
  const usable = useExpenseAuthorisations(writable ? report.shopId : null, report.businessDate);
  const [editing, setEditing] = useState<{ expense: Expense | null } | null>(null);
  const deletion = useDeleteConfirmation(useDeleteExpense(report.id, report.shopId), (expense: Expense) =>
    t('list.deleteName', { description: expense.authorisation, amount: moneyInText(expense.amountCents) }),
  );
  const setBlocked = useSetExpenseBlocked(report.id, report.shopId);
  const [busyId, setBusyId] = useState<number | null>(null);

  const toggleBlocked = (expense: Expense) => {
    setBusyId(expense.id);
    setBlocked.mutate(
      { expenseId: expense.id, blocked: !expense.blocked },
      {
        onSuccess: (changed) =>
          notifications.show({
            color: 'green',
            message: t(changed.blocked ? 'list.blockedDone' : 'list.unblockedDone', {
              description: changed.authorisation,
            }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t) }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  if (!canView) return null;
  const rows = expenses.data ?? [];
  const total = rows.reduce((sum, expense) => sum + expense.amountCents, 0);
  const noAuthorisation = writable && usable.data !== undefined && usable.data.length === 0;
  // On a closed day only the direction acts: nothing to ask anybody, and no button that cannot be used.
  const correcting = report.status === 'closed';

  return (
    <Card withBorder padding="lg" data-testid="expenses-card">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Group gap="sm" wrap="nowrap">
            <IconReceiptTax size={22} color="var(--mantine-color-dimmed)" />
            <Title order={2} size="h4">
              {t('list.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('list.description')}
          </Text>
        </div>
        {writable && !(correcting && noAuthorisation) && (
          <Button
            leftSection={<IconPlus size={16} />}
            variant="light"
            onClick={() => setEditing({ expense: null })}
            disabled={usable.isPending || noAuthorisation}
            data-testid="expense-add"
          >
            {t('list.add')}
          </Button>
        )}
      </Group>
      {noAuthorisation && !correcting && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} mb="md" data-testid="expense-no-authorisation">
          {t('noAuthorisation')}
        </Alert>
      )}
      {usable.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
          {errorMessage(usable.error, t)}
        </Alert>
      )}
      {expenses.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(expenses.error, t)}
        </Alert>
      ) : expenses.isPending ? (
        <Stack gap="sm">
          <Skeleton h={18} />
          <Skeleton h={18} w="70%" />
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState py="md" icon={<IconReceiptTax size={28} />} title={t('list.empty')} data-testid="expenses-empty" />
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs" data-testid="expenses-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.authorisation')}</Table.Th>
                <Table.Th ta="end">{t('list.amount')}</Table.Th>
                <Table.Th>{t('list.comments')}</Table.Th>
                <Table.Th>{t('list.insertedBy')}</Table.Th>
                <Table.Th>{t('list.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((expense) => {
                // A convalidated expense is fixed (409 expenseConvalidated): nothing to offer.
                const changeable = writable && !expense.blocked && expense.convalidatedAt === null;
                const name = `${expense.authorisation} (${moneyInText(expense.amountCents)})`;
                return (
                  <Table.Tr key={expense.id} data-testid={`expense-${expense.id}`}>
                    <Table.Td>
                      <bdi>{expense.authorisation}</bdi>
                    </Table.Td>
                    <Table.Td ta="end" fw={500}>
                      <Money cents={expense.amountCents} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                        {expense.comments || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <bdi>{expense.insertedBy ?? '—'}</bdi>
                    </Table.Td>
                    <Table.Td>
                      {expense.convalidatedAt ? (
                        <Badge color="blue" variant="light" data-testid={`expense-convalidated-${expense.id}`}>
                          {t('convalidated')}
                        </Badge>
                      ) : expense.blocked ? (
                        <Badge color="orange" variant="light" leftSection={<IconLock size={12} />}>
                          {t('blocked')}
                        </Badge>
                      ) : (
                        <Badge color="teal" variant="light">
                          {t('entered')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        {changeable && (
                          <RowAction
                            label={t('list.edit')}
                            subject={name}
                            icon={<IconPencil size={18} />}
                            onClick={() => setEditing({ expense })}
                            testId={`expense-edit-${expense.id}`}
                          />
                        )}
                        {canCheck && (
                          <RowAction
                            label={expense.blocked ? t('list.unblock') : t('list.block')}
                            subject={name}
                            icon={expense.blocked ? <IconLockOpen size={18} /> : <IconLock size={18} />}
                            color={expense.blocked ? 'teal' : 'orange'}
                            loading={busyId === expense.id}
                            onClick={() => toggleBlocked(expense)}
                            testId={`expense-${expense.blocked ? 'unblock' : 'block'}-${expense.id}`}
                          />
                        )}
                        {changeable && (
                          <RowAction
                            label={t('list.delete')}
                            subject={name}
                            icon={<IconTrash size={18} />}
                            color="red"
                            onClick={() => deletion.ask(expense)}
                            testId={`expense-delete-${expense.id}`}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td>{t('list.total')}</Table.Td>
                <Table.Td ta="end">
                  <Money cents={total} testId="expenses-total" />
                </Table.Td>
                <Table.Td colSpan={4}>
                  <Text size="xs" c="dimmed" fw={400}>
                    {t('list.totalHint')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
      <ExpenseModal
        opened={editing !== null}
        reportId={report.id}
        shopId={report.shopId}
        expense={editing?.expense ?? null}
        authorisations={usable.data ?? []}
        onClose={() => setEditing(null)}
      />
      <DeleteConfirmationModal
        deletion={deletion}
        t={t}
        texts={{
          title: 'list.deleteTitle',
          message: 'list.deleteMessage',
          confirm: 'list.delete',
          done: 'list.deleted',
        }}
      />
    </Card>
  );
}
