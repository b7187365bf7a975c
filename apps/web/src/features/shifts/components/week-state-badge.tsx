import type { ShiftWeekState } from '@bottega/contracts/shifts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const stateColors: Record<ShiftWeekState | 'new', string> = {
  new: 'gray',
  assigned: 'blue',
  convalidated: 'orange',
  sent: 'green',
};

/** Where a shop's week stands (spec §4): not planned yet, assigned, convalidated, sent. */
export function ShiftWeekStateBadge({ state }: { state: ShiftWeekState | null }) {
  const { t } = useTranslation('shifts');
  return (
    <Badge color={stateColors[state ?? 'new']} variant="light" data-testid="week-state">
      {t(`state.${state ?? 'new'}`)}
    </Badge>
  );
}
