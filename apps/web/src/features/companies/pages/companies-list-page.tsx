// Management › company/list: the companies with their VAT number and shops, searchable and paginated on the server.
import type { Company } from '@bottega/contracts/companies';
import { Anchor, Table, Text } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../../ui/list-page';
import { listPerPage, useListPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { useCompanies, useDeleteCompany } from '../companies.api';

export default function CompaniesListPage() {
  const { t } = useTranslation(['companies', 'common']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const list = useListPage(useDeleteCompany(), (company: Company) => company.name);
  const companies = useCompanies({ page: list.page, perPage: listPerPage, search: list.debouncedSearch });

  return (
    <ListPage
      t={t}
      createTo={can.has('shops.companies.add') && '/app/company/create'}
      list={list}
      query={companies}
      search={{ label: t('searchPlaceholder'), width: 320, testId: 'company-search' }}
      empty={{ icon: <IconBuildingSkyscraper size={32} />, title: list.debouncedSearch ? t('noMatch') : t('empty') }}
      columns={[
        { label: t('fields.name') },
        { label: t('fields.companyCode') },
        { label: t('fields.vatNumber') },
        { label: t('shops'), alignEnd: true },
      ]}
      row={{
        testId: (company) => `company-row-${company.companyCode}`,
        subject: (company) => company.name,
        cells: (company) => (
          <>
            <Table.Td>
              <Text fw={500}>
                <bdi>{company.name}</bdi>
              </Text>
            </Table.Td>
            <Table.Td data-label={t('fields.companyCode')}>
              <span dir="ltr">{company.companyCode}</span>
            </Table.Td>
            <Table.Td data-label={t('fields.vatNumber')}>
              <Text size="sm" ff="monospace" dir="ltr" ta="start">
                {company.vatNumber}
              </Text>
            </Table.Td>
            <Table.Td ta="end" data-label={t('shops')}>
              {can.has('shops.manage.list') && company.shopCount > 0 ? (
                <Anchor component={Link} to={`/app/shops/list?companyId=${company.id}`} size="sm">
                  {company.shopCount}
                </Anchor>
              ) : (
                company.shopCount
              )}
            </Table.Td>
          </>
        ),
        open: can.has('shops.companies.view') && {
          to: (company) => `/app/company/${company.id}/edit`,
          editable: can.has('shops.companies.edit'),
        },
        canDelete: () => can.has('shops.companies.delete'),
      }}
      total={(count) => t('total', { count })}
    />
  );
}
