import { changePercent } from '@bottega/contracts/reports';
import { Text } from '@mantine/core';

/**
 * The change from `before` to `now` in percent, green when up and red when down (— when there is nothing to compare
 * with); `arrows` puts ↑ or ↓ before it, for a figure read at a glance (the sales report's cards).
 */
export function ChangePercent(props: { now: number | null; before: number | null; arrows?: boolean }) {
  const change = changePercent(props.now, props.before);
  if (change === null) return <Text span>—</Text>;
  const sign = props.arrows ? (change > 0 ? '↑ ' : change < 0 ? '↓ ' : '') : change > 0 ? '+' : '';
  return (
    <Text
      span
      // Dark enough on white and light enough on dark for small text (WCAG AA).
      c={
        change > 0
          ? 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))'
          : change < 0
            ? 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))'
            : undefined
      }
      fw={600}
      dir="ltr"
    >
      {`${sign}${String(props.arrows ? Math.abs(change) : change).replace('.', ',')}%`}
    </Text>
  );
}
