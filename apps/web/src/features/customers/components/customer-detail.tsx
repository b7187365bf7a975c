// customers/{id} and users/{id} (spec §2): who the card belongs to, their standing in the club, and two tabs, the
// purchases (§3 Customer sale) and the points history, each a page at a time. A member can be edited from here by
// whoever holds "create". Another shop's customer is a 404, as the server answers.
import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCoins, IconPencil, IconShoppingBag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useAddressParams } from '../../../lib/address-params';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { customerName, idParam } from '../customer-query';
import { useCustomer, useCustomerPoints, useCustomerSales } from '../customers.api';
import { CustomerIdentityCard } from './customer-identity-card';
import { LoyaltyPanel } from './loyalty-panel';
import { PointsTable } from './points-table';
import { SaleLinesTable } from './sale-lines-table';

function SalesTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const sales = useCustomerSales(id, page, listPerPage);
  return (
    <Card withBorder padding={0} mt="md">
      <SaleLinesTable query={sales} page={page} onPage={setPage} testIdPrefix="customer-sales" />
    </Card>
  );
}

function PointsTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const points = useCustomerPoints(id, page, listPerPage);
  return (
    <Card withBorder padding={0} mt="md">
      <PointsTable query={points} page={page} onPage={setPage} />
    </Card>
  );
}

/** Where "back" leads: the list the person came from (with its filters), else the area's list or search. */
function useBackPath(area: 'customers' | 'users'): string {
  const can = new Set(useAuthUser().data?.can ?? []);
  const state = useLocation().state as { back?: unknown } | null;
  if (typeof state?.back === 'string' && state.back.startsWith('/app/')) return state.back;
  if (area === 'users' && !can.has('customers.list')) return '/app/marketing/users/search';
  return `/app/marketing/${area}/list`;
}

export function CustomerDetail({ area }: { area: 'customers' | 'users' }) {
  const { t } = useTranslation(['customers', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const id = idParam(useParams().id);
  const customer = useCustomer(id);
  const [params, change] = useAddressParams();
  const back = useBackPath(area);
  const tab = params.get('tab') === 'points' ? 'points' : 'sales';

  if (id === null || (customer.error instanceof ApiError && customer.error.status === 404)) {
    return <StatusPage status={404} />;
  }
  if (customer.error instanceof ApiError && customer.error.status === 403) return <StatusPage status={403} />;
  const loaded = customer.data;
  if (!loaded) {
    return customer.isError ? (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(customer.error, t)}
      </Alert>
    ) : (
      <Stack>
        <Skeleton h={48} w={320} />
        <Skeleton h={320} />
      </Stack>
    );
  }

  const name = customerName(loaded);
  return (
    <>
      <PageHeader
        title={name ?? t(loaded.erased ? 'badges.erased' : 'unregisteredCustomer')}
        description={t('detail.card', { card: `\u2066${loaded.cardNumber}\u2069` })}
        actions={
          <>
            <Button variant="default" component={Link} to={back} leftSection={<IconArrowLeft size={16} />}>
              {t('detail.back')}
            </Button>
            {loaded.registered && !loaded.erased && can.has('customers.create') && (
              <Button
                component={Link}
                to={`/app/marketing/users/edit/${loaded.id}`}
                leftSection={<IconPencil size={16} />}
                data-testid="customer-edit"
              >
                {t('detail.edit')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <CustomerIdentityCard customer={loaded} />
          <LoyaltyPanel customer={loaded} />
        </SimpleGrid>
        <Tabs
          value={tab}
          onChange={(value) => change({ tab: value === 'points' ? 'points' : null })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="sales" leftSection={<IconShoppingBag size={16} />} data-testid="customer-tab-sales">
              {t('detail.tabs.sales')}
            </Tabs.Tab>
            <Tabs.Tab value="points" leftSection={<IconCoins size={16} />} data-testid="customer-tab-points">
              {t('detail.tabs.points')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="sales">
            <SalesTab id={loaded.id} />
          </Tabs.Panel>
          <Tabs.Panel value="points">
            <PointsTab id={loaded.id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
