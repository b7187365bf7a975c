// The dashboard's budget card: how the chosen shop's day and month are going against the budget — today's takings
// against today's budget, the month to date against the budget to date, and against the whole month. Read again
// every minute as receipts arrive (budgets.api.ts).
import { Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconTargetArrow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useBudgetProgress } from '../budgets.api';
import { BudgetProgressBar } from './budget-progress';

export function BudgetProgressCard(props: { shopId: number; asStaff: boolean }) {
  const { t } = useTranslation(['budgets', 'errors']);
  const progress = useBudgetProgress(props);
  const figures = progress.data;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="budget-progress-title" data-testid="budget-card">
      <Group gap="xs" mb="sm">
        <IconTargetArrow size={20} aria-hidden />
        <Title order={2} size="h4" id="budget-progress-title">
          {t('progress.title')}
        </Title>
      </Group>
      {progress.isError ? (
        <Text c="red" role="alert">
          {errorMessage(progress.error, t)}
        </Text>
      ) : !figures ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Skeleton h={56} />
          <Skeleton h={56} />
          <Skeleton h={56} />
        </SimpleGrid>
      ) : figures.monthBudgetCents === 0 ? (
        <Text c="dimmed" data-testid="budget-card-empty">
          {t('progress.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <BudgetProgressBar
            label={t('progress.today')}
            cents={figures.todayCents}
            budgetCents={figures.todayBudgetCents}
            testId="budget-card-today"
          />
          <BudgetProgressBar
            label={t('progress.toDate')}
            cents={figures.monthToDateCents}
            budgetCents={figures.budgetToDateCents}
            testId="budget-card-to-date"
          />
          <BudgetProgressBar
            label={t('progress.month')}
            cents={figures.monthToDateCents}
            budgetCents={figures.monthBudgetCents}
            testId="budget-card-month"
          />
        </SimpleGrid>
      )}
    </Card>
  );
}
