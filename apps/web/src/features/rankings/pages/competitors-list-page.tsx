// Ranks › ranks/competitors: the competitors of the viewer's ranked shops by shop and priority, filtered by shop and
// name, paginated on the server; deleting one asks first (one with positions stays in the months it was ranked in).
import type { Competitor } from '@bottega/contracts/rankings';
import { Badge, Table, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../../ui/list-page';
import { listPerPage, useListPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { RankedShopSelect } from '../components/ranked-shop-select';
import { useCompetitors, useDeleteCompetitor, useRankedShops } from '../rankings.api';

export default function CompetitorsListPage() {
  const { t } = useTranslation(['rankings', 'common']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const [params, setParams] = useSearchParams();
  const shopParam = Number(params.get('shopId'));
  const shopId = Number.isInteger(shopParam) && shopParam > 0 ? shopParam : null;
  const list = useListPage(useDeleteCompetitor(), (competitor: Competitor) => competitor.name);
  const shops = useRankedShops();
  const competitors = useCompetitors({ page: list.page, perPage: listPerPage, search: list.debouncedSearch, shopId });
  const chooseShop = list.resettingPage((value: number | null) =>
    setParams(value === null ? {} : { shopId: String(value) }, { replace: true }),
  );

  return (
    <ListPage
      t={t}
      createTo={
        can.has('shops.ranking.competitors.add') && `/app/ranks/competitors/create${shopId ? `?shopId=${shopId}` : ''}`
      }
      list={list}
      query={competitors}
      search={{ label: t('searchPlaceholder'), width: 260, testId: 'competitor-search' }}
      filters={
        <RankedShopSelect
          shops={shops.data}
          value={shopId}
          onChange={chooseShop}
          allowAll
          testId="competitor-shop-filter"
        />
      }
      empty={{
        icon: <IconUsersGroup size={32} />,
        title: list.debouncedSearch ? t('noMatch') : t('empty'),
        description: list.debouncedSearch ? undefined : t('emptyHint'),
      }}
      skeleton
      columns={[
        { label: t('fields.name') },
        { label: t('shop') },
        { label: t('fields.priority'), alignEnd: true },
        { label: t('months'), alignEnd: true },
      ]}
      row={{
        testId: (competitor) => `competitor-row-${competitor.id}`,
        subject: (competitor) => competitor.name,
        cells: (competitor) => (
          <>
            <Table.Td>
              <Text fw={500}>
                <bdi>{competitor.name}</bdi>
              </Text>
            </Table.Td>
            <Table.Td data-label={t('shop')}>
              <bdi>{`${competitor.shopCode} · ${competitor.shopName}`}</bdi>
            </Table.Td>
            <Table.Td ta="end" data-label={t('fields.priority')}>
              {competitor.priority === 1 ? (
                <Badge variant="light" color="orange">
                  {t('mainRival')}
                </Badge>
              ) : (
                competitor.priority
              )}
            </Table.Td>
            <Table.Td ta="end" data-label={t('months')}>
              {competitor.positions}
            </Table.Td>
          </>
        ),
        open: can.has('shops.ranking.competitors.view') && {
          to: (competitor) => `/app/ranks/competitors/${competitor.id}/edit`,
          editable: can.has('shops.ranking.competitors.edit'),
        },
        canDelete: () => can.has('shops.ranking.competitors.delete'),
      }}
      total={(count) => t('total', { count })}
      testIdPrefix="competitors"
    />
  );
}
