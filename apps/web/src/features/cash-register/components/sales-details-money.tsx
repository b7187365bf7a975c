import { formatMoney } from '@bottega/contracts/money';
import type { CSSProperties } from 'react';

const style: CSSProperties = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };

/** An amount in cents as `€ 1.234,56`, kept left-to-right inside Arabic text and on one line. */
export function Money({ cents, testId }: { cents: number | null | undefined; testId?: string }) {
  return (
    <bdi dir="ltr" style={style} data-testid={testId}>
      {formatMoney(cents)}
    </bdi>
  );
}
