import { EmptyState, Group, Pagination, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryPlaceholder } from './query-placeholder';
import { ResponsiveTable } from './responsive-table';
import { listPerPage } from './use-list-page';

/**
 * The body of a list card paginated on the server, below its filters: the placeholder while the page loads or once it
 * failed, the empty state when there is no row, otherwise the table; then the total and the pagination. Test ids
 * `<testIdPrefix>-empty`, `-table` and `-total`.
 */
export function QueryTable<Row>(props: {
  query: { isError: boolean; isPending: boolean; error: unknown; data?: { data: Row[]; meta: { total: number } } };
  empty: { icon: ReactNode; title: string; description?: string };
  /** The head of each column; a column whose label is not text (the actions') says it in a VisuallyHidden. */
  columns: readonly { label: ReactNode; alignEnd?: boolean }[];
  /** One row, a Table.Tr with its key. */
  row: (row: Row) => ReactNode;
  total: (count: number) => string;
  page: number;
  onPage: (page: number) => void;
  testIdPrefix: string;
  /** Names the table for keyboard scrolling when its rows hold nothing to focus (see ResponsiveTable). */
  label?: string;
}) {
  const { query, empty, testIdPrefix } = props;
  const rows = query.data?.data ?? [];
  const count = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(count / listPerPage));
  return (
    <>
      {query.isError || query.isPending ? (
        <QueryPlaceholder query={query} />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          icon={empty.icon}
          title={empty.title}
          description={empty.description}
          data-testid={`${testIdPrefix}-empty`}
        />
      ) : (
        <ResponsiveTable
          highlightOnHover
          verticalSpacing="sm"
          data-testid={`${testIdPrefix}-table`}
          label={props.label}
        >
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in their order
                <Table.Th key={index} ta={column.alignEnd ? 'end' : undefined}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows.map(props.row)}</Table.Tbody>
        </ResponsiveTable>
      )}
      <Group justify="space-between" p="md">
        <Text size="sm" c="dimmed" data-testid={`${testIdPrefix}-total`}>
          {query.data ? props.total(count) : ''}
        </Text>
        {pages > 1 && <Pagination value={props.page} onChange={props.onPage} total={pages} />}
      </Group>
    </>
  );
}
