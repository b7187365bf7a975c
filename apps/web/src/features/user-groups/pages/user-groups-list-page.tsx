// Management › usersGroup/list: the groups with their members and abilities, searchable and paginated on the server.
import type { UserGroupSummary } from '@bottega/contracts/user-groups';
import { Badge, Group, Table, Text } from '@mantine/core';
import { IconBell, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../ui/list-page';
import { RowAction } from '../../../ui/row-action';
import { listPerPage, useListPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { useDeleteUserGroup, useUserGroups } from '../user-groups.api';

export default function UserGroupsListPage() {
  const { t } = useTranslation(['user-groups', 'common']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const list = useListPage(useDeleteUserGroup(), (group: UserGroupSummary) => group.name);
  const groups = useUserGroups({ page: list.page, perPage: listPerPage, search: list.debouncedSearch });

  return (
    <ListPage
      t={t}
      createTo={can.has('employees.userGroups.add') && '/app/usersGroup/create'}
      list={list}
      query={groups}
      search={{ label: t('searchGroups'), width: 300 }}
      empty={{ icon: <IconUsersGroup size={32} />, title: list.debouncedSearch ? t('noGroupFound') : t('empty') }}
      columns={[
        { label: t('name') },
        { label: t('members'), alignEnd: true },
        { label: t('abilities'), alignEnd: true },
      ]}
      row={{
        testId: (group) => `group-row-${group.name}`,
        subject: (group) => group.name,
        cells: (group) => (
          <>
            <Table.Td>
              <Group gap="xs">
                <Text fw={500}>
                  <bdi>{group.name}</bdi>
                </Text>
                {group.isAdmin && (
                  <Badge size="sm" variant="light" color="grape">
                    {t('adminBadge')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td ta="end" data-label={t('members')}>
              {group.memberCount}
            </Table.Td>
            <Table.Td ta="end" data-label={t('abilities')}>
              {group.abilityCount}
            </Table.Td>
          </>
        ),
        open: can.has('employees.userGroups.edit') && {
          to: (group) => `/app/usersGroup/${group.id}/edit`,
          editable: true,
        },
        actions: (group) =>
          can.has('employees.userGroups.notifications') && (
            <RowAction
              label={t('notifications')}
              subject={group.name}
              icon={<IconBell size={18} />}
              to={`/app/usersGroup/notification/${group.id}/edit`}
            />
          ),
        canDelete: (group) => can.has('employees.userGroups.delete') && !group.isAdmin,
      }}
    />
  );
}
