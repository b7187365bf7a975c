// Management › shops/list: the shops the user reaches, filtered by company, section and (with
// shops.manage.viewClosed) closed ones, searched by name, code or city and paginated on the server.
// Filters live in the address, so a company's page can link to its shops and Back restores them.
import { type ShopListItem, type ShopStatus, shopStatuses } from '@bottega/contracts/shops';
import { Badge, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconBuildingStore, IconCalendarOff, IconClock, IconReceipt } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../lib/format-date';
import { useDeleteConfirmation } from '../../../ui/delete-confirmation';
import { ListPage } from '../../../ui/list-page';
import { RowAction } from '../../../ui/row-action';
import { listPerPage, useListSearch } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { useDeleteShop, useShopOptions, useShops } from '../shops.api';

function isStatus(value: string | null): value is ShopStatus {
  return (shopStatuses as readonly (string | null)[]).includes(value);
}

export default function ShopsListPage() {
  const { t } = useTranslation(['shops', 'common']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const [params, setParams] = useSearchParams();
  const { search, setSearch, debouncedSearch } = useListSearch(params.get('search') ?? '');
  const companyId = params.get('companyId');
  const section = params.get('section');
  const seesClosed = can.has('shops.manage.viewClosed');
  const requestedStatus = params.get('status');
  const status: ShopStatus = seesClosed && isStatus(requestedStatus) ? requestedStatus : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);

  /** Sets (or, when empty, removes) one filter and goes back to the first page. */
  const setFilter = (name: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the address
  useEffect(() => {
    if ((params.get('search') ?? '') !== debouncedSearch) setFilter('search', debouncedSearch);
  }, [debouncedSearch]);

  const options = useShopOptions(can.has('shops.manage.view'));
  const shops = useShops({
    page,
    perPage: listPerPage,
    status,
    search: debouncedSearch || undefined,
    companyId: companyId ? Number(companyId) : undefined,
    section: section ?? undefined,
  });
  const list = {
    search,
    setSearch,
    page,
    setPage: (value: number) => setFilter('page', String(value)),
    deletion: useDeleteConfirmation(useDeleteShop(), (shop: ShopListItem) => shop.name),
  };

  const filtered = Boolean(debouncedSearch || companyId || section || status !== 'open');

  return (
    <ListPage
      t={t}
      createTo={can.has('shops.manage.add') && '/app/shops/create'}
      list={list}
      query={shops}
      search={{ label: t('searchPlaceholder'), width: 300, testId: 'shop-search' }}
      filters={
        <>
          {options.data && (
            <>
              <Select
                placeholder={t('filters.allCompanies')}
                aria-label={t('filters.company')}
                data={options.data.companies.map((company) => ({ value: String(company.id), label: company.name }))}
                value={companyId}
                onChange={(value) => setFilter('companyId', value)}
                clearable
                searchable
                w={{ base: '100%', sm: 220 }}
                data-testid="filter-company"
              />
              <Select
                placeholder={t('filters.allSections')}
                aria-label={t('filters.section')}
                data={options.data.sections}
                value={section}
                onChange={(value) => setFilter('section', value)}
                clearable
                w={{ base: '100%', sm: 170 }}
                data-testid="filter-section"
              />
            </>
          )}
          {seesClosed && (
            <SegmentedControl
              aria-label={t('filters.status')}
              data={shopStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
              value={status}
              onChange={(value) => setFilter('status', value === 'open' ? null : value)}
              data-testid="filter-status"
            />
          )}
        </>
      }
      empty={{ icon: <IconBuildingStore size={32} />, title: filtered ? t('noMatch') : t('empty') }}
      columns={[
        { label: t('fields.name') },
        { label: t('fields.company') },
        { label: t('fields.section') },
        { label: t('fields.address') },
        { label: t('fields.phone') },
      ]}
      skeleton
      row={{
        testId: (shop) => `shop-row-${shop.code}`,
        subject: (shop) => shop.name,
        cells: (shop) => (
          <>
            <Table.Td>
              <Stack gap={0}>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={500}>
                    <bdi>{shop.name}</bdi>
                  </Text>
                  {shop.closed && (
                    <Badge size="sm" variant="light" color="gray" data-testid="closed-badge">
                      {t('closedOn', { date: formatDate(shop.closedOn) })}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" dir="ltr" ta="start">
                  {shop.code}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td data-label={t('fields.company')}>
              <bdi>{shop.companyName}</bdi>
            </Table.Td>
            <Table.Td data-label={t('fields.section')}>{shop.section}</Table.Td>
            <Table.Td data-label={t('fields.address')}>
              <Stack gap={0}>
                <Text size="sm">
                  <bdi>{shop.address}</bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  <bdi>{shop.province ? `${shop.city} (${shop.province})` : shop.city}</bdi>
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td data-label={t('fields.phone')}>
              <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
                {shop.phone}
              </Text>
            </Table.Td>
          </>
        ),
        open: can.has('shops.manage.view') && {
          to: (shop) => `/app/shops/${shop.id}/edit`,
          editable: can.has('shops.manage.edit'),
        },
        actions: (shop) => (
          <>
            {can.has('shops.manage.view') && (
              <RowAction
                label={t('tabs.closures')}
                subject={shop.name}
                icon={<IconCalendarOff size={18} />}
                to={`/app/shops/${shop.id}/closures`}
              />
            )}
            {can.has('shops.manage.view') && (
              <RowAction
                label={t('sales:feed.open')}
                subject={shop.name}
                icon={<IconReceipt size={18} />}
                to={`/app/shops/${shop.id}/sales-feed`}
              />
            )}
            {can.has('shops.manage.workingHours') && (
              <RowAction
                label={t('tabs.workingHours')}
                subject={shop.name}
                icon={<IconClock size={18} />}
                to={`/app/shops/${shop.id}/workingHours`}
              />
            )}
          </>
        ),
        canDelete: () => can.has('shops.manage.delete'),
      }}
      total={(count) => t('total', { count })}
      testIdPrefix="shops"
    />
  );
}
