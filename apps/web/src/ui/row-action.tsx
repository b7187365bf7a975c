import { ActionIcon, type MantineColor, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * An icon button of a table row: a link (`to`) or an action (`onClick`), with its label as tooltip
 * and as accessible name together with what it acts on ("Elimina: Milano Duomo").
 */
export function RowAction(props: {
  label: string;
  subject: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  color?: MantineColor;
  /** The action is under way: a spinner instead of the icon. */
  loading?: boolean;
  testId?: string;
}) {
  const common = {
    variant: 'subtle',
    color: props.color,
    loading: props.loading,
    'aria-label': `${props.label}: ${props.subject}`,
    'data-testid': props.testId,
  } as const;
  return (
    <Tooltip label={props.label}>
      {props.to ? (
        <ActionIcon {...common} component={Link} to={props.to}>
          {props.icon}
        </ActionIcon>
      ) : (
        <ActionIcon {...common} onClick={props.onClick}>
          {props.icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
