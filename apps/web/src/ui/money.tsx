import { formatMoney } from '@bottega/contracts/money';
import { type MantineColor, Text } from '@mantine/core';

/** An amount in cents as the screens show them, `€ 1.234,56`: left to right in Arabic too, on one line. */
export function Money({ cents, c, testId }: { cents: number | null | undefined; c?: MantineColor; testId?: string }) {
  return (
    <Text
      span
      inherit
      dir="ltr"
      c={c}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', unicodeBidi: 'isolate' }}
      data-testid={testId}
    >
      {formatMoney(cents)}
    </Text>
  );
}
