// Security video › categories (§6 "manage categories"): the names cameras are filed under (entrance, till,
// storeroom …) with how many cameras each holds; added and renamed in a dialog, deleted after a confirmation that
// says its cameras stay, without a category.
import { type CameraCategory, cameraCategoryBodySchema } from '@bottega/contracts/cameras';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { useCameraCategories, useDeleteCameraCategory, useSaveCameraCategory } from '../cameras.api';

function CategoryModal({ editing, onClose }: { editing: CameraCategory | 'new'; onClose: () => void }) {
  const { t } = useTranslation(['cameras', 'errors', 'validation']);
  const existing = editing === 'new' ? null : editing;
  const save = useSaveCameraCategory(existing?.id ?? null);
  const [name, setName] = useState(existing?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name };
    const found = validateWith(cameraCategoryBodySchema, body, t);
    setError(found.name);
    if (found.name) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('categories.saved', { name: saved.name }) });
        onClose();
      },
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        if (failure.code === 'cameraCategoryExists') setError(errorMessage(failure, t) ?? undefined);
        else if (failure.status === 422) setError(firstFieldErrors(failure.fieldErrors).name);
      },
    });
  };
  const refused =
    save.error && !(save.error instanceof ApiError && (save.error.status === 422 || save.error.status === 409));
  return (
    <Modal
      opened
      onClose={onClose}
      title={existing ? t('categories.rename', { name: existing.name }) : t('categories.create')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('categories.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
            required
            data-autofocus
            error={error}
            data-testid="camera-category-name"
          />
          {refused && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="camera-category-save">
              {t('categories.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default function CameraCategoriesPage() {
  const { t } = useTranslation(['cameras', 'errors']);
  const categories = useCameraCategories();
  const remove = useDeleteCameraCategory();
  const [editing, setEditing] = useState<CameraCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CameraCategory | null>(null);
  const rows = categories.data ?? [];
  const create = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="camera-category-create">
      {t('categories.create')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('categories.title')}
        description={t('categories.description')}
        actions={rows.length > 0 && create}
      />
      <Card withBorder padding={0}>
        {categories.isPending || categories.isError ? (
          <QueryPlaceholder query={categories} />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconCategory size={32} />}
            title={t('categories.empty')}
            description={t('categories.emptyDescription')}
            data-testid="camera-categories-empty"
          >
            <Group justify="center" mt="md">
              {create}
            </Group>
          </EmptyState>
        ) : (
          <ResponsiveTable verticalSpacing="sm" data-testid="camera-categories-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('categories.name')}</Table.Th>
                <Table.Th ta="end">{t('categories.cameras')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('categories.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((category) => (
                <Table.Tr key={category.id} data-testid={`camera-category-${category.id}`}>
                  <Table.Td>
                    <Text fw={500}>
                      <bdi>{category.name}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('categories.cameras')} ta="end">
                    {t('categories.cameraCount', { count: category.cameras })}
                  </Table.Td>
                  <Table.Td data-actions>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <RowAction
                        label={t('categories.renameAction')}
                        subject={category.name}
                        icon={<IconPencil size={18} />}
                        onClick={() => setEditing(category)}
                      />
                      <RowAction
                        label={t('delete')}
                        subject={category.name}
                        icon={<IconTrash size={18} />}
                        color="red"
                        onClick={() => {
                          remove.reset();
                          setDeleting(category);
                        }}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Card>
      {editing && <CategoryModal editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('categories.deleteTitle')}
        message={t('categories.deleteMessage', { name: deleting?.name ?? '', count: deleting?.cameras ?? 0 })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('categories.deleted', { name: deleting.name }) });
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
