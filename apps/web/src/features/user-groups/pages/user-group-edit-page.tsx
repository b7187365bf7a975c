// Management › usersGroup/create and usersGroup/{userGroupID}/edit: name, permission tree, members, history.
import { type Ability, allAbilities, mayDelegate } from '@bottega/contracts/permissions';
import { Alert, Button, Card, Grid, Group, List, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBell, IconCrown, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { GroupHistory } from '../components/group-history';
import { PermissionTree } from '../components/permission-tree';
import { useDelegator, useSaveUserGroup, useUserGroup } from '../user-groups.api';

export default function UserGroupEditPage() {
  const { t } = useTranslation(['user-groups', 'validation']);
  const navigate = useNavigate();
  const can = new Set(useAuthUser().data?.can ?? []);
  const delegator = useDelegator();
  const { userGroupID } = useParams();
  const id = userGroupID === undefined ? null : Number(userGroupID);
  const group = useUserGroup(id !== null && Number.isInteger(id) && id > 0 ? id : null);
  const save = useSaveUserGroup(id);
  const form = useForm({
    initialValues: { name: '', permissions: [] as Ability[] },
    validate: { name: (value) => (value.trim() ? null : t('validation:required')) },
  });

  const loaded = group.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when another group arrives
  useEffect(() => {
    if (loaded) {
      form.setValues({ name: loaded.name, permissions: loaded.permissions });
      form.resetDirty({ name: loaded.name, permissions: loaded.permissions });
    }
  }, [loaded?.id, loaded?.name, loaded?.permissions.join()]);

  if (
    id !== null &&
    (!Number.isInteger(id) || id <= 0 || (group.error instanceof ApiError && group.error.status === 404))
  ) {
    return <StatusPage status={404} />;
  }
  if (id !== null && !loaded) {
    return group.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(group.error, t)}
      </Alert>
    ) : (
      <Skeleton h={400} />
    );
  }

  const isAdmin = loaded?.isAdmin ?? false;
  // The server's delegation rule: a group holding abilities the person lacks is theirs to read only.
  const delegable = !loaded || mayDelegate(delegator, loaded);
  const readOnly = isAdmin || !delegable;
  const canGrant = (ability: Ability) => delegator.isAdmin || delegator.abilities.has(ability);
  const submit = form.onSubmit((values) =>
    save.mutate(
      { name: values.name.trim(), permissions: values.permissions },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('saved', { name: saved.name }) });
          if (id === null) navigate(`/app/usersGroup/${saved.id}/edit`, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            form.setErrors(
              Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])),
            );
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={id === null ? t('createTitle') : t('editTitle', { name: loaded?.name ?? '' })}
        description={t('editDescription')}
        actions={
          <>
            {id !== null && can.has('employees.userGroups.notifications') && (
              <Button
                variant="default"
                component={Link}
                to={`/app/usersGroup/notification/${id}/edit`}
                leftSection={<IconBell size={16} />}
              >
                {t('notifications')}
              </Button>
            )}
            <Button variant="default" component={Link} to="/app/usersGroup/list">
              {t('backToList')}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                {t('save')}
              </Button>
            )}
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {isAdmin && (
              <Alert color="grape" icon={<IconCrown size={18} />} data-testid="admin-group-notice">
                {t('adminNotice')}
              </Alert>
            )}
            {!isAdmin && !delegable && (
              <Alert color="yellow" icon={<IconLock size={18} />} data-testid="not-delegable-notice">
                {t('notDelegableNotice')}
              </Alert>
            )}
            {!readOnly && !allAbilities.every(canGrant) && (
              <Alert color="blue" icon={<IconLock size={18} />} data-testid="not-held-notice">
                {t('notHeldNotice')}
              </Alert>
            )}
            {save.error && !(save.error instanceof ApiError && save.error.code === 'validation') && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessage(save.error, t)}
              </Alert>
            )}
            <Card withBorder padding="lg">
              <TextInput
                label={t('name')}
                required
                maxLength={100}
                disabled={readOnly}
                {...form.getInputProps('name')}
                data-testid="group-name"
              />
            </Card>
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('permissions')}
              </Title>
              <PermissionTree
                value={form.values.permissions}
                onChange={(permissions) => form.setFieldValue('permissions', permissions)}
                disabled={readOnly}
                canGrant={canGrant}
              />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            {loaded && (
              <Card withBorder padding="lg">
                <Title order={2} size="h4" mb="sm">
                  {t('membersCount', { count: loaded.memberCount })}
                </Title>
                {loaded.members.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('noMembers')}
                  </Text>
                ) : (
                  <List size="sm" spacing={4} data-testid="group-members">
                    {loaded.members.map((member) => (
                      <List.Item key={member.id}>
                        <bdi>{member.name}</bdi>
                      </List.Item>
                    ))}
                  </List>
                )}
                {loaded.memberCount > loaded.members.length && (
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('moreMembers', { count: loaded.memberCount - loaded.members.length })}
                  </Text>
                )}
              </Card>
            )}
            {id !== null && can.has('employees.userGroups.view') && <GroupHistory groupId={id} />}
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="md" hiddenFrom="lg">
        {!readOnly && (
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        )}
      </Group>
    </form>
  );
}
