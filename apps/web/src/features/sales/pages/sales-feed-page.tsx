// Management › a shop's sales feed (shops/{id}/sales-feed): what its registers and fiscal printers
// last sent, the days still without a fiscal close (read from the printer or typed in), the records
// refused with their reason, the last days' totals, the person's receipts exports and, with shops.manage.edit, the
// client credentials.
import { Button, Grid } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { useShop } from '../../shops/shops.api';
import { MissingClosesCard } from '../components/missing-closes-card';
import { ReceiptsExportCard } from '../components/receipts-export-card';
import { SalesClientsCard } from '../components/sales-clients-card';
import { SalesDaysCard } from '../components/sales-days-card';
import { SalesRejectionsCard } from '../components/sales-rejections-card';
import { SalesSourcesCard } from '../components/sales-sources-card';
import { useSalesFeed } from '../sales.api';

export default function SalesFeedPage() {
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <StatusPage status={404} />;
  return <SalesFeed shopId={id} />;
}

function SalesFeed({ shopId }: { shopId: number }) {
  const { t } = useTranslation('sales');
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  const canSeeDays = can.has('shops.cashRegister.view');
  const canEdit = can.has('shops.manage.edit');
  const shop = useShop(shopId);
  const feed = useSalesFeed(shopId);

  if (shop.error instanceof ApiError && shop.error.status === 404) return <StatusPage status={404} />;

  return (
    <>
      <PageHeader
        title={t('feed.title', { name: shop.data?.name ?? '…' })}
        description={t('feed.description')}
        actions={
          <Button
            variant="default"
            component={Link}
            to={`/app/shops/${shopId}/edit`}
            leftSection={<IconArrowBackUp size={16} />}
          >
            {t('feed.backToShop')}
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <SalesSourcesCard feed={feed} canEdit={canEdit} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <MissingClosesCard shopId={shopId} feed={feed} canClose={can.has('shops.cashRegister.dailyClose')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <SalesRejectionsCard shopId={shopId} />
        </Grid.Col>
        {canEdit && (
          <Grid.Col span={12}>
            <SalesClientsCard shopId={shopId} />
          </Grid.Col>
        )}
        {canSeeDays && (
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SalesDaysCard shopId={shopId} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, lg: canSeeDays ? 6 : 12 }}>
          <ReceiptsExportCard shopId={shopId} userId={user?.id} />
        </Grid.Col>
      </Grid>
    </>
  );
}
