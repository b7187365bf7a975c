// Management › shops/list: the shops the user reaches, filtered by company, section and (with
// shops.manage.viewClosed) closed ones, searched by name, code or city and paginated on the server.
// Filters live in the address, so a company's page can link to its shops and Back restores them.
import { type ShopListItem, type ShopStatus, shopStatuses } from '@bottega/contracts/shops';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBuildingStore,
  IconCalendarOff,
  IconClock,
  IconEye,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { useDeleteShop, useShopOptions, useShops } from '../shops.api';

const perPage = 20;

function isStatus(value: string | null): value is ShopStatus {
  return (shopStatuses as readonly (string | null)[]).includes(value);
}

export default function ShopsListPage() {
  const { t } = useTranslation(['shops', 'common']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
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
    perPage,
    status,
    search: debouncedSearch || undefined,
    companyId: companyId ? Number(companyId) : undefined,
    section: section ?? undefined,
  });
  const remove = useDeleteShop();
  const [deleting, setDeleting] = useState<ShopListItem | null>(null);

  const total = shops.data?.meta.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const rows = shops.data?.data ?? [];
  const filtered = Boolean(debouncedSearch || companyId || section || status !== 'open');
  const canEdit = can.has('shops.manage.edit');

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          can.has('shops.manage.add') && (
            <Button component={Link} to="/app/shops/create" leftSection={<IconPlus size={16} />}>
              {t('create')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end">
          <TextInput
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
            data-testid="shop-search"
          />
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
        </Group>
        {shops.isError ? (
          <Text c="red" p="md" role="alert">
            {errorMessage(shops.error, t)}
          </Text>
        ) : rows.length === 0 && !shops.isPending ? (
          <EmptyState
            py="xl"
            icon={<IconBuildingStore size={32} />}
            title={filtered ? t('noMatch') : t('empty')}
            data-testid="shops-empty"
          />
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="shops-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.name')}</Table.Th>
                  <Table.Th>{t('fields.company')}</Table.Th>
                  <Table.Th>{t('fields.section')}</Table.Th>
                  <Table.Th>{t('fields.address')}</Table.Th>
                  <Table.Th>{t('fields.phone')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shops.isPending
                  ? Array.from({ length: 6 }, (_, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                      <Table.Tr key={index}>
                        {Array.from({ length: 6 }, (_, cell) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
                          <Table.Td key={cell}>
                            <Skeleton h={14} w={cell === 0 ? 160 : 80} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : rows.map((shop) => (
                      <Table.Tr key={shop.id} data-testid={`shop-row-${shop.code}`}>
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
                        <Table.Td>
                          <bdi>{shop.companyName}</bdi>
                        </Table.Td>
                        <Table.Td>{shop.section}</Table.Td>
                        <Table.Td>
                          <Stack gap={0}>
                            <Text size="sm">
                              <bdi>{shop.address}</bdi>
                            </Text>
                            <Text size="xs" c="dimmed">
                              <bdi>{shop.province ? `${shop.city} (${shop.province})` : shop.city}</bdi>
                            </Text>
                          </Stack>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
                            {shop.phone}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            {can.has('shops.manage.view') && (
                              <RowAction
                                label={canEdit ? t('edit') : t('open')}
                                subject={shop.name}
                                icon={canEdit ? <IconPencil size={18} /> : <IconEye size={18} />}
                                to={`/app/shops/${shop.id}/edit`}
                              />
                            )}
                            {can.has('shops.manage.view') && (
                              <RowAction
                                label={t('tabs.closures')}
                                subject={shop.name}
                                icon={<IconCalendarOff size={18} />}
                                to={`/app/shops/${shop.id}/closures`}
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
                            {can.has('shops.manage.delete') && (
                              <RowAction
                                label={t('delete')}
                                subject={shop.name}
                                icon={<IconTrash size={18} />}
                                color="red"
                                onClick={() => {
                                  remove.reset();
                                  setDeleting(shop);
                                }}
                              />
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" p="md">
          <Text size="sm" c="dimmed" data-testid="shops-total">
            {shops.data ? t('total', { count: total }) : ''}
          </Text>
          {totalPages > 1 && (
            <Pagination value={page} onChange={(value) => setFilter('page', String(value))} total={totalPages} />
          )}
        </Group>
      </Card>
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('deleted', { name: deleting.name }) });
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
