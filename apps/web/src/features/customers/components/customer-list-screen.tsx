// customers/list and users/list: the cards of the shops the person reaches (every card the registers scanned, or the
// club members only), searched by card, name, email or phone, filtered by registration and shop, a page at a time.
// Everything chosen lives in the address, so the back button from a customer returns to the same list.
import type { CustomerListQuery } from '@bottega/contracts/customers';
import { Button, Card, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter, IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/address-params';
import { PageHeader } from '../../../ui/page-header';
import { ShopFilter } from '../../../ui/shop-filter';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { idParam, pageParam, registrationFilterOf } from '../customer-query';
import { useCustomerShopChoices, useCustomers } from '../customers.api';
import { CustomerTable, type CustomerTableVariant } from './customer-table';

/** The shop filter's choices: shown to whoever sees every shop's customers, or works in more than one shop. */
export function useCustomerShops() {
  const can = new Set(useAuthUser().data?.can ?? []);
  const list = useCustomerShopChoices().data ?? [];
  return { shops: list, show: list.length > 1 || (can.has('customers.allShops') && list.length > 0) };
}

export function CustomerListScreen({ variant }: { variant: CustomerTableVariant }) {
  const { t } = useTranslation(['customers', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const [params, change] = useAddressParams();
  const members = variant === 'members';
  const seesNonRegistered = !members && can.has('customers.nonRegistered');
  const registered = members ? 'registered' : registrationFilterOf(params.get('registered'), seesNonRegistered);
  const shopId = idParam(params.get('shop'));
  const page = pageParam(params.get('page'));
  const addressSearch = params.get('search') ?? '';
  const [search, setSearch] = useState(addressSearch);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const { shops, show: showShops } = useCustomerShops();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address follows the search box once typing pauses
  useEffect(() => {
    if (debouncedSearch !== addressSearch) change({ search: debouncedSearch, page: null });
  }, [debouncedSearch]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: and the box follows the address when it changes otherwise (the menu's link, back)
  useEffect(() => {
    if (addressSearch !== debouncedSearch) setSearch(addressSearch);
  }, [addressSearch]);

  const query: CustomerListQuery = {
    page,
    perPage: listPerPage,
    search: addressSearch || undefined,
    registered,
    shopId: shopId ?? undefined,
  };
  const customers = useCustomers(query);
  const filtered = addressSearch !== '' || shopId !== null || (!members && registered !== 'all' && seesNonRegistered);
  const prefix = members ? 'members' : 'customers';
  const texts = members ? 'members' : 'list';

  return (
    <>
      <PageHeader title={t(`${texts}.title`)} description={t(`${texts}.description`)} />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end">
          <TextInput
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            w={{ base: '100%', sm: 340 }}
            data-testid={`${prefix}-search`}
          />
          {seesNonRegistered && (
            <Select
              aria-label={t('filters.registration')}
              leftSection={<IconFilter size={16} />}
              data={(['all', 'registered', 'nonRegistered'] as const).map((value) => ({
                value,
                label: t(`filters.registrations.${value}`),
              }))}
              value={registered}
              allowDeselect={false}
              onChange={(value) => change({ registered: value === 'all' ? null : value, page: null })}
              w={{ base: '100%', xs: 220 }}
              data-testid={`${prefix}-registered`}
            />
          )}
          {showShops && (
            <ShopFilter
              shops={shops}
              value={shopId ?? undefined}
              onChange={(value) => change({ shop: value, page: null })}
              testId={`${prefix}-shop`}
            />
          )}
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => {
                setSearch('');
                change({ search: null, registered: null, shop: null, page: null });
              }}
            >
              {t('filters.clear')}
            </Button>
          )}
        </Group>
        <CustomerTable
          variant={variant}
          query={customers}
          empty={{
            icon: <IconUsers size={32} />,
            title: filtered ? t('list.noMatch') : t(`${texts}.empty`),
            description: filtered ? undefined : t(`${texts}.emptyDescription`),
          }}
          page={page}
          onPage={(next) => change({ page: next === 1 ? null : String(next) })}
          testIdPrefix={prefix}
        />
      </Card>
    </>
  );
}
