// Tickets › ticket/create: a ticket filed in the session's shop under a leaf category, its subject, its message
// (formatted text) and its files (a photo of what is broken, a PDF), sent with a progress bar; the category's
// assignees are told by the server. Leaving with something typed asks first.
import { ticketCreateBodySchema } from '@bottega/contracts/tickets';
import { Alert, Button, Card, Group, Progress, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBuildingStore, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { PageHeader } from '../../../ui/page-header';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { useAuthUser } from '../../auth/auth.api';
import { AttachmentPicker } from '../components/attachment-picker';
import { CategorySelect } from '../components/category-select';
import { MessageEditor } from '../components/message-editor';
import { isEmptyMessage } from '../message-text';
import { useFileTicket, useTicketCategories } from '../tickets.api';

type Values = { subject: string; categoryId: number | null; message: string };

export default function TicketCreatePage() {
  const { t } = useTranslation(['tickets', 'validation']);
  const navigate = useNavigate();
  const shop = useAuthUser().data?.shop;
  const categories = useTicketCategories('general');
  const file = useFileTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<Values>({
    initialValues: { subject: '', categoryId: null, message: '' },
    validate: (values) => {
      const errors = validateWith(ticketCreateBodySchema, { ...values, categoryId: values.categoryId ?? undefined }, t);
      if (isEmptyMessage(values.message)) errors.message = t('validation:required');
      return errors;
    },
  });
  const dirty = !sent && (form.isDirty() || files.length > 0);

  const submit = form.onSubmit((values) => {
    setProgress(files.length > 0 ? 0 : null);
    file.mutate(
      {
        body: { subject: values.subject, categoryId: values.categoryId ?? 0, message: values.message },
        files,
        onProgress: setProgress,
      },
      {
        onSuccess: ({ ticket, attachError }) => {
          setSent(true);
          notifications.show(
            attachError
              ? { color: 'yellow', message: t('create.doneWithoutFiles', { reason: errorMessage(attachError, t) }) }
              : { color: 'green', message: t('create.done', { subject: ticket.subject }) },
          );
          // After the guard has seen the form sent.
          setTimeout(() => navigate(`/app/ticket/${ticket.id}`));
        },
        onError: (error) => {
          setProgress(null);
          if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={dirty} />
      <PageHeader
        title={t('create.title')}
        description={t('create.description')}
        actions={
          <Button variant="default" component={Link} to="/app/ticket/list">
            {t('backToList')}
          </Button>
        }
      />
      <Stack gap="md" maw={820}>
        {file.error && !(file.error instanceof ApiError && file.error.code === 'validation') && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(file.error, t)}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Group gap="xs" c="dimmed">
              <IconBuildingStore size={16} />
              <Text size="sm">{t('create.shop', { shop: shop ? `${shop.code} · ${shop.name}` : '' })}</Text>
            </Group>
            <TextInput
              label={t('fields.subject')}
              required
              maxLength={200}
              {...form.getInputProps('subject')}
              data-testid="ticket-subject"
            />
            {categories.isPending ? (
              <Skeleton h={60} />
            ) : (
              <CategorySelect
                label={t('fields.category')}
                description={t('create.categoryHint')}
                required
                categories={categories.data ?? []}
                leavesOnly
                value={form.values.categoryId}
                onChange={(value) => form.setFieldValue('categoryId', value)}
                error={form.errors.categoryId}
                data-testid="ticket-category"
              />
            )}
            <MessageEditor
              label={t('fields.message')}
              value={form.values.message}
              onChange={(html) => form.setFieldValue('message', html)}
              error={form.errors.message as string | undefined}
              testId="ticket-message"
            />
            <AttachmentPicker files={files} onChange={setFiles} disabled={file.isPending} testId="ticket-files" />
            {progress !== null && (
              <Progress value={progress} animated aria-label={t('attachments.sending')} data-testid="ticket-progress" />
            )}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={file.isPending}
                leftSection={<IconSend size={16} />}
                data-testid="ticket-send"
              >
                {t('create.send')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </form>
  );
}
