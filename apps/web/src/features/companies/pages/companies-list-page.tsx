// Management › company/list: the companies with their VAT number and shops, searchable and paginated on the server.
import type { Company } from '@bottega/contracts/companies';
import { Anchor, Button, Card, EmptyState, Group, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBuildingSkyscraper, IconEye, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { useCompanies, useDeleteCompany } from '../companies.api';

const perPage = 20;

export default function CompaniesListPage() {
  const { t } = useTranslation(['companies', 'common']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const companies = useCompanies({ page, perPage, search: debouncedSearch });
  const remove = useDeleteCompany();
  const [deleting, setDeleting] = useState<Company | null>(null);

  const total = companies.data?.meta.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const rows = companies.data?.data ?? [];
  const canEdit = can.has('shops.companies.edit');

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          can.has('shops.companies.add') && (
            <Button component={Link} to="/app/company/create" leftSection={<IconPlus size={16} />}>
              {t('create')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        <Group p="md">
          <TextInput
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 320 }}
            data-testid="company-search"
          />
        </Group>
        {companies.isError ? (
          <Text c="red" p="md" role="alert">
            {errorMessage(companies.error, t)}
          </Text>
        ) : rows.length === 0 && !companies.isPending ? (
          <EmptyState
            py="xl"
            icon={<IconBuildingSkyscraper size={32} />}
            title={debouncedSearch ? t('noMatch') : t('empty')}
          />
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.name')}</Table.Th>
                  <Table.Th>{t('fields.companyCode')}</Table.Th>
                  <Table.Th>{t('fields.vatNumber')}</Table.Th>
                  <Table.Th ta="end">{t('shops')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((company) => (
                  <Table.Tr key={company.id} data-testid={`company-row-${company.companyCode}`}>
                    <Table.Td>
                      <Text fw={500}>
                        <bdi>{company.name}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td dir="ltr" ta="start">
                      {company.companyCode}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" dir="ltr" ta="start">
                        {company.vatNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      {can.has('shops.manage.list') && company.shopCount > 0 ? (
                        <Anchor component={Link} to={`/app/shops/list?companyId=${company.id}`} size="sm">
                          {company.shopCount}
                        </Anchor>
                      ) : (
                        company.shopCount
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {can.has('shops.companies.view') && (
                          <RowAction
                            label={canEdit ? t('edit') : t('open')}
                            subject={company.name}
                            icon={canEdit ? <IconPencil size={18} /> : <IconEye size={18} />}
                            to={`/app/company/${company.id}/edit`}
                          />
                        )}
                        {can.has('shops.companies.delete') && (
                          <RowAction
                            label={t('delete')}
                            subject={company.name}
                            icon={<IconTrash size={18} />}
                            color="red"
                            onClick={() => {
                              remove.reset();
                              setDeleting(company);
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
          <Text size="sm" c="dimmed">
            {companies.data ? t('total', { count: total }) : ''}
          </Text>
          {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} />}
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
