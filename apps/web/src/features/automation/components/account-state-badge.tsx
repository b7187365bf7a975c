// An account's state: connected (green), expired token (orange), other error (red); what the network said, when it
// is not connected, as the badge's tooltip and in its accessible description.
import type { AccountState } from '@bottega/contracts/automation';
import { Badge, type MantineColor, Tooltip } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const accountStateColors: Record<AccountState, MantineColor> = {
  connected: 'green',
  expired: 'orange',
  error: 'red',
};

export function AccountStateBadge({ state, message }: { state: AccountState; message?: string | null }) {
  const { t } = useTranslation('automation');
  const descriptionId = useId();
  const badge = (
    <Badge
      color={accountStateColors[state]}
      variant="light"
      size="sm"
      tabIndex={message ? 0 : undefined}
      aria-describedby={message ? descriptionId : undefined}
      data-testid="account-state"
      data-state={state}
    >
      {t(`accountStates.${state}`)}
    </Badge>
  );
  if (!message) return badge;
  return (
    <>
      <Tooltip label={message} multiline maw={320} events={{ hover: true, focus: true, touch: true }}>
        {badge}
      </Tooltip>
      <span id={descriptionId} hidden>
        {message}
      </span>
    </>
  );
}
