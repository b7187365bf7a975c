// Shop › Registra versamento (shop/deposit/add): the shop's staff record the cash taken to the bank, who carried it
// (their deposit card goes with it) and the day; the shop's latest deposits are listed below to check at a glance.
import { businessDate } from '@bottega/contracts/dates';
import { Anchor, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { DepositForm } from '../components/deposit-form';
import { DepositsTable } from '../components/deposits-table';
import { useDeposits } from '../deposits.api';

export default function DepositAddPage() {
  const { t } = useTranslation('deposits');
  const auth = useAuthUser();
  const user = auth.data;
  const shops = useSelectableShops(true);
  const today = businessDate();
  const [shopId, setShopId] = useState<number | null>(null);
  const sessionShop = user?.shop?.id ?? shops.data?.[0]?.id ?? null;
  const listedShop = shopId ?? sessionShop;
  const canView = user?.can.includes('shops.bank.deposits.view') ?? false;
  const recent = useDeposits({ shopId: listedShop ?? undefined }, 1, listedShop !== null && canView);

  return (
    <>
      <PageHeader title={t('add.title')} description={t('add.description')} />
      <Stack gap="lg">
        <Card withBorder>
          {/* The form starts on the session's shop: it waits for both the person and their shops. */}
          {shops.isPending || auth.isPending ? (
            <Skeleton h={220} />
          ) : (
            <DepositForm
              deposit={null}
              shops={shops.data ?? []}
              defaultShopId={sessionShop}
              today={today}
              onSaved={(deposit) => setShopId(deposit.shopId)}
            />
          )}
        </Card>
        {canView && (
          <Card withBorder padding={0}>
            <Group p="md" justify="space-between">
              <Title order={2} size="h4">
                {t('add.recent')}
              </Title>
              <Anchor component={Link} to={`/app/shop/deposit/archive${listedShop ? `?shop=${listedShop}` : ''}`}>
                {t('add.toArchive')}
              </Anchor>
            </Group>
            {recent.isPending ? (
              <Skeleton h={120} m="md" w="auto" />
            ) : (recent.data?.data.length ?? 0) === 0 ? (
              <EmptyState py="lg" icon={<IconBuildingBank size={28} />} title={t('add.noneYet')} />
            ) : (
              <DepositsTable deposits={(recent.data?.data ?? []).slice(0, 10)} shops={shops.data ?? []} today={today} />
            )}
            <Text size="xs" c="dimmed" p="md" pt={0}>
              {t('add.recentHint')}
            </Text>
          </Card>
        )}
      </Stack>
    </>
  );
}
