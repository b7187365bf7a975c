// The folder's items as a grid of tiles or as a list with sortable columns. Both select the same way
// (click, Ctrl/Cmd-click, Shift-click) and open on double click; the go-back entry comes first.
import { type FileItem, previewableKinds } from '@bottega/contracts/files';
import {
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowBackUp, IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { type Selection, type SelectMode, type Sort, type SortColumn, shortenName } from '../file-listing';
import { FileIcon } from './file-icon';

export type FileViewProps = {
  /** What the items are, for assistive technology: the folder's contents. */
  label: string;
  items: FileItem[];
  /** The parent folder, null at the root (no go-back entry there). */
  parent: string | null;
  selection: Selection;
  sort: Sort;
  onSort: (column: SortColumn) => void;
  onSelect: (item: FileItem, mode: SelectMode) => void;
  onItemContextMenu: (item: FileItem) => void;
  onOpen: (item: FileItem) => void;
  onBack: () => void;
  onToggleAll: () => void;
};

/** Shift extends from the last click; Ctrl (Cmd on a Mac) adds or removes one item. */
function selectMode(event: MouseEvent): SelectMode {
  if (event.shiftKey) return 'range';
  return event.ctrlKey || event.metaKey ? 'toggle' : 'single';
}

export const isPreviewable = (item: FileItem) => previewableKinds.includes(item.type);

function modifiedAt(item: FileItem): string {
  return formatDateTime(new Date(item.timestamp * 1000).toISOString());
}

/** The go-back arrow points to where "back" is: left, or right in right-to-left languages. */
function BackIcon({ size }: { size: number }) {
  const { dir } = useDirection();
  return (
    <IconArrowBackUp
      size={size}
      stroke={1.5}
      aria-hidden
      style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
    />
  );
}

const tileStyle = (selected: boolean) => ({
  cursor: 'pointer',
  userSelect: 'none' as const,
  borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
  background: selected ? 'var(--mantine-primary-color-light)' : undefined,
});

export function FileGrid(props: FileViewProps) {
  const { t } = useTranslation('files');
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, sm: 4, md: 6, lg: 8 }}
      spacing="sm"
      role="listbox"
      aria-multiselectable
      aria-label={props.label}
    >
      {props.parent !== null && (
        <Paper
          withBorder
          p="sm"
          role="option"
          aria-selected={false}
          tabIndex={0}
          aria-label={t('back')}
          data-testid="file-back"
          style={tileStyle(false)}
          onClick={props.onBack}
          onKeyDown={(event) => event.key === 'Enter' && props.onBack()}
        >
          <Stack align="center" gap={6}>
            <BackIcon size={40} />
            <Text size="sm" ta="center">
              ..
            </Text>
          </Stack>
        </Paper>
      )}
      {props.items.map((item) => {
        const selected = props.selection.paths.has(item.path);
        const shown = shortenName(item.basename);
        return (
          <Tooltip key={item.path} label={item.basename} disabled={shown === item.basename} openDelay={400}>
            <Paper
              withBorder
              p="sm"
              role="option"
              aria-selected={selected}
              title={item.basename}
              tabIndex={0}
              data-testid={`file-item-${item.basename}`}
              style={tileStyle(selected)}
              onClick={(event) => props.onSelect(item, selectMode(event))}
              onDoubleClick={() => props.onOpen(item)}
              onContextMenu={() => props.onItemContextMenu(item)}
            >
              <Stack align="center" gap={6}>
                <FileIcon type={item.type} size={40} />
                {/* Read out in full; the shortened name is for the eye. */}
                <Text size="sm" ta="center" style={{ wordBreak: 'break-all' }} dir="auto" aria-hidden>
                  {shown}
                </Text>
                <VisuallyHidden>{item.basename}</VisuallyHidden>
                <Text size="xs" c="dimmed">
                  {item.type === 'folder' ? t('kinds.folder') : formatFileSize(item.size)}
                </Text>
              </Stack>
            </Paper>
          </Tooltip>
        );
      })}
    </SimpleGrid>
  );
}

function SortHeader(props: { column: SortColumn; sort: Sort; onSort: (column: SortColumn) => void; label: string }) {
  const active = props.sort.column === props.column;
  const Arrow = props.sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (props.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => props.onSort(props.column)} data-testid={`sort-${props.column}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {props.label}
          </Text>
          {active && <Arrow size={14} aria-hidden />}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function FileList(props: FileViewProps) {
  const { t } = useTranslation('files');
  const count = props.items.filter((item) => props.selection.paths.has(item.path)).length;
  return (
    <ResponsiveTable highlightOnHover verticalSpacing={6} style={{ userSelect: 'none' }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox
              aria-label={t('selectAll')}
              checked={count > 0 && count === props.items.length}
              indeterminate={count > 0 && count < props.items.length}
              disabled={props.items.length === 0}
              onChange={props.onToggleAll}
              data-testid="select-all"
            />
          </Table.Th>
          <SortHeader column="name" sort={props.sort} onSort={props.onSort} label={t('columns.name')} />
          <SortHeader column="size" sort={props.sort} onSort={props.onSort} label={t('columns.size')} />
          <SortHeader column="date" sort={props.sort} onSort={props.onSort} label={t('columns.date')} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.parent !== null && (
          <Table.Tr data-testid="file-back">
            <Table.Td />
            <Table.Td colSpan={3}>
              <UnstyledButton onClick={props.onBack} aria-label={t('back')}>
                <Group gap="xs" wrap="nowrap">
                  <BackIcon size={20} />
                  <Text size="sm">..</Text>
                </Group>
              </UnstyledButton>
            </Table.Td>
          </Table.Tr>
        )}
        {props.items.map((item) => {
          const selected = props.selection.paths.has(item.path);
          return (
            <Table.Tr
              key={item.path}
              aria-selected={selected}
              bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
              data-testid={`file-item-${item.basename}`}
              tabIndex={0}
              onClick={(event) => props.onSelect(item, selectMode(event))}
              onDoubleClick={() => props.onOpen(item)}
              onContextMenu={() => props.onItemContextMenu(item)}
            >
              <Table.Td onClick={(event) => event.stopPropagation()} data-actions>
                <Checkbox
                  aria-label={t('select', { name: item.basename })}
                  checked={selected}
                  onChange={() => props.onSelect(item, 'toggle')}
                />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <FileIcon type={item.type} size={20} />
                  <Text size="sm" dir="auto">
                    {item.basename}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td data-label={t('columns.size')}>
                <Text size="sm" c="dimmed">
                  {item.type === 'folder' ? '—' : formatFileSize(item.size)}
                </Text>
              </Table.Td>
              <Table.Td data-label={t('columns.date')}>
                <Text size="sm" c="dimmed">
                  {modifiedAt(item)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** The folder is being read: tiles or rows in the shape of what is coming. */
export function FileViewSkeleton({ view }: { view: 'grid' | 'list' }) {
  const placeholders = Array.from({ length: 8 }, (_, index) => index);
  if (view === 'list') {
    return (
      <Stack gap="xs" data-testid="files-loading">
        {placeholders.map((index) => (
          <Skeleton key={index} h={32} />
        ))}
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6, lg: 8 }} spacing="sm" data-testid="files-loading">
      {placeholders.map((index) => (
        <Skeleton key={index} h={110} />
      ))}
    </SimpleGrid>
  );
}
