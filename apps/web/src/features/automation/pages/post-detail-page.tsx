// Automation › posts/detail/{id} (spec §2, issue 28): one post — its text and media, its state, when it goes or went
// out and who wrote it — and how each account took it: its state, the post on the network, the network's error, the
// attempts and the figures. What can be done follows the state: change it (draft, scheduled, cancelled), take it off
// the schedule, send it again to the accounts that refused it, delete it (draft, cancelled). While it is being
// published the page asks again every few seconds.
import { mayTransition, type Post } from '@bottega/contracts/automation';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, useDirection } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBan,
  IconPencil,
  IconRotateClockwise,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { RecordPlaceholder } from '../../../ui/record-placeholder';
import { useAuthUser } from '../../auth/auth.api';
import { LabelledField } from '../components/labelled-field';
import { MediaThumbnail } from '../components/media-picker';
import { editablePostStates } from '../components/post-compose-form';
import { PostStateBadge } from '../components/post-state-badge';
import { PostTargetsTable } from '../components/post-targets';
import { dateTimeText } from '../components/post-time';
import { positiveId } from '../positive-id';
import { useCancelPost, useDeletePost, usePost, useRetryPost } from '../posts.api';

const postsPath = '/app/automation/posts';

function SummaryCard({ post }: { post: Post }) {
  const { t } = useTranslation('automation');
  return (
    <Card withBorder padding="lg" data-testid="post-summary">
      <Title order={2} size="h4" mb="sm">
        {t('post.sections.summary')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <LabelledField label={t('post.fields.state')}>
          <PostStateBadge state={post.state} size="md" />
        </LabelledField>
        <LabelledField label={t('post.fields.author')}>
          <Text>
            <bdi>{post.author?.name ?? '—'}</bdi>
          </Text>
        </LabelledField>
        <LabelledField label={t('post.fields.scheduledAt')}>
          <Text data-testid="post-scheduled-at">{dateTimeText(post.scheduledAt) || '—'}</Text>
        </LabelledField>
        <LabelledField label={t('post.fields.publishedAt')}>
          <Text data-testid="post-published-at">{dateTimeText(post.publishedAt) || '—'}</Text>
        </LabelledField>
        <LabelledField label={t('post.fields.createdAt')}>
          <Text>{dateTimeText(post.createdAt)}</Text>
        </LabelledField>
        <LabelledField label={t('post.fields.updatedAt')}>
          <Text>{dateTimeText(post.updatedAt)}</Text>
        </LabelledField>
      </SimpleGrid>
    </Card>
  );
}

function ContentCard({ post }: { post: Post }) {
  const { t } = useTranslation('automation');
  return (
    <Card withBorder padding="lg" data-testid="post-content">
      <Title order={2} size="h4" mb="sm">
        {t('post.sections.content')}
      </Title>
      <Stack gap="md">
        {post.text.trim() === '' ? (
          <Text c="dimmed">{t('posts.noText')}</Text>
        ) : (
          <Text dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="post-text">
            {post.text}
          </Text>
        )}
        {post.media.length > 0 && (
          <Group
            gap="sm"
            component="ol"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={t('post.media')}
          >
            {post.media.map((media) => (
              <li key={media.id}>
                <MediaThumbnail media={media} size={112} />
              </li>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export default function PostDetailPage() {
  const { t } = useTranslation(['automation', 'errors']);
  const navigate = useNavigate();
  const can = new Set(useAuthUser().data?.can ?? []);
  const flip = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const id = positiveId(useParams().id);
  const post = usePost(id);
  const cancel = useCancelPost();
  const retry = useRetryPost();
  const remove = useDeletePost();
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);

  const loaded = post.data;
  if (!loaded) return <RecordPlaceholder id={id} query={post} blocks={[200, 240]} />;

  // A scheduled post is changed by scheduling it again, which takes the right to publish (a draft or a cancelled post
  // can be saved as a draft by anyone who writes posts).
  const editable =
    editablePostStates.includes(loaded.state) && (loaded.state !== 'scheduled' || can.has('automation.publish'));
  const deletable = loaded.state === 'draft' || loaded.state === 'cancelled';
  const failedTargets = loaded.targets.filter((target) => target.state === 'failed').length;
  const stepError = retry.error ?? null;

  return (
    <>
      <PageHeader
        title={t('post.heading', { id: loaded.id })}
        description={loaded.author ? t('post.writtenBy', { name: loaded.author.name }) : undefined}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={postsPath}
              leftSection={<IconArrowLeft size={16} style={flip} />}
            >
              {t('post.back')}
            </Button>
            {editable && (
              <Button
                component={Link}
                to={`${postsPath}/create?edit=${loaded.id}`}
                leftSection={<IconPencil size={16} />}
                data-testid="post-edit"
              >
                {t('post.actions.edit')}
              </Button>
            )}
            {mayTransition(loaded.state, 'cancel') && can.has('automation.publish') && (
              <Button
                variant="default"
                color="orange"
                leftSection={<IconBan size={16} />}
                onClick={() => {
                  cancel.reset();
                  setAsking('cancel');
                }}
                data-testid="post-cancel"
              >
                {t('post.actions.cancel')}
              </Button>
            )}
            {mayTransition(loaded.state, 'retry') && can.has('automation.publish') && (
              <Button
                color="orange"
                leftSection={<IconRotateClockwise size={16} />}
                loading={retry.isPending}
                onClick={() =>
                  retry.mutate(loaded.id, {
                    onSuccess: () =>
                      notifications.show({ color: 'green', message: t('post.retried', { count: failedTargets }) }),
                  })
                }
                data-testid="post-retry"
              >
                {t('post.actions.retry')}
              </Button>
            )}
            {deletable && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  remove.reset();
                  setAsking('delete');
                }}
                data-testid="post-delete"
              >
                {t('post.actions.delete')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        {loaded.state === 'publishing' && (
          <Alert color="cyan" icon={<Loader size={16} />} data-testid="post-publishing" aria-live="polite">
            {t('post.publishing')}
          </Alert>
        )}
        {loaded.state === 'failed' && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="post-failed">
            {t('post.failed', { count: failedTargets })}
          </Alert>
        )}
        {stepError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(stepError, t)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ContentCard post={loaded} />
          <SummaryCard post={loaded} />
        </SimpleGrid>
        <PostTargetsTable post={loaded} />
      </Stack>
      <ConfirmModal
        opened={asking === 'cancel'}
        title={t('post.confirmCancel.title')}
        message={t('post.confirmCancel.message', { time: dateTimeText(loaded.scheduledAt) })}
        confirmLabel={t('post.actions.cancel')}
        loading={cancel.isPending}
        error={errorMessage(cancel.error, t)}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          cancel.mutate(loaded.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('post.cancelled') });
              setAsking(null);
            },
          })
        }
      />
      <ConfirmModal
        opened={asking === 'delete'}
        title={t('post.confirmDelete.title')}
        message={t('post.confirmDelete.message')}
        confirmLabel={t('post.actions.delete')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          remove.mutate(loaded.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('post.deleted') });
              setAsking(null);
              navigate(postsPath);
            },
          })
        }
      />
    </>
  );
}
