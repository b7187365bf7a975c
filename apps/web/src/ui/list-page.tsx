import { Button, Card, EmptyState, Group, Pagination, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/error-message';
import { DeleteConfirmationModal } from './delete-confirmation';
import { PageHeader } from './page-header';
import { ResponsiveTable } from './responsive-table';
import { RowAction } from './row-action';
import { type ListState, listPerPage } from './use-list-page';

/**
 * A list screen paginated on the server: its header with the create button, a card with the search
 * box and the screen's filters, then the server's refusal, the empty state or the table, and the
 * pagination, with the total when the screen counts its rows; last the question before a row is
 * deleted. Each row ends with its actions: open (or edit), the screen's own, delete.
 * Its texts are the keys title, description, create, open, edit, delete, deleteTitle, deleteMessage
 * and deleted of the namespace `t` reads. Test ids `<testIdPrefix>-empty`, `-table` and `-total`
 * mark the card's parts when a prefix is given.
 */
export function ListPage<Row extends { id: number }>(props: {
  t: TFunction;
  /** Where the create button leads; no button without it. */
  createTo?: string | false;
  list: ListState<Row>;
  query: Pick<UseQueryResult<{ data: Row[]; meta: { total: number } }>, 'data' | 'error' | 'isError' | 'isPending'>;
  search: { label: string; width: number; testId?: string };
  filters?: ReactNode;
  empty: { icon: ReactNode; title: string; description?: string };
  columns: { label: string; alignEnd?: boolean }[];
  /** Placeholder rows while the first page loads, instead of an empty table. */
  skeleton?: boolean;
  row: {
    testId: (row: Row) => string;
    /** What the row's actions act on, for their accessible names. */
    subject: (row: Row) => string;
    /** The row's cells: each with its column's title as `data-label` but the one naming the row (ResponsiveTable). */
    cells: (row: Row) => ReactNode;
    /** The row's page, labelled edit when `editable`, open otherwise; no link without it. */
    open?: false | { to: (row: Row) => string; editable: boolean };
    /** The screen's own actions, between open and delete. */
    actions?: (row: Row) => ReactNode;
    canDelete: (row: Row) => boolean;
  };
  /** The count shown beside the pagination; without it the pagination stands alone, centred. */
  total?: (count: number) => string;
  testIdPrefix?: string;
}) {
  const { t, list, query, search, empty, row: spec, testIdPrefix } = props;
  const testId = (part: string) => (testIdPrefix ? `${testIdPrefix}-${part}` : undefined);
  const rows = query.data?.data ?? [];
  const count = query.data?.meta.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / listPerPage));
  const pagination = totalPages > 1 && <Pagination value={list.page} onChange={list.setPage} total={totalPages} />;
  const columnCount = props.columns.length + 1;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          props.createTo && (
            <Button component={Link} to={props.createTo} leftSection={<IconPlus size={16} />}>
              {t('create')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end">
          <TextInput
            placeholder={search.label}
            aria-label={search.label}
            leftSection={<IconSearch size={16} />}
            value={list.search}
            onChange={(event) => list.setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: search.width }}
            data-testid={search.testId}
          />
          {props.filters}
        </Group>
        {query.isError ? (
          <Text c="red" p="md" role="alert">
            {errorMessage(query.error, t)}
          </Text>
        ) : rows.length === 0 && !query.isPending ? (
          <EmptyState
            py="xl"
            icon={empty.icon}
            title={empty.title}
            description={empty.description}
            data-testid={testId('empty')}
          />
        ) : (
          <ResponsiveTable highlightOnHover verticalSpacing="sm" data-testid={testId('table')}>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((column) => (
                  <Table.Th key={column.label} ta={column.alignEnd ? 'end' : undefined}>
                    {column.label}
                  </Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.skeleton && query.isPending
                ? Array.from({ length: 6 }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                    <Table.Tr key={index}>
                      {Array.from({ length: columnCount }, (_, cell) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
                        <Table.Td key={cell}>
                          <Skeleton h={14} w={cell === 0 ? 160 : 80} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((row) => (
                    <Table.Tr key={row.id} data-testid={spec.testId(row)}>
                      {spec.cells(row)}
                      <Table.Td data-actions>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {spec.open && (
                            <RowAction
                              label={spec.open.editable ? t('edit') : t('open')}
                              subject={spec.subject(row)}
                              icon={spec.open.editable ? <IconPencil size={18} /> : <IconEye size={18} />}
                              to={spec.open.to(row)}
                            />
                          )}
                          {spec.actions?.(row)}
                          {spec.canDelete(row) && (
                            <RowAction
                              label={t('delete')}
                              subject={spec.subject(row)}
                              icon={<IconTrash size={18} />}
                              color="red"
                              onClick={() => list.deletion.ask(row)}
                            />
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {props.total ? (
          <Group justify="space-between" p="md">
            <Text size="sm" c="dimmed" data-testid={testId('total')}>
              {query.data ? props.total(count) : ''}
            </Text>
            {pagination}
          </Group>
        ) : (
          pagination && (
            <Group justify="center" p="md">
              {pagination}
            </Group>
          )
        )}
      </Card>
      <DeleteConfirmationModal deletion={list.deletion} t={t} />
    </>
  );
}
