// Automation › users/detail/{id} (spec §2, issue 28): one social account — what the network knows it by, whom it
// speaks for, its state at the last check (checked again on demand), the figures of the posts published to it (asked
// of the network again on demand) — and the posts that went or go to it, with how each went for this account.
import type { Account, PostSummary } from '@bottega/contracts/automation';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCalendarEvent,
  IconChartBar,
  IconLock,
  IconPencil,
  IconPlugConnected,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { PageHeader } from '../../../ui/page-header';
import { QueryTable } from '../../../ui/query-table';
import { RecordPlaceholder } from '../../../ui/record-placeholder';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { useAccount, useRefreshAccountFigures } from '../accounts.api';
import { useAccountCheck } from '../components/account-check';
import { AccountFiguresCards, formatCount } from '../components/account-figures';
import { AccountFormModal } from '../components/account-form-modal';
import { speaksForLabel } from '../components/account-form-values';
import { AccountNetworkIcon } from '../components/account-network-icon';
import { AccountStateBadge } from '../components/account-state-badge';
import { LabelledField } from '../components/labelled-field';
import { PostStateBadge, TargetStateBadge } from '../components/post-state-badge';
import { dateTimeText } from '../components/post-time';
import { positiveId } from '../positive-id';
import { usePosts } from '../posts.api';

