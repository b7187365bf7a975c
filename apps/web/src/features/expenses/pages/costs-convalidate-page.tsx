// Accountancy › Spese da convalidare (costsIncurred/convalidate): the closed days' expenses of the shops accounting
// reaches, oldest first, with their authorisation, receipts and report; corrected or deleted if need be, then
// convalidated one by one or several at once, after a confirmation.
import type { CostIncurred } from '@bottega/contracts/expenses';
import { Alert, Button, Card, EmptyState, Group, Pagination, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconChecks, IconReceiptEuro } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { moneyInText } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { listPerPage } from '../../../ui/use-list-page';
import { CostFilters, useCostFilters } from '../components/costs-filters';
import { CostsTable } from '../components/costs-table';
import { pickedCosts } from '../cost-incurred-form';
import { useConvalidateCosts, useCostsToConvalidate } from '../costs-incurred.api';

export default function CostsConvalidatePage() {
  const { t } = useTranslation(['expenses', 'errors']);
  const filters = useCostFilters({ monthRequired: false });
  const costs = useCostsToConvalidate(
    { shopId: filters.shop?.id, month: filters.month },
    filters.page,
    !filters.shops.isPending,
  );
  const convalidate = useConvalidateCosts();
  const [selected, setSelected] = useState<number[]>([]);
  const [asked, setAsked] = useState<CostIncurred[] | null>(null);
  const rows = costs.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((costs.data?.meta.total ?? 0) / listPerPage));
  const picked = pickedCosts(rows, selected);
  const askedSum = (asked ?? []).reduce((sum, cost) => sum + cost.amountCents, 0);

  const ask = (list: CostIncurred[]) => {
    convalidate.reset();
    setAsked(list);
  };
  const confirm = () =>
    asked &&
    convalidate.mutate(
      asked.map((cost) => cost.id),
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: t('costs.convalidate.done', { count: answer.convalidated }) });
          setSelected((current) => current.filter((id) => !asked.some((cost) => cost.id === id)));
          setAsked(null);
        },
      },
    );

  return (
    <>
      <PageHeader title={t('costs.convalidate.title')} description={t('costs.convalidate.intro')} />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end" justify="space-between">
          <Group gap="sm" align="flex-end">
            <CostFilters filters={filters} anyMonth />
          </Group>
          <Group gap="sm">
            {costs.data && (
              <Text size="sm" data-testid="costs-total">
                {t('costs.convalidate.total', {
                  amount: moneyInText(costs.data.totals.amountCents),
                  n: costs.data.totals.count,
                })}
              </Text>
            )}
            <Button
              leftSection={<IconChecks size={16} />}
              disabled={picked.costs.length === 0}
              onClick={() => ask(picked.costs)}
              data-testid="costs-convalidate-selected"
            >
              {t('costs.convalidate.convalidateSelected', { n: picked.costs.length })}
            </Button>
          </Group>
        </Group>
        {costs.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
            {errorMessage(costs.error, t)}
          </Alert>
        ) : filters.shops.isPending || costs.isPending ? (
          <Skeleton h={160} m="md" w="auto" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconReceiptEuro size={32} />}
            title={t('costs.convalidate.empty')}
            data-testid="costs-empty"
          />
        ) : (
          <CostsTable costs={rows} mode="convalidate" selected={selected} onSelect={setSelected} onConvalidate={ask} />
        )}
        {pages > 1 && (
          <Group justify="center" p="md">
            <Pagination
              value={filters.page}
              total={pages}
              onChange={(next) => filters.change({ page: String(next) })}
            />
          </Group>
        )}
      </Card>
      <ConfirmModal
        opened={asked !== null}
        title={t('costs.convalidate.confirmTitle')}
        message={t('costs.convalidate.confirmBody', { count: asked?.length ?? 0, amount: moneyInText(askedSum) })}
        confirmLabel={t('costs.convalidate.convalidateOne')}
        loading={convalidate.isPending}
        error={convalidate.error ? errorMessage(convalidate.error, t) : null}
        onConfirm={confirm}
        onClose={() => setAsked(null)}
      />
    </>
  );
}
