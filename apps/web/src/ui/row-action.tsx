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
}) {
  const ariaLabel = `${props.label}: ${props.subject}`;
  return (
    <Tooltip label={props.label}>
      {props.to ? (
        <ActionIcon variant="subtle" color={props.color} component={Link} to={props.to} aria-label={ariaLabel}>
          {props.icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={props.color} onClick={props.onClick} aria-label={ariaLabel}>
          {props.icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