function AccountCard({ account }: { account: Account }) {
  const { t } = useTranslation('automation');
  return (
    <Card withBorder padding="lg" data-testid="account-card">
      <Title order={2} size="h4" mb="sm">
        {t('account.sections.account')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <LabelledField label={t('account.fields.network')}>
          <AccountNetworkIcon network={account.network} size={22} withLabel />
        </LabelledField>
        <LabelledField label={t('account.fields.handle')}>
          <Text dir="ltr" ta="start">
            {account.handle || '—'}
          </Text>
        </LabelledField>
        <LabelledField label={t('account.fields.speaksFor')}>
          <Text>
            <bdi>{speaksForLabel(account)}</bdi>
          </Text>
        </LabelledField>
        {account.network === 'webhook' ? (
          <LabelledField label={t('account.fields.webhookUrl')}>
            <Text dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
              {account.webhookUrl}
            </Text>
          </LabelledField>
        ) : (
          <LabelledField label={t(`account.fields.externalId.${account.network}`)}>
            <Text dir="ltr" ta="start">
              {account.externalId}
            </Text>
          </LabelledField>
        )}
        <LabelledField label={t(account.network === 'webhook' ? 'account.fields.secret' : 'account.fields.token')}>
          <Badge
            color={account.tokenSet ? 'green' : 'gray'}
            variant="light"
            leftSection={<IconLock size={12} aria-hidden />}
            data-testid="account-token-state"
          >
            {t(account.tokenSet ? 'account.tokenStored' : 'account.tokenMissing')}
          </Badge>
        </LabelledField>
        <LabelledField label={t('account.fields.published')}>
          <Text>{formatCount(account.publishedPosts)}</Text>
        </LabelledField>
      </SimpleGrid>
    </Card>
  );
}

function ConnectionCard({ account, manage }: { account: Account; manage: boolean }) {
  const { t } = useTranslation(['automation', 'errors']);
  const check = useAccountCheck();
  return (
    <Card withBorder padding="lg" data-testid="account-connection">
      <Title order={2} size="h4" mb="sm">
        {t('account.sections.connection')}
      </Title>
      <Stack gap="sm">
        <Group gap="sm">
          <AccountStateBadge state={account.state} />
          <Text size="sm" c="dimmed">
            {account.lastCheckedAt
              ? t('account.lastChecked', { time: dateTimeText(account.lastCheckedAt) })
              : t('account.neverChecked')}
          </Text>
        </Group>
        {account.state !== 'connected' && (
          <Alert
            color={account.state === 'expired' ? 'orange' : 'red'}
            icon={<IconAlertCircle size={18} />}
            title={t(`account.stateHelp.${account.state}`)}
            data-testid="account-state-message"
          >
            {account.stateMessage ?? t(`account.check.${account.state}`)}
          </Alert>
        )}
        {manage && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlugConnected size={16} />}
              loading={check.pendingId === account.id}
              onClick={() => check.run(account)}
              data-testid="account-check"
            >
              {t('account.checkNow')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function FiguresSection({ account }: { account: Account }) {
  const { t } = useTranslation(['automation', 'errors']);
  const refresh = useRefreshAccountFigures();
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm" gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('account.sections.figures')}
          </Title>
          <Text size="sm" c="dimmed">
            {account.network === 'webhook'
              ? t('account.noFigures')
              : t('account.figuresHint', { count: account.publishedPosts })}
          </Text>
        </div>
        {account.network !== 'webhook' && (
          <Button
            variant="default"
            leftSection={<IconChartBar size={16} />}
            loading={refresh.isPending}
            onClick={() =>
              refresh.mutate(account.id, {
                onSuccess: () => notifications.show({ color: 'green', message: t('account.figuresRefreshed') }),
              })
            }
            data-testid="account-refresh-figures"
          >
            {t('account.refreshFigures')}
          </Button>
        )}
      </Group>
      {refresh.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="sm">
          {errorMessage(refresh.error, t)}
        </Alert>
      )}
      <AccountFiguresCards figures={account.figures} />
    </Card>
  );
}

function AccountPosts({ account }: { account: Account }) {
  const { t } = useTranslation('automation');
  const [page, setPage] = useState(1);
  const posts = usePosts({ accountId: account.id, page, perPage: listPerPage });
  const targetOf = (post: PostSummary) => post.targets.find((target) => target.id === account.id);
  return (
    <Card withBorder padding={0}>
      <Title order={2} size="h4" p="md" pb={0}>
        {t('account.sections.posts')}
      </Title>
      <QueryTable<PostSummary>
        query={posts}
        empty={{ icon: <IconCalendarEvent size={32} />, title: t('account.noPosts') }}
        columns={[
          { label: t('posts.columns.post') },
          { label: t('posts.columns.at') },
          { label: t('posts.columns.state') },
          { label: t('account.columns.outcome') },
          { label: t('posts.columns.author') },
        ]}
        row={(post) => {
          const target = targetOf(post);
          return (
            <Table.Tr key={post.id} data-testid={`account-post-${post.id}`}>
              <Table.Td>
                <Anchor component={Link} to={`/app/automation/posts/detail/${post.id}`} lineClamp={2} dir="auto">
                  {post.excerpt || t('posts.noText')}
                </Anchor>
              </Table.Td>
              <Table.Td data-label={t('posts.columns.at')}>{dateTimeText(post.at)}</Table.Td>
              <Table.Td data-label={t('posts.columns.state')}>
                <PostStateBadge state={post.state} />
              </Table.Td>
              <Table.Td data-label={t('account.columns.outcome')}>
                {target ? <TargetStateBadge state={target.state} /> : '—'}
              </Table.Td>
              <Table.Td data-label={t('posts.columns.author')}>
                <bdi>{post.author?.name ?? '—'}</bdi>
              </Table.Td>
            </Table.Tr>
          );
        }}
        total={(count) => t('posts.total', { count })}
        page={page}
        onPage={setPage}
        testIdPrefix="account-posts"
      />
    </Card>
  );
}

export default function AccountDetailPage() {
  const { t } = useTranslation(['automation', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const manage = can.has('automation.accounts');
  const id = positiveId(useParams().id);
  const account = useAccount(id);
  const [editing, setEditing] = useState(false);
  const flip = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;

  const loaded = account.data;
  if (!loaded) return <RecordPlaceholder id={id} query={account} blocks={[240, 320]} />;

  return (
    <>
      <PageHeader
        title={loaded.name}
        description={t('account.description', { network: t(`networks.${loaded.network}`) })}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to="/app/automation/users"
              leftSection={<IconArrowLeft size={16} style={flip} />}
            >
              {t('account.back')}
            </Button>
            {manage && (
              <Button
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing(true)}
                data-testid="account-edit"
              >
                {t('account.edit')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AccountCard account={loaded} />
          <ConnectionCard account={loaded} manage={manage} />
        </SimpleGrid>
        <FiguresSection account={loaded} />
        {can.has('automation.posts') && <AccountPosts account={loaded} />}
      </Stack>
      <AccountFormModal opened={editing} account={loaded} onClose={() => setEditing(false)} />
    </>
  );
}
