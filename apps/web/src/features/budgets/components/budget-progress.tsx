// Takings against a budget as a bar with its percentage and both amounts, the same in the dashboard card and the
// manage page's list. Past 100 % the bar is full and green; without a budget it says so instead of a percentage.
import { budgetPercent } from '@bottega/contracts/budgets';
import { formatMoney } from '@bottega/contracts/money';
import { Group, Progress, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../ui/money';

/** Cents as typed into an input and shown without the sign: `1.234,56`. Hundredths of a piece read the same (2,35). */
export const asTyped = (cents: number) => formatMoney(cents).replace('€ ', '');

/** `hideLabel` where a column or card already names the bar: the label then only names the bar for screen readers. */
export function BudgetProgressBar(props: {
  label: string;
  cents: number;
  budgetCents: number;
  hideLabel?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('budgets');
  const percent = budgetPercent(props.cents, props.budgetCents);
  return (
    <div data-testid={props.testId} data-percent={percent ?? ''}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        {props.hideLabel ? (
          <VisuallyHidden>{props.label}</VisuallyHidden>
        ) : (
          <Text size="sm" fw={600}>
            {props.label}
          </Text>
        )}
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
