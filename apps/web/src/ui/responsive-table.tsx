import { Table, type TableProps } from '@mantine/core';
import classes from './responsive-table.module.css';

/**
 * A table that fits any width without scrolling sideways: rows in columns where its container has room, card rows
 * below 45em of container (a phone, the shop tablet beside the menu). The same markup serves both: give each body
 * cell a `data-label` (its column's title, shown beside the value on a card), leave it off the cell naming the row
 * (the card's title), and mark the cell with the row's buttons `data-actions` (the card's top end). Name a table
 * whose rows hold no link or button with `label`.
 */
export function ResponsiveTable({ label, ...props }: Omit<TableProps, 'className'> & { label?: string }) {
  return (
    // A table of many columns and nothing to focus in its rows still scrolls sideways from the keyboard when it does
    // not fit: its container, named by `label`, takes the focus (WCAG 2.1.1, axe scrollable-region-focusable).
    <div className={classes.container} {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
      <Table {...props} className={classes.table} />
    </div>
  );
}
