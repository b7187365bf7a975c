// Management › employees/list: search and filters answered by the server, a page at a time.
import { type EmployeeSummary, employeeTypes } from '@bottega/contracts/employees';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPencil, IconPlus, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { EmployeeTypeBadge } from '../components/employee-type-badge';
import { useDeleteEmployee, useEmployeeOptions, useEmployees } from '../employees.api';

const perPage = 20;

export default function EmployeesListPage() {
  const { t } = useTranslation(['employees', 'common']);
  const me = useAuthUser().data;
  const can = new Set(me?.can ?? []);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [shopId, setShopId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const options = useEmployeeOptions();
  const employees = useEmployees({ page, perPage, search: debouncedSearch, shopId, groupId, type });
  const remove = useDeleteEmployee();
  const [deleting, setDeleting] = useState<EmployeeSummary | null>(null);

  const total = employees.data?.meta.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const rows = employees.data?.data ?? [];
  const filtered = Boolean(debouncedSearch || shopId || groupId || type);
  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          can.has('employees.manage.add') && (
            <Button component={Link} to="/app/employees/create" leftSection={<IconPlus size={16} />}>
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
            onChange={(event) => resetPage(setSearch)(event.currentTarget.value)}
            w={{ base: '100%', sm: 380 }}
            data-testid="employee-search"
          />
          <Select
            placeholder={t('filters.allShops')}
            aria-label={t('filters.shop')}
            data={(options.data?.shops ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }))}
            value={shopId}
            onChange={resetPage(setShopId)}
            clearable
            searchable
            w={{ base: '100%', sm: 200 }}
            data-testid="filter-shop"
          />
          <Select
            placeholder={t('filters.allGroups')}
            aria-label={t('filters.group')}
            data={(options.data?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
            value={groupId}
            onChange={resetPage(setGroupId)}
            clearable
            searchable
            w={{ base: '100%', sm: 200 }}
            data-testid="filter-group"
          />
          <Select
            placeholder={t('filters.allTypes')}
            aria-label={t('filters.type')}
            data={employeeTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
            value={type}
            onChange={resetPage(setType)}
            clearable
            w={{ base: '100%', sm: 170 }}
            data-testid="filter-type"
          />
        </Group>
        {employees.isError ? (
          <Text c="red" p="md" role="alert">
            {errorMessage(employees.error, t)}
          </Text>
        ) : rows.length === 0 && !employees.isPending ? (
          <EmptyState
            py="xl"
            icon={<IconUsers size={32} />}
            title={filtered ? t('noMatch') : t('empty')}
            description={filtered ? t('noMatchHint') : undefined}
            data-testid="employees-empty"
          />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="employees-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.matricola')}</Table.Th>
                  <Table.Th>{t('columns.fiscalCode')}</Table.Th>
                  <Table.Th>{t('columns.shop')}</Table.Th>
                  <Table.Th>{t('columns.group')}</Table.Th>
                  <Table.Th>{t('columns.type')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {employees.isPending
                  ? Array.from({ length: 6 }, (_, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                      <Table.Tr key={index}>
                        {Array.from({ length: 7 }, (_, cell) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
                          <Table.Td key={cell}>
                            <Skeleton h={14} w={cell === 0 ? 160 : 80} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : rows.map((employee) => {
                      const fullName = `${employee.surname} ${employee.name}`;
                      const mainShop = employee.shops[0];
                      return (
                        <Table.Tr key={employee.id} data-testid={`employee-row-${employee.username}`}>
                          <Table.Td>
                            <Stack gap={0}>
                              <Text fw={500}>
                                <bdi>{fullName}</bdi>
                              </Text>
                              <Text size="xs" c="dimmed" dir="ltr" ta="start">
                                {employee.username}
                              </Text>
                            </Stack>
                          </Table.Td>
                          <Table.Td dir="ltr" ta="start">
                            {employee.matricola ?? ''}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" ff="monospace" dir="ltr" ta="start">
                              {employee.fiscalCode ?? ''}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {mainShop && (
                              <Text size="sm">
                                <bdi>{mainShop.name}</bdi>
                                {employee.shops.length > 1 && (
                                  <Text span size="xs" c="dimmed">
                                    {' '}
                                    {t('moreShops', { count: employee.shops.length - 1 })}
                                  </Text>
                                )}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4}>
                              {employee.groups[0] && (
                                <Badge variant="light" tt="none" color={employee.isAdmin ? 'grape' : 'blue'}>
                                  <bdi>{employee.groups[0].name}</bdi>
                                </Badge>
                              )}
                              {employee.groups.length > 1 && (
                                <Tooltip
                                  label={employee.groups
                                    .slice(1)
                                    .map((group) => group.name)
                                    .join(', ')}
                                >
                                  <Badge variant="outline" tt="none" color="gray">
                                    +{employee.groups.length - 1}
                                  </Badge>
                                </Tooltip>
                              )}
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <EmployeeTypeBadge type={employee.employeeType} />
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              {can.has('employees.view') && (
                                <RowAction
                                  label={can.has('employees.manage.edit') ? t('edit') : t('open')}
                                  subject={fullName}
                                  icon={
                                    can.has('employees.manage.edit') ? <IconPencil size={18} /> : <IconEye size={18} />
                                  }
                                  to={`/app/employees/${employee.id}/edit`}
                                />
                              )}
                              {can.has('employees.manage.delete') && employee.id !== me?.id && (
                                <RowAction
                                  label={t('delete')}
                                  subject={fullName}
                                  icon={<IconTrash size={18} />}
                                  color="red"
                                  onClick={() => {
                                    remove.reset();
                                    setDeleting(employee);
                                  }}
                                />
                              )}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between" p="md">
          <Text size="sm" c="dimmed" data-testid="employees-total">
            {total > 0 ? t('total', { count: total }) : ''}
          </Text>
          {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} />}
        </Group>
      </Card>
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting ? `${deleting.name} ${deleting.surname}` : '' })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: t('deleted', { name: `${deleting.name} ${deleting.surname}` }),
              });
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
