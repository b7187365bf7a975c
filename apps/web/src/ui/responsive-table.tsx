import { Table, type TableProps } from '@mantine/core';
import classes from './responsive-table.module.css';

/**
 * A table that fits any width without scrolling sideways: rows in columns where its container has room, card rows
 * below 45em of container (a phone, the shop tablet beside the menu). The same markup serves both: give each body
 * cell a `data-label` (its column's title, shown beside the value on a card), leave it off the cell naming the row
 * (the card's title), and mark the cell with the row's buttons `data-actions` (the card's top end).
 */
export function ResponsiveTable(props: Omit<TableProps, 'className'>) {
  return (
    <div className={classes.container}>
      <Table {...props} className={classes.table} />
    </div>
  );
}
