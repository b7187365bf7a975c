// Shop › shop/bds/archive (issue 25): the session shop's bolle — every transport document a processed file addressed to
// the shop or the shop sent — newest first, filtered by period, kind, direction and a search (number, counterpart,
// product code). Each opens with its lines, its PDF and, when it came to the shop, the "received" confirmation.
import '@mantine/dates/styles.css';
import type { DeliveryNoteListQuery, LogisticsFileSummary } from '@bottega/contracts/logistics';
import { Badge, Button, Card, Group, Select, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconArrowDownLeft, IconArrowUpRight, IconEye, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { DateRangeInput } from '../../../ui/date-range-input';
import { DownloadButton } from '../../../ui/download-button';
import { PageHeader } from '../../../ui/page-header';
import { QueryTable } from '../../../ui/query-table';
import { RowAction } from '../../../ui/row-action';
import { listPerPage, useListSearch } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { counterpartOf, directionOf, shopNoteKinds } from '../delivery-note-format';
import { ddtFileName, downloadDdt, useDeliveryNotes, useDeliveryNotesLive } from '../delivery-notes.api';

type Range = [string | null, string | null];

export default function DeliveryNotesPage() {
  const { t } = useTranslation(['delivery-notes', 'errors']);
  const user = useAuthUser();
  const shop = user.data?.shop ?? null;
  const shopId = shop?.id ?? null;
  useDeliveryNotesLive(shopId);
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [range, setRange] = useState<Range>([null, null]);
  const [kind, setKind] = useState<'' | (typeof shopNoteKinds)[number]>('');
  const [direction, setDirection] = useState<'' | 'in' | 'out'>('');
  const [page, setPage] = useState(1);
  const query: DeliveryNoteListQuery = {
    page,
    perPage: listPerPage,
    from: range[0] ?? undefined,
    to: range[1] ?? undefined,
    kind: kind || undefined,
    direction: direction || undefined,
    search: debouncedSearch || undefined,
  };
  const notes = useDeliveryNotes(query);
  const filtered = debouncedSearch !== '' || range[0] !== null || kind !== '' || direction !== '';
  const resetting =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const clear = () => {
    setSearch('');
    setRange([null, null]);
    setKind('');
    setDirection('');
    setPage(1);
  };

  const row = (note: LogisticsFileSummary) => {
    const way = directionOf(note, shopId);
    const counterpart = counterpartOf(note, shopId);
    const number = note.documentNumber ?? `#${note.id}`;
    return (
      <Table.Tr key={note.id} data-testid={`note-row-${note.id}`}>
        <Table.Td>
          <Text component={Link} to={`/app/shop/bds/archive/${note.id}`} fw={500} c="var(--mantine-color-anchor)">
            <bdi dir="ltr">{number}</bdi>
          </Text>
          <Text size="xs" c="dimmed">
            {t(`kinds.${note.kind}`)}
          </Text>
        </Table.Td>
        <Table.Td data-label={t('fields.date')}>{formatDate(note.documentDate ?? note.date)}</Table.Td>
        <Table.Td data-label={t('fields.direction')}>
          <Badge
            variant="light"
            color={way === 'in' ? 'blue' : 'grape'}
            leftSection={way === 'in' ? <IconArrowDownLeft size={12} /> : <IconArrowUpRight size={12} />}
          >
            {t(`direction.${way}`)}
          </Badge>
        </Table.Td>
        <Table.Td data-label={t('fields.counterpart')}>{counterpart.name}</Table.Td>
        <Table.Td data-label={t('fields.quantity')} ta="end">
          {t('list.pieces', { count: note.totalQuantity })} · {t('list.lines', { count: note.lineCount })}
        </Table.Td>
        <Table.Td data-label={t('fields.received')}>
          {way === 'out' ? (
            '—'
          ) : note.receivedAt === null ? (
            <Badge color="yellow" variant="light" data-testid="note-to-receive">
              {t('received.waiting')}
            </Badge>
          ) : (
            <Badge
              color={note.receivedWithDifferences ? 'orange' : 'green'}
              variant="light"
              data-testid="note-received"
            >
              {t(note.receivedWithDifferences ? 'received.withDifferences' : 'received.done')}
            </Badge>
          )}
        </Table.Td>
        <Table.Td data-actions>
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <RowAction
              label={t('list.open')}
              subject={number}
              icon={<IconEye size={18} />}
              to={`/app/shop/bds/archive/${note.id}`}
            />
            <DownloadButton
              download={() => downloadDdt(note)}
              label={t('pdf')}
              fileName={ddtFileName(note)}
              testId="note-pdf"
            />
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={shop ? t('description', { shop: `${shop.code} · ${shop.name}` }) : t('noShop')}
      />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end">
          <TextInput
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => resetting(setSearch)(event.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
            maxLength={100}
            data-testid="note-search"
          />
          <DateRangeInput
            label={t('list.period')}
            clearable
            value={range}
            onChange={(value) => resetting(setRange)(value as Range)}
            w={{ base: '100%', sm: 240 }}
            data-testid="note-period"
          />
          <Select
            aria-label={t('fields.kind')}
            data={[
              { value: '', label: t('list.allKinds') },
              ...shopNoteKinds.map((one) => ({ value: one, label: t(`kinds.${one}`) })),
            ]}
            value={kind}
            allowDeselect={false}
            onChange={(value) => resetting(setKind)((value ?? '') as typeof kind)}
            w={{ base: '100%', sm: 200 }}
            data-testid="note-kind"
          />
          <Select
            aria-label={t('fields.direction')}
            data={[
              { value: '', label: t('direction.both') },
              { value: 'in', label: t('direction.in') },
              { value: 'out', label: t('direction.out') },
            ]}
            value={direction}
            allowDeselect={false}
            onChange={(value) => resetting(setDirection)((value ?? '') as typeof direction)}
            w={{ base: '100%', sm: 160 }}
            data-testid="note-direction"
          />
          {filtered && (
            <Button variant="subtle" onClick={clear}>
              {t('list.clearFilters')}
            </Button>
          )}
        </Group>
        <QueryTable
          query={notes}
          empty={{
            icon: <IconArchive size={32} />,
            title: t(filtered ? 'list.noneFound' : 'list.empty'),
            description: t(filtered ? 'list.noneFoundHint' : 'list.emptyHint'),
          }}
          columns={[
            { label: t('fields.number') },
            { label: t('fields.date') },
            { label: t('fields.direction') },
            { label: t('fields.counterpart') },
            { label: t('fields.quantity'), alignEnd: true },
            { label: t('fields.received') },
            { label: <VisuallyHidden>{t('list.actions')}</VisuallyHidden> },
          ]}
          row={row}
          total={(count) => t('list.total', { count })}
          page={page}
          onPage={setPage}
          testIdPrefix="notes"
        />
      </Card>
    </>
  );
}
