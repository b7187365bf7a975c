// Management › employees/list: search and filters answered by the server, a page at a time.
import { type EmployeeSummary, employeeTypes } from '@bottega/contracts/employees';
import { Badge, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../ui/list-page';
import { listPerPage, useListPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { EmployeeTypeBadge } from '../components/employee-type-badge';
import { useDeleteEmployee, useEmployeeOptions, useEmployees } from '../employees.api';

/** How a row names the employee: surname first, as the list is read. */
function fullName(employee: EmployeeSummary) {
  return `${employee.surname} ${employee.name}`;
}

export default function EmployeesListPage() {
  const { t } = useTranslation(['employees', 'common']);
  const me = useAuthUser().data;
  const can = new Set(me?.can ?? []);
  const list = useListPage(useDeleteEmployee(), (employee: EmployeeSummary) => `${employee.name} ${employee.surname}`);
  const [shopId, setShopId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const options = useEmployeeOptions();
  const employees = useEmployees({
    page: list.page,
    perPage: listPerPage,
    search: list.debouncedSearch,
    shopId,
    groupId,
    type,
  });
  const filtered = Boolean(list.debouncedSearch || shopId || groupId || type);

  return (
    <ListPage
      t={t}
      createTo={can.has('employees.manage.add') && '/app/employees/create'}
      list={list}
      query={employees}
      search={{ label: t('searchPlaceholder'), width: 380, testId: 'employee-search' }}
      filters={
        <>
          <Select
            placeholder={t('filters.allShops')}
            aria-label={t('filters.shop')}
            data={(options.data?.shops ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }))}
            value={shopId}
            onChange={list.resettingPage(setShopId)}
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
            onChange={list.resettingPage(setGroupId)}
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
            onChange={list.resettingPage(setType)}
            clearable
            w={{ base: '100%', sm: 170 }}
            data-testid="filter-type"
          />
        </>
      }
      empty={{
        icon: <IconUsers size={32} />,
        title: filtered ? t('noMatch') : t('empty'),
        description: filtered ? t('noMatchHint') : undefined,
      }}
      columns={[
        { label: t('columns.name') },
        { label: t('columns.matricola') },
        { label: t('columns.fiscalCode') },
        { label: t('columns.shop') },
        { label: t('columns.group') },
        { label: t('columns.type') },
      ]}
      skeleton
      row={{
        testId: (employee) => `employee-row-${employee.username}`,
        subject: fullName,
        cells: (employee) => {
          const mainShop = employee.shops[0];
          return (
            <>
              <Table.Td>
                <Stack gap={0}>
                  <Text fw={500}>
                    <bdi>{fullName(employee)}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed" dir="ltr" ta="start">
                    {employee.username}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td data-label={t('columns.matricola')}>
                {employee.matricola && <span dir="ltr">{employee.matricola}</span>}
              </Table.Td>
              <Table.Td data-label={t('columns.fiscalCode')}>
                <Text size="sm" ff="monospace" dir="ltr" ta="start">
                  {employee.fiscalCode ?? ''}
                </Text>
              </Table.Td>
              <Table.Td data-label={t('columns.shop')}>
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
              <Table.Td data-label={t('columns.group')}>
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
              <Table.Td data-label={t('columns.type')}>
                <EmployeeTypeBadge type={employee.employeeType} />
              </Table.Td>
            </>
          );
        },
        open: can.has('employees.view') && {
          to: (employee) => `/app/employees/${employee.id}/edit`,
          editable: can.has('employees.manage.edit'),
        },
        canDelete: (employee) => can.has('employees.manage.delete') && employee.id !== me?.id,
      }}
      total={(count) => (count > 0 ? t('total', { count }) : '')}
      testIdPrefix="employees"
    />
  );
}
