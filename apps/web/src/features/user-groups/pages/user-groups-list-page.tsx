// Management › usersGroup/list: the groups with their members and abilities, searchable and paginated on the server.
import type { UserGroupSummary } from '@bottega/contracts/user-groups';
import { Badge, Button, Card, EmptyState, Group, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBell, IconPencil, IconPlus, IconSearch, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { RowAction } from '../../../ui/row-action';
import { useAuthUser } from '../../auth/auth.api';
import { useDeleteUserGroup, useUserGroups } from '../user-groups.api';

const perPage = 20;

export default function UserGroupsListPage() {
  const { t } = useTranslation(['user-groups', 'common']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const groups = useUserGroups({ page, perPage, search: debouncedSearch });
  const remove = useDeleteUserGroup();
  const [deleting, setDeleting] = useState<UserGroupSummary | null>(null);

  const totalPages = Math.max(1, Math.ceil((groups.data?.meta.total ?? 0) / perPage));
  const rows = groups.data?.data ?? [];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          can.has('employees.userGroups.add') && (
            <Button component={Link} to="/app/usersGroup/create" leftSection={<IconPlus size={16} />}>
              {t('create')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        <Group p="md">
          <TextInput
            placeholder={t('searchGroups')}
            aria-label={t('searchGroups')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 300 }}
          />
        </Group>
        {groups.isError ? (
          <Text c="red" p="md" role="alert">
            {errorMessage(groups.error, t)}
          </Text>
        ) : rows.length === 0 && !groups.isPending ? (
          <EmptyState
            py="xl"
            icon={<IconUsersGroup size={32} />}
            title={debouncedSearch ? t('noGroupFound') : t('empty')}
          />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('name')}</Table.Th>
                  <Table.Th ta="end">{t('members')}</Table.Th>
                  <Table.Th ta="end">{t('abilities')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((group) => (
                  <Table.Tr key={group.id} data-testid={`group-row-${group.name}`}>
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
                    <Table.Td ta="end">{group.memberCount}</Table.Td>
                    <Table.Td ta="end">{group.abilityCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {can.has('employees.userGroups.edit') && (
                          <RowAction
                            label={t('edit')}
                            subject={group.name}
                            icon={<IconPencil size={18} />}
                            to={`/app/usersGroup/${group.id}/edit`}
                          />
                        )}
                        {can.has('employees.userGroups.notifications') && (
                          <RowAction
                            label={t('notifications')}
                            subject={group.name}
                            icon={<IconBell size={18} />}
                            to={`/app/usersGroup/notification/${group.id}/edit`}
                          />
                        )}
                        {can.has('employees.userGroups.delete') && !group.isAdmin && (
                          <RowAction
                            label={t('delete')}
                            subject={group.name}
                            icon={<IconTrash size={18} />}
                            color="red"
                            onClick={() => {
                              remove.reset();
                              setDeleting(group);
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
        {totalPages > 1 && (
          <Group justify="center" p="md">
            <Pagination value={page} onChange={setPage} total={totalPages} />
          </Group>
        )}
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
