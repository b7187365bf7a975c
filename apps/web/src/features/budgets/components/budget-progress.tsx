// Takings against a budget as a bar with its percentage and both amounts, the same in the dashboard card and the
// manage page's list. Past 100 % the bar is full and green; without a budget it says so instead of a percentage.
import { budgetPercent } from '@bottega/contracts/budgets';
import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../ui/money';

export function BudgetProgressBar(props: { label: string; cents: number; budgetCents: number; testId?: string }) {
  const { t } = useTranslation('budgets');
  const percent = budgetPercent(props.cents, props.budgetCents);
  return (
    <div data-testid={props.testId} data-percent={percent ?? ''}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {props.label}
        </Text>
        <Text size="sm" fw={700} dir="ltr">
          {percent === null ? t('progress.noBudget') : `${percent} %`}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl" my={4}>
        <Progress.Section
          value={Math.min(percent ?? 0, 100)}
          color={percent !== null && percent >= 100 ? 'teal' : 'blue'}
          aria-label={props.label}
          aria-valuetext={percent === null ? t('progress.noBudget') : `${percent} %`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        <Money cents={props.cents} /> / <Money cents={props.budgetCents} />
      </Text>
    </div>
  );
}
