// Accountancy › Archivio spese (costsIncurred/archive): a month of convalidated expenses of the shops accounting
// reaches, each shop's total and the month's, and the month as CSV in Italian Excel's format.
import { Alert, Badge, Card, EmptyState, Group, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { DownloadButton } from '../../../ui/download-button';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { listPerPage } from '../../../ui/use-list-page';
import { CostFilters, useCostFilters } from '../components/costs-filters';
import { CostsTable } from '../components/costs-table';
import { downloadCostsArchive, useCostsArchive } from '../costs-incurred.api';

export default function CostsArchivePage() {
  const { t } = useTranslation(['expenses', 'errors']);
  const filters = useCostFilters({ monthRequired: true });
  const month = filters.month as string;
  const archive = useCostsArchive({ shopId: filters.shop?.id, month }, filters.page, !filters.shops.isPending);
  const data = archive.data;
  const rows = data?.data ?? [];
  const pages = Math.max(1, Math.ceil((data?.meta.total ?? 0) / listPerPage));
  const fileName = `${t('export.fileName')}-${month}.csv`;

  return (
    <>
      <PageHeader title={t('costs.archive.title')} />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" align="flex-end" justify="space-between">
          <Group gap="sm" align="flex-end">
            <CostFilters filters={filters} />
          </Group>
          {data && (
            <Group gap="sm">
              <Text size="sm" data-testid="costs-archive-total">
                {t('costs.archive.total')}:{' '}
                <Text span fw={700} inherit>
                  <Money cents={data.totals.amountCents} />
                </Text>
              </Text>
              {data.totals.count > 0 && (
                <DownloadButton
                  download={() => downloadCostsArchive({ shopId: filters.shop?.id, month }, fileName)}
                  label={t('export.download')}
                  fileName={fileName}
                  testId="costs-export"
                >
                  {t('export.download')}
                </DownloadButton>
              )}
            </Group>
          )}
        </Group>
        {archive.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="md">
            {errorMessage(archive.error, t)}
          </Alert>
        ) : filters.shops.isPending || archive.isPending ? (
          <Skeleton h={160} m="md" w="auto" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconArchive size={32} />}
            title={t('costs.archive.empty')}
            data-testid="costs-empty"
          />
        ) : (
          <>
            {data && data.shops.length > 0 && (
              <ResponsiveTable verticalSpacing="xs" captionSide="top" data-testid="costs-archive-shops">
                <Table.Caption>{t('costs.archive.byShop')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('costs.columns.shop')}</Table.Th>
                    <Table.Th ta="end">{t('costs.archive.count')}</Table.Th>
                    <Table.Th ta="end">{t('costs.columns.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.shops.map((shop) => (
                    <Table.Tr key={shop.shopId} data-testid={`costs-archive-shop-${shop.shopCode}`}>
                      <Table.Td>
                        <bdi>{`${shop.shopCode} · ${shop.shopName}`}</bdi>
                      </Table.Td>
                      <Table.Td ta="end" data-label={t('costs.archive.count')}>
                        <Badge variant="light">{shop.count}</Badge>
                      </Table.Td>
                      <Table.Td ta="end" fw={600} data-label={t('costs.columns.amount')}>
                        <Money cents={shop.amountCents} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ResponsiveTable>
            )}
            <CostsTable costs={rows} mode="archive" />
          </>
        )}
        {pages > 1 && (
          <Group justify="center" p="md">
            <Pagination
              value={filters.page}
              total={pages}
              onChange={(next) => filters.change({ page: String(next) })}
            />
          </Group>
        )}
      </Card>
    </>
  );
}
