// Logistics › logistics/stock (issue 25): a place's expected stock — a warehouse or a shop the person may see — a page
// at a time: per product what processed files moved in less what they moved out, what the shop's receipts sold, and
// what should therefore be there; searched by code or description, optionally only what is not zero. Below, the
// comparison with a count of the same place.
import type { StockLocation, StockRow } from '@bottega/contracts/logistics';
import { Card, EmptyState, Group, Select, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconBuildingWarehouse, IconPackageOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { QueryTable } from '../../../ui/query-table';
import { listPerPage, useListSearch } from '../../../ui/use-list-page';
import { StockCountCard } from '../components/stock-count-card';
import { type StockPlace, useStock, useStockLocations } from '../stock.api';

const keyOf = (place: StockPlace) => `${place.type}:${place.id}`;

export default function StockPage() {
  const { t } = useTranslation(['stock', 'errors']);
  const locations = useStockLocations();
  const [chosen, setChosen] = useState<string | null>(null);
  const { search, setSearch, debouncedSearch } = useListSearch();
  const [nonZero, setNonZero] = useState(false);
  const [page, setPage] = useState(1);
  const places = locations.data ?? [];
  const place = places.find((one) => keyOf(one) === chosen) ?? places[0];
  const stock = useStock(
    place
      ? {
          locationType: place.type,
          locationId: place.id,
          page,
          perPage: listPerPage,
          search: debouncedSearch || undefined,
          nonZero: nonZero ? 'true' : undefined,
        }
      : null,
  );
  const filtered = debouncedSearch !== '' || nonZero;
  // A shop by its code first, as everywhere; a warehouse by its name, then its company.
  const placeName = (one: StockLocation) =>
    one.type === 'shop' && one.code
      ? `${one.code} · ${one.name}`
      : one.companyName
        ? `${one.name} · ${one.companyName}`
        : one.name;

  const row = (product: StockRow) => (
    <Table.Tr key={product.productId} data-testid={`stock-row-${product.productCode}`}>
      <Table.Td>
        <Text fw={500} size="sm">
          {product.productCode}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('columns.description')}>{product.description}</Table.Td>
      <Table.Td data-label={t('columns.moved')} ta="end">
        <span dir="ltr">{product.moved}</span>
      </Table.Td>
      <Table.Td data-label={t('columns.sold')} ta="end">
        <span dir="ltr">{product.sold}</span>
      </Table.Td>
      <Table.Td data-label={t('columns.expected')} ta="end" fw={700} data-testid="stock-expected">
        <span dir="ltr">{product.expected}</span>
      </Table.Td>
      <Table.Td data-label={t('columns.lastMovement')}>
        {product.lastMovementOn ? formatDate(product.lastMovementOn) : '—'}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {locations.isError || locations.isPending ? (
        <QueryPlaceholder query={locations} />
      ) : !place ? (
        <EmptyState py="xl" icon={<IconBuildingWarehouse size={32} />} title={t('noLocations')} />
      ) : (
        <>
          <Card withBorder padding={0}>
            <Group p="md" gap="sm" align="flex-end">
              <Select
                label={t('location')}
                leftSection={<IconBuildingWarehouse size={16} />}
                data={(['warehouse', 'shop'] as const)
                  .map((type) => ({
                    group: t(`locationTypes.${type}`),
                    items: places
                      .filter((one) => one.type === type)
                      .map((one) => ({ value: keyOf(one), label: placeName(one) })),
                  }))
                  .filter((group) => group.items.length > 0)}
                value={keyOf(place)}
                allowDeselect={false}
                searchable
                onChange={(value) => {
                  setChosen(value);
                  setPage(1);
                }}
                w={{ base: '100%', sm: 300 }}
                data-testid="stock-location"
              />
              <TextInput
                placeholder={t('search')}
                aria-label={t('search')}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', sm: 260 }}
                maxLength={100}
                data-testid="stock-search"
              />
              <Switch
                label={t('nonZero')}
                checked={nonZero}
                onChange={(event) => {
                  setNonZero(event.currentTarget.checked);
                  setPage(1);
                }}
                mb={8}
                data-testid="stock-non-zero"
              />
            </Group>
            <QueryTable
              query={stock}
              empty={{
                icon: <IconPackageOff size={32} />,
                title: t(filtered ? 'noneFound' : 'empty'),
                description: t(filtered ? 'noneFoundHint' : 'emptyHint'),
              }}
              columns={[
                { label: t('columns.code') },
                { label: t('columns.description') },
                { label: t('columns.moved'), alignEnd: true },
                { label: t('columns.sold'), alignEnd: true },
                { label: t('columns.expected'), alignEnd: true },
                { label: t('columns.lastMovement') },
              ]}
              row={row}
              total={(count) => t('total', { count })}
              page={page}
              onPage={setPage}
              testIdPrefix="stock"
            />
          </Card>
          <StockCountCard key={keyOf(place)} place={place} placeName={placeName(place)} />
        </>
      )}
    </>
  );
}
