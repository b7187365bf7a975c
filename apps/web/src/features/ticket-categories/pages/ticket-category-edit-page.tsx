// Management › ticketCategory/create and ticketCategory/{id}/edit: a category's name, whether it is a parent (holding
// categories) or a leaf (holding tickets), and the parent it sits under — never itself nor one below it.
import { ticketCategoryBodySchema } from '@bottega/contracts/tickets';
import { Alert, Button, Card, Select, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { allowedParents, categoryPath } from '../category-tree';
import { useSaveTicketCategory, useTicketCategories } from '../ticket-categories.api';

const listPath = '/app/ticketCategory/list';

/** The form's values: the parent as the Select holds it (its id as text, null at the top). */
type Values = { name: string; isParent: boolean; parentId: string | null };

const bodyOf = (values: Values) => ({ ...values, parentId: values.parentId === null ? null : Number(values.parentId) });

export default function TicketCategoryEditPage() {
  const { t } = useTranslation(['ticket-categories', 'validation']);
  const navigate = useNavigate();
  const params = useParams();
  const id = params.ticketCategoryID === undefined ? null : Number(params.ticketCategoryID);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const tree = useTicketCategories();
  const save = useSaveTicketCategory(id);
  const form = useForm<Values>({
    initialValues: { name: '', isParent: false, parentId: null },
    validate: (values) => validateWith(ticketCategoryBodySchema, bodyOf(values), t),
  });

  const loaded = id === null ? undefined : tree.data?.find((category) => category.id === id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when another category arrives
  useEffect(() => {
    if (loaded) {
      const values = {
        name: loaded.name,
        isParent: loaded.isParent,
        parentId: loaded.parentId === null ? null : String(loaded.parentId),
      };
      form.setValues(values);
      form.resetDirty(values);
    }
  }, [loaded?.id]);

  if (id !== null && (!validId || (tree.data && !loaded))) return <StatusPage status={404} />;
  if (!tree.data) {
    return tree.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(tree.error, t)}
      </Alert>
    ) : (
      <Skeleton h={300} />
    );
  }

  const parents = allowedParents(tree.data, id).map((category) => ({
    value: String(category.id),
    label: categoryPath(category),
  }));

  const submit = form.onSubmit((values) =>
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('saved', { name: saved.name }) });
        navigate(listPath);
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={loaded ? t('editTitle', { name: loaded.name }) : t('createTitle')}
        description={t('editDescription')}
        actions={
          <>
            <Button variant="default" component={Link} to={listPath}>
              {t('backToList')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="category-save"
            >
              {t('save')}
            </Button>
          </>
        }
      />
      <Stack gap="md" maw={720}>
        {save.error && !(save.error instanceof ApiError && save.error.code === 'validation') && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="category-error">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="md">
            <TextInput
              label={t('fields.name')}
              required
              maxLength={100}
              {...form.getInputProps('name')}
              data-testid="category-name"
            />
            <Select
              label={t('fields.parent')}
              description={t('hints.parent')}
              placeholder={t('topLevel')}
              data={parents}
              searchable
              clearable
              nothingFoundMessage={t('noParent')}
              {...form.getInputProps('parentId')}
              data-testid="category-parent"
            />
            <Switch
              label={t('fields.isParent')}
              description={t('hints.isParent')}
              {...form.getInputProps('isParent', { type: 'checkbox' })}
              data-testid="category-is-parent"
            />
          </Stack>
        </Card>
      </Stack>
    </form>
  );
}
