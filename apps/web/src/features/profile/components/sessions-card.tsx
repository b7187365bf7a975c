import type { UserSession } from '@bottega/contracts/security';
import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDevices, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { signOut } from '../../auth/auth.api';
import { useRevokeSession, useSessions } from '../security.api';

const methodColors: Record<UserSession['method'], string> = { password: 'gray', mfa: 'blue', passkey: 'grape' };

/** Where the person is signed in; closing another session signs that device out, closing this one is signing out. */
export function SessionsCard() {
  const { t } = useTranslation(['profile', 'errors']);
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [closing, setClosing] = useState<UserSession | null>(null);
  const deviceOf = (session: UserSession) =>
    [session.device.browser, session.device.os].filter(Boolean).join(' · ') || t('security.sessions.unknownDevice');
  const list = sessions.data ?? [];

  const confirmClose = () => {
    if (!closing) return;
    if (closing.current) {
      void signOut();
      return;
    }
    revoke.mutate(closing.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('security.sessions.closed', { device: deviceOf(closing) }) });
        setClosing(null);
      },
    });
  };

  return (
    <Card withBorder padding="lg" data-testid="sessions-card">
      <Title order={2} size="h4">
        {t('security.sessions.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('security.sessions.description')}
      </Text>
      {sessions.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(sessions.error, t)}
        </Alert>
      ) : sessions.isPending ? (
        <Skeleton h={120} />
      ) : list.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconDevices size={28} stroke={1.5} />}
          title={t('security.sessions.empty')}
          data-testid="sessions-empty"
        />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" data-testid="sessions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('security.sessions.device')}</Table.Th>
                <Table.Th>{t('security.sessions.ip')}</Table.Th>
                <Table.Th>{t('security.sessions.method')}</Table.Th>
                <Table.Th>{t('security.sessions.signedIn')}</Table.Th>
                <Table.Th>{t('security.sessions.lastUsed')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((session) => (
                <Table.Tr key={session.id} data-testid={session.current ? 'session-current' : 'session-row'}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">
                        <bdi>{deviceOf(session)}</bdi>
                      </Text>
                      {session.current && (
                        <Badge size="sm" variant="light" color="green">
                          {t('security.sessions.thisDevice')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" dir="ltr" span>
                      {session.ip ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="outline" color={methodColors[session.method]}>
                      {t(`security.sessions.methods.${session.method}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
                  <Table.Td>{formatDateTime(session.lastUsedAt)}</Table.Td>
                  <Table.Td ta="end">
                    <Tooltip
                      label={session.current ? t('security.sessions.signOut') : t('security.sessions.close')}
                      withArrow
                    >
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={session.current ? t('security.sessions.signOut') : t('security.sessions.close')}
                        onClick={() => {
                          revoke.reset();
                          setClosing(session);
                        }}
                      >
                        <IconLogout size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={closing !== null}
        title={closing?.current ? t('security.sessions.signOutTitle') : t('security.sessions.closeTitle')}
        message={
          closing?.current
            ? t('security.sessions.signOutMessage')
            : t('security.sessions.closeMessage', { device: closing ? deviceOf(closing) : '' })
        }
        confirmLabel={closing?.current ? t('security.sessions.signOut') : t('security.sessions.close')}
        loading={revoke.isPending}
        error={errorMessage(revoke.error, t)}
        onClose={() => setClosing(null)}
        onConfirm={confirmClose}
      />
    </Card>
  );
}
