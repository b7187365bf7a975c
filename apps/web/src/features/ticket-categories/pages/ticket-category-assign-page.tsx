// Management › ticketCategory/{id}/assign: who handles the tickets filed under the category and under every category
// below it, chosen among the people allowed to handle assigned tickets.
import { Alert, Button, Card, MultiSelect, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { categoryPath } from '../category-tree';
import { useAssignableUsers, useAssignTicketCategory, useTicketCategories } from '../ticket-categories.api';

const listPath = '/app/ticketCategory/list';

export default function TicketCategoryAssignPage() {
  const { t } = useTranslation('ticket-categories');
  const navigate = useNavigate();
  const id = Number(useParams().ticketCategoryID);
  const validId = Number.isInteger(id) && id > 0;
  const tree = useTicketCategories();
  const people = useAssignableUsers();
  const assign = useAssignTicketCategory(id);
  const [chosen, setChosen] = useState<string[]>([]);

  const category = tree.data?.find((item) => item.id === id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start from the assignees once the category arrives
  useEffect(() => {
    if (category) setChosen(category.assignees.map((person) => String(person.id)));
  }, [category?.id]);

  if (!validId || (tree.data && !category)) return <StatusPage status={404} />;
  const failed = tree.error ?? people.error;
  if (failed) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(failed, t)}
      </Alert>
    );
  }
  if (!category || !people.data) return <Skeleton h={240} />;

  // Someone assigned before losing the ability stays listed, so saving does not drop them unseen.
  const options = [
    ...people.data,
    ...category.assignees.filter((person) => !people.data.some((other) => other.id === person.id)),
  ].map((person) => ({ value: String(person.id), label: person.name }));

  const save = () =>
    assign.mutate(
      { userIds: chosen.map(Number) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('assigned', { name: saved.name }) });
          navigate(listPath);
        },
      },
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      noValidate
    >
      <PageHeader
        title={t('assignTitle', { name: category.name })}
        description={t('assignDescription')}
        actions={
          <>
            <Button variant="default" component={Link} to={listPath}>
              {t('backToList')}
            </Button>
            <Button
              type="submit"
              loading={assign.isPending}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="assign-save"
            >
              {t('save')}
            </Button>
          </>
        }
      />
      <Stack gap="md" maw={720}>
        {assign.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(assign.error, t)}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('fields.category')}: <bdi>{categoryPath(category)}</bdi>
            </Text>
            <MultiSelect
              label={t('fields.assignees')}
              description={t('hints.assignees')}
              placeholder={chosen.length === 0 ? t('noAssignees') : undefined}
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage={t('noPerson')}
              data-testid="assign-users"
            />
          </Stack>
        </Card>
      </Stack>
    </form>
  );
}
