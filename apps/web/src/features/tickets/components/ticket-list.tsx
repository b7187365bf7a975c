// Tickets › ticket/list (open) and ticket/archive (closed): the tickets of the reach chosen among those the person
// holds (their shop's, the categories assigned to them, all), newest reply first (the archive: latest closed first),
// searched by words of the subject and the messages, filtered by category (a parent takes its branch) and shop.
// The filters are kept per list for the session (§3 client state: categoryId, searchValue), so coming back from a
// ticket finds the list as it was left. Unread replies are marked; a change anywhere shows at once.
import type { TicketReach, TicketSummary } from '@bottega/contracts/tickets';
import {
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useSessionStorage } from '@mantine/hooks';
import { IconArchive, IconInbox, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { ShopFilter } from '../../../ui/shop-filter';
import { listPerPage } from '../../../ui/use-list-page';
import { useSelectableShops } from '../../auth/auth.api';
import { useTicketAbilities, useTicketCategories, useTicketList, useTicketsLive } from '../tickets.api';
import { CategorySelect, categoryLabel } from './category-select';

/** What a list keeps for the session (§3 client state), one per list. */
type Kept = {
  reach?: TicketReach;
  categoryId: number | null;
  searchValue: string;
  shopId: number | null;
  page: number;
};
const nothingKept: Kept = { categoryId: null, searchValue: '', shopId: null, page: 1 };

export function TicketList({ list }: { list: 'list' | 'archive' }) {
  const { t, i18n } = useTranslation('tickets');
  useTicketsLive();
  const abilities = useTicketAbilities();
  const reaches = abilities.reachesFor(list);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [kept, setKept] = useSessionStorage<Kept>({ key: `bottega.tickets.${list}`, defaultValue: nothingKept });
  // A link may name the reach (the dashboard's to-do); otherwise the one kept, or the widest the person holds. The
  // named reach is taken once, into what is kept, and the address cleaned. The router renders the cleaned address in a
  // transition, which a busy page may hold back: until then the old address must not win over a reach chosen since.
  const [taken, setTaken] = useState<string>();
  const asked = taken === location.key ? null : (params.get('reach') as TicketReach | null);
  const reach = [asked, kept.reach].find((one) => one && reaches.includes(one)) ?? reaches.at(-1);
  useEffect(() => {
    if (!asked || reaches.length === 0) return;
    setTaken(location.key);
    if (reaches.includes(asked)) setKept({ ...kept, reach: asked, page: 1 });
    setParams({}, { replace: true });
  }, [asked, reaches, kept, setKept, setParams, location.key]);
  const [searchValue] = useDebouncedValue(kept.searchValue.trim(), 250);
  const change = (next: Partial<Kept>) => setKept({ ...kept, page: 1, ...next });

  const categories = useTicketCategories(
    reaches.find((one) => abilities.holds(one, 'categories')) ?? (abilities.canFile ? 'general' : undefined),
  );
  const shops = useSelectableShops(true);
  const tickets = useTicketList(reach, list, {
    page: kept.page,
    perPage: listPerPage,
    searchValue: searchValue || undefined,
    categoryId: kept.categoryId ?? undefined,
    shopId: kept.shopId ?? undefined,
  });
  const rows = tickets.data?.data ?? [];
  const total = tickets.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / listPerPage));
  const filtered = searchValue !== '' || kept.categoryId !== null || kept.shopId !== null;
  const now = new Date();
  const when = (instant: string) => (
    <Tooltip label={formatDateTime(instant)}>
      <span>{formatRelativeTime(instant, now, i18n.language)}</span>
    </Tooltip>
  );

  const row = (ticket: TicketSummary) => (
    <Table.Tr key={ticket.id} data-testid={`ticket-row-${ticket.id}`} data-unread={ticket.unread || undefined}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text
            component={Link}
            to={`/app/ticket/${ticket.id}`}
            fw={ticket.unread ? 700 : 500}
            c="var(--mantine-color-anchor)"
            style={{ wordBreak: 'break-word' }}
          >
            {ticket.subject}
          </Text>
          {ticket.unread && (
            <Badge size="xs" variant="filled" data-testid="ticket-unread">
              {t('list.unread')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          #{ticket.id} · {ticket.author?.name ?? t('list.formerUser')}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('fields.category')}>{categoryLabel(ticket.category.path)}</Table.Td>
      <Table.Td data-label={t('fields.shop')}>
        <Text size="sm">{ticket.shop.code}</Text>
      </Table.Td>
      {list === 'list' ? (
        <Table.Td data-label={t('list.lastReply')}>
          <div>
            <Text size="sm">{when(ticket.lastReplyAt)}</Text>
            <Text size="xs" c="dimmed">
              {ticket.lastReplyBy?.name ?? ''}
            </Text>
          </div>
        </Table.Td>
      ) : (
        <Table.Td data-label={t('list.closed')}>
          <div>
            <Text size="sm">{ticket.closedAt ? when(ticket.closedAt) : ''}</Text>
            <Text size="xs" c="dimmed">
              {ticket.closedBy?.name ?? ''}
            </Text>
          </div>
        </Table.Td>
      )}
    </Table.Tr>
  );

  return (
    <>
      <PageHeader
        title={t(`${list}.title`)}
        description={t(`${list}.description`)}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={list === 'list' ? '/app/ticket/archive' : '/app/ticket/list'}
              leftSection={list === 'list' ? <IconArchive size={16} /> : <IconInbox size={16} />}
            >
              {t(list === 'list' ? 'archive.title' : 'list.title')}
            </Button>
            {abilities.canFile && (
              <Button component={Link} to="/app/ticket/create" leftSection={<IconPlus size={16} />}>
                {t('create.title')}
              </Button>
            )}
          </>
        }
      />
      {reaches.length > 1 && (
        <Box mb="md" style={{ overflowX: 'auto' }}>
          <SegmentedControl
            value={reach}
            onChange={(value) => change({ reach: value as TicketReach })}
            data={reaches.map((one) => ({ value: one, label: t(`reaches.${one}`) }))}
            aria-label={t('reaches.label')}
            data-testid="ticket-reach"
          />
        </Box>
      )}
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end">
          <TextInput
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            leftSection={<IconSearch size={16} />}
            value={kept.searchValue}
            onChange={(event) => change({ searchValue: event.currentTarget.value })}
            w={{ base: '100%', sm: 280 }}
            maxLength={100}
            data-testid="ticket-search"
          />
          {(categories.data?.length ?? 0) > 0 && (
            <CategorySelect
              aria-label={t('fields.category')}
              placeholder={t('list.allCategories')}
              categories={categories.data ?? []}
              leavesOnly={false}
              clearable
              value={kept.categoryId}
              onChange={(categoryId) => change({ categoryId })}
              w={{ base: '100%', sm: 260 }}
              data-testid="ticket-category-filter"
            />
          )}
          {(shops.data?.length ?? 0) > 1 && (
            <ShopFilter
              shops={shops.data ?? []}
              value={kept.shopId ?? undefined}
              onChange={(value) => change({ shopId: value ? Number(value) : null })}
              testId="ticket-shop-filter"
            />
          )}
          {filtered && (
            <Button variant="subtle" onClick={() => change({ categoryId: null, searchValue: '', shopId: null })}>
              {t('list.clearFilters')}
            </Button>
          )}
        </Group>
        {tickets.isError || (tickets.isPending && reach !== undefined) ? (
          <QueryPlaceholder query={tickets} />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={list === 'list' ? <IconInbox size={32} /> : <IconArchive size={32} />}
            title={t(filtered ? 'list.noneFound' : `${list}.empty`)}
            description={filtered ? t('list.noneFoundHint') : undefined}
            data-testid="tickets-empty"
          />
        ) : (
          <ResponsiveTable highlightOnHover verticalSpacing="sm" data-testid="tickets-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.subject')}</Table.Th>
                <Table.Th>{t('fields.category')}</Table.Th>
                <Table.Th>{t('fields.shop')}</Table.Th>
                <Table.Th>{t(list === 'list' ? 'list.lastReply' : 'list.closed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows.map(row)}</Table.Tbody>
          </ResponsiveTable>
        )}
        <Group justify="space-between" p="md">
          <Text size="sm" c="dimmed" data-testid="tickets-total">
            {tickets.data ? t('list.total', { count: total }) : ''}
          </Text>
          {pages > 1 && <Pagination value={kept.page} onChange={(page) => setKept({ ...kept, page })} total={pages} />}
        </Group>
      </Card>
    </>
  );
}
