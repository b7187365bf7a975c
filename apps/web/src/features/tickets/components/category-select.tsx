// A category of the tree chosen by its path ("IT › Cassa"): a leaf to file a ticket under or move it to, or any
// category to filter a list by (a parent takes its whole branch).
import type { TicketCategory } from '@bottega/contracts/tickets';
import { Select, type SelectProps } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';

export const categoryLabel = (path: readonly string[]) => path.join(' › ');

export function CategorySelect(
  props: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
    categories: readonly TicketCategory[];
    /** Only the categories that hold tickets (leaves). */
    leavesOnly: boolean;
    value: number | null;
    onChange: (categoryId: number | null) => void;
  },
) {
  const { categories, leavesOnly, value, onChange, ...rest } = props;
  const data = categories
    .filter((category) => !leavesOnly || !category.isParent)
    .map((category) => ({ value: String(category.id), label: categoryLabel(category.path) }));
  return (
    <Select
      leftSection={<IconCategory size={16} />}
      searchable
      nothingFoundMessage="—"
      {...rest}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}
