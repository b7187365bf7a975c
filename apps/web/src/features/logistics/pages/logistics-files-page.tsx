// Logistics › <kind>/list (§2): the files of one kind a page at a time, newest first, with their state, date, number,
// from and to, lines and pieces; filtered by state, shop, dates and a search over the number, the counterpart and the
// product codes. A file changing state anywhere shows at once (logisticsChangedEvent).
import {
  type LogisticsFileKind,
  type LogisticsFileState,
  type LogisticsFileSummary,
  logisticsFileSlugs,
  logisticsFileStates,
} from '@bottega/contracts/logistics';
import { Button, Group, Select, Table, Text } from '@mantine/core';
import { IconCalendar, IconFiles } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { DateRangeInput } from '../../../ui/date-range-input';
import { ListPage } from '../../../ui/list-page';
import { ShopFilter } from '../../../ui/shop-filter';
import { listPerPage, useListPage } from '../../../ui/use-list-page';
import { useSelectableShops } from '../../auth/auth.api';
import { FileStateBadge } from '../components/file-state-badge';
import { useDeleteLogisticsFile, useLogisticsFiles, useLogisticsLive } from '../logistics.api';
import { fileAddress, useLogisticsAbilities } from '../logistics-abilities';
import { useLogisticsKind } from '../logistics-kind';

/** The date as the API takes it, from the calendar's pick (a Date or a YYYY-MM-DD string, by Mantine version). */
function isoOf(value: Date | string | null): string | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
}

/** A file's number as people read it: the document's once it has one, the file's own until then. */
export function fileName(file: Pick<LogisticsFileSummary, 'id' | 'documentNumber'>, t: TFunction): string {
  return file.documentNumber ?? t('logistics:file.draftNumber', { id: file.id });
}

export default function LogisticsFilesPage() {
  const kind = useLogisticsKind();
  // The kinds share this page: each starts with its own filters.
  return <FilesList key={kind} kind={kind} />;
}

function FilesList({ kind }: { kind: LogisticsFileKind }) {
  const { t } = useTranslation(['logistics', 'errors']);
  useLogisticsLive();
  const abilities = useLogisticsAbilities(kind);
  const remove = useDeleteLogisticsFile(kind);
  const list = useListPage<LogisticsFileSummary>(remove, (file) => fileName(file, t));
  // A link may ask for one state (the dashboard's to-do: the files waiting to be processed).
  const [params] = useSearchParams();
  const asked = params.get('state');
  const [state, setState] = useState<LogisticsFileState | null>(
    (logisticsFileStates as readonly string[]).includes(asked ?? '') ? (asked as LogisticsFileState) : null,
  );
  const [shopId, setShopId] = useState<number | null>(null);
  const [dates, setDates] = useState<[Date | string | null, Date | string | null]>([null, null]);
  const shops = useSelectableShops(true);
  const files = useLogisticsFiles(kind, {
    page: list.page,
    perPage: listPerPage,
    state: state ?? undefined,
    shopId: shopId ?? undefined,
    from: isoOf(dates[0]),
    to: isoOf(dates[1]),
    search: list.debouncedSearch || undefined,
  });
  const filtered = state !== null || shopId !== null || dates[0] !== null || list.debouncedSearch !== '';
  // ListPage reads its texts from one namespace: this kind's titles, and the list's own words shared by every kind.
  const kindKeys = ['title', 'description', 'create'];
  const listT = ((key: string, options?: Record<string, unknown>) =>
    key.includes(':')
      ? t(key, options ?? {})
      : t(kindKeys.includes(key) ? `kinds.${kind}.${key}` : `list.${key}`, options ?? {})) as unknown as TFunction;

  return (
    <ListPage<LogisticsFileSummary>
      t={listT}
      createTo={abilities.holds('add') && `/app/${logisticsFileSlugs[kind]}/create`}
      list={list}
      query={files}
      skeleton
      search={{ label: t('list.search'), width: 300, testId: 'files-search' }}
      filters={
        <>
          <Select
            aria-label={t('list.state')}
            placeholder={t('list.allStates')}
            data={logisticsFileStates.map((one) => ({ value: one, label: t(`states.${one}`) }))}
            value={state}
            onChange={list.resettingPage((value: string | null) => setState(value as LogisticsFileState | null))}
            clearable
            w={{ base: '100%', xs: 200 }}
            data-testid="files-state"
          />
          {(shops.data?.length ?? 0) > 1 && (
            <ShopFilter
              shops={shops.data ?? []}
              value={shopId ?? undefined}
              onChange={list.resettingPage((value: string | null) => setShopId(value ? Number(value) : null))}
              testId="files-shop"
            />
          )}
          <DateRangeInput
            aria-label={t('list.dates')}
            // An icon says what the empty field takes: Mantine's placeholder of a date picker is too faint in dark.
            leftSection={<IconCalendar size={16} />}
            value={dates}
            onChange={list.resettingPage((value: [Date | string | null, Date | string | null]) => setDates(value))}
            clearable
            allowSingleDateInRange
            w={{ base: '100%', xs: 240 }}
            data-testid="files-dates"
          />
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => {
                setState(null);
                setShopId(null);
                setDates([null, null]);
                list.setSearch('');
              }}
            >
              {t('list.clearFilters')}
            </Button>
          )}
        </>
      }
      empty={{
        icon: <IconFiles size={32} />,
        title: t(filtered ? 'list.noneFound' : `kinds.${kind}.empty`),
        description: filtered ? t('list.noneFoundHint') : undefined,
      }}
      columns={[
        { label: t('fields.number') },
        { label: t('fields.date') },
        { label: t('fields.fromTo') },
        { label: t('fields.lines'), alignEnd: true },
        { label: t('fields.quantity'), alignEnd: true },
      ]}
      row={{
        testId: (file) => `file-row-${file.id}`,
        subject: (file) => fileName(file, t),
        cells: (file) => (
          <>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text fw={500} size="sm" dir="ltr">
                  {fileName(file, t)}
                </Text>
                <FileStateBadge state={file.state} />
              </Group>
            </Table.Td>
            <Table.Td data-label={t('fields.date')}>{formatDate(file.date)}</Table.Td>
            <Table.Td data-label={t('fields.fromTo')}>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {/* Each name isolated (U+2068 … U+2069): between two Latin names the arrow would otherwise run left to
                    right in Arabic too, pointing back at the sender. */}
                {t('list.fromToValue', { from: `\u2068${file.from.name}\u2069`, to: `\u2068${file.to.name}\u2069` })}
              </Text>
            </Table.Td>
            <Table.Td data-label={t('fields.lines')} ta="end">
              {file.lineCount}
            </Table.Td>
            <Table.Td data-label={t('fields.quantity')} ta="end">
              {file.totalQuantity}
            </Table.Td>
          </>
        ),
        open: {
          to: (file) => fileAddress(kind, file.id),
          // One page opens it whatever its state: editable while saved, read-only once sent.
          editable: false,
        },
        canDelete: (file) => file.state === 'saved' && abilities.holds('edit'),
      }}
      total={(count) => t('list.total', { count })}
      testIdPrefix="files"
    />
  );
}
