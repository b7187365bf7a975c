import type { LogisticsFileState } from '@bottega/contracts/logistics';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const fileStateColor: Record<LogisticsFileState, MantineColor> = {
  saved: 'gray',
  sentForProcessing: 'yellow',
  processed: 'blue',
  emailed: 'teal',
};

export function FileStateBadge({ state, size = 'sm' }: { state: LogisticsFileState; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation('logistics');
  return (
    <Badge color={fileStateColor[state]} variant="light" size={size} data-testid="file-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}
