import { Anchor } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './icon-link.module.css';

/** A link to another club screen: an optional icon before its words, an arrow after them (mirrored right to left). */
export function IconLink({ to, icon, children }: { to: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <span className={classes.content}>
        {icon}
        <span>{children}</span>
        <IconChevronRight size={16} aria-hidden className={classes.forward} />
      </span>
    </Anchor>
  );
}
