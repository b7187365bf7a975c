// The accounts a post goes to: in a list row (the network's mark and the account, red where it refused the post),
// and on the post's page as a table of how each account took it — its state, the post on the network (a new tab),
// why it refused it in the network's words, the attempts and the figures it answered.
import { maxPublishAttempts, type Post, type PostSummary } from '@bottega/contracts/automation';
import { Anchor, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { AccountFiguresInline } from './account-figures';
import { AccountNetworkIcon } from './account-network-icon';
import { TargetStateBadge } from './post-state-badge';
import { dateTimeText } from './post-time';

export function PostTargetsInline({ targets }: { targets: PostSummary['targets'] }) {
  const { t } = useTranslation('automation');
  if (targets.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('post.noAccounts')}
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start" data-testid="post-targets-inline">
      {targets.map((target) => (
        <Group key={target.id} gap={6} wrap="nowrap">
          <AccountNetworkIcon network={target.network} size={20} />
          <Text size="sm" c={target.state === 'failed' ? 'red' : undefined}>
            <bdi>{target.name}</bdi>
            <VisuallyHidden>, {t(`targetStates.${target.state}`)}</VisuallyHidden>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function PostTargetsTable({ post }: { post: Post }) {
  const { t } = useTranslation('automation');
  return (
    <Card withBorder padding={0}>
      <Title order={2} size="h4" p="md" pb="xs">
        {t('post.sections.targets')}
      </Title>
      {post.targets.length === 0 ? (
        <Text c="dimmed" p="md" pt={0}>
          {t('post.noAccounts')}
        </Text>
      ) : (
        <ResponsiveTable verticalSpacing="sm" data-testid="post-targets">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('post.columns.account')}</Table.Th>
              <Table.Th>{t('post.columns.state')}</Table.Th>
              <Table.Th>{t('post.columns.publishedAt')}</Table.Th>
              <Table.Th>{t('post.columns.onNetwork')}</Table.Th>
              <Table.Th>{t('post.columns.error')}</Table.Th>
              <Table.Th ta="end">{t('post.columns.attempts')}</Table.Th>
              <Table.Th ta="end">{t('post.columns.figures')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {post.targets.map((target) => (
              <Table.Tr key={target.account.id} data-testid={`post-target-${target.account.id}`}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <AccountNetworkIcon network={target.account.network} size={24} />
                    <Stack gap={0} miw={0}>
                      <Anchor component={Link} to={`/app/automation/users/detail/${target.account.id}`} fw={500}>
                        <bdi>{target.account.name}</bdi>
                      </Anchor>
                      {target.account.handle && (
                        <Text size="xs" c="dimmed" dir="ltr" ta="start">
                          {target.account.handle}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td data-label={t('post.columns.state')}>
                  <TargetStateBadge state={target.state} />
                </Table.Td>
                <Table.Td data-label={t('post.columns.publishedAt')}>{dateTimeText(target.publishedAt)}</Table.Td>
                <Table.Td data-label={t('post.columns.onNetwork')}>
                  {target.permalink ? (
                    <Anchor
                      href={target.permalink}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      data-testid="post-target-permalink"
                    >
                      <Group gap={4} wrap="nowrap" component="span">
                        {t('post.openOnNetwork', { network: t(`networks.${target.account.network}`) })}
                        <IconExternalLink size={14} aria-hidden />
                        <VisuallyHidden>{t('post.newTab')}</VisuallyHidden>
                      </Group>
                    </Anchor>
                  ) : target.remoteId ? (
                    <Text size="xs" c="dimmed" dir="ltr">
                      {target.remoteId}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-label={t('post.columns.error')}>
                  {(target.failure || target.error) && (
                    <Stack gap={0} align="flex-start" data-testid="post-target-error">
                      {target.failure && (
                        <Text size="sm" c="red" fw={500}>
                          {t(`failures.${target.failure}`)}
                        </Text>
                      )}
                      {target.error && (
                        <Text size="xs" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                          {target.error}
                        </Text>
                      )}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td data-label={t('post.columns.attempts')} ta="end">
                  {target.attempts > 0 ? t('post.attempts', { count: target.attempts, max: maxPublishAttempts }) : null}
                </Table.Td>
                <Table.Td data-label={t('post.columns.figures')} ta="end">
                  {target.figures && (
                    <Stack gap={0} align="flex-end">
                      <AccountFiguresInline figures={target.figures} />
                      {target.figuresAt && (
                        <Text size="xs" c="dimmed">
                          {t('post.figuresAt', { time: dateTimeText(target.figuresAt) })}
                        </Text>
                      )}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </Card>
  );
}
