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

/**
 * An amount inside a sentence: isolated left to right (U+2066 … U+2069), so `€ 7,50` stays whole in Arabic
 * text too, where the Money component cannot go (a select's option, a notice, a message).
 */
export function moneyInText(cents: number): string {
  return `\u2066${formatMoney(cents)}\u2069`;
}
