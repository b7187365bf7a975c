// A post's state and one account's part of it, each in its colour, the same on the list, the calendar and the detail.
import type { PostState, TargetState } from '@bottega/contracts/automation';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const postStateColors: Record<PostState, MantineColor> = {
  draft: 'gray',
  scheduled: 'blue',
  publishing: 'cyan',
  published: 'green',
  failed: 'red',
  cancelled: 'grape',
};

export const targetStateColors: Record<TargetState, MantineColor> = {
  pending: 'gray',
  sending: 'cyan',
  published: 'green',
  failed: 'red',
};

export function PostStateBadge({ state, size = 'sm' }: { state: PostState; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('automation');
  return (
    <Badge color={postStateColors[state]} variant="light" size={size} data-testid="post-state" data-state={state}>
      {t(`postStates.${state}`)}
    </Badge>
  );
}

export function TargetStateBadge({ state }: { state: TargetState }) {
  const { t } = useTranslation('automation');
  return (
    <Badge color={targetStateColors[state]} variant="light" size="sm" data-testid="target-state" data-state={state}>
      {t(`targetStates.${state}`)}
    </Badge>
  );
}
