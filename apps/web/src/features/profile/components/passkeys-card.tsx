import { passkeyNameMaxLength } from '@bottega/contracts/security';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck, IconFingerprint, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import type { PresenceConfirmation } from '../../auth/auth.api';
import { useConfirmPresence } from '../../auth/components/confirm-presence-modal';
import { passkeyErrorMessage } from '../../auth/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../security.api';

/**
 * The person's fingerprints (passkeys): sign-in without a password and presence checks at the shift
 * punches. Add one with a name, remove one, and try the presence check.
 */
export function PasskeysCard({ userId }: { userId: number }) {
  const { t } = useTranslation(['profile', 'auth', 'errors', 'validation']);
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const presence = useConfirmPresence();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const [tried, setTried] = useState<PresenceConfirmation | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('validation:required'));
      return;
    }
    add.mutate(trimmed, {
      onSuccess: (added) => {
        setName('');
        notifications.show({ color: 'green', message: t('security.passkeys.added', { name: added.name }) });
      },
    });
  };
  const tryIt = async () => {
    setTried(null);
    setTried(await presence.confirm(userId));
  };
  const list = passkeys.data ?? [];

  return (
    <Card withBorder padding="lg" data-testid="passkeys-card">
      <Title order={2} size="h4">
        {t('security.passkeys.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('security.passkeys.description')}
      </Text>
      <Stack gap="md">
        {passkeys.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(passkeys.error, t)}
          </Alert>
        ) : passkeys.isPending ? (
          <Skeleton h={60} />
        ) : list.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<IconFingerprint size={28} stroke={1.5} />}
            title={t('security.passkeys.empty')}
            description={t('security.passkeys.emptyHint')}
            data-testid="passkeys-empty"
          />
        ) : (
          <Stack gap={0} data-testid="passkeys-list">
            {list.map((passkey) => (
              <Group
                key={passkey.id}
                justify="space-between"
                wrap="nowrap"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                data-testid="passkey-row"
              >
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <IconFingerprint size={22} stroke={1.5} style={{ flexShrink: 0 }} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      <bdi>{passkey.name}</bdi>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('security.passkeys.created', { date: formatDateTime(passkey.createdAt) })} ·{' '}
                      {passkey.lastUsedAt
                        ? t('security.passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt) })
                        : t('security.passkeys.neverUsed')}
                    </Text>
                  </div>
                </Group>
                <Tooltip label={t('security.passkeys.remove')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('security.passkeys.removeNamed', { name: passkey.name })}
                    onClick={() => {
                      remove.reset();
                      setRemoving({ id: passkey.id, name: passkey.name });
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
        {add.error !== null && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="passkey-error">
            {passkeyErrorMessage(add.error, t)}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              flex={1}
              aria-label={t('security.passkeys.name')}
              placeholder={t('security.passkeys.namePlaceholder')}
              maxLength={passkeyNameMaxLength}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              data-testid="passkey-name"
            />
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
              {t('security.passkeys.add')}
            </Button>
          </Group>
        </form>
        {tried && (
          <Alert
            color="green"
            icon={<IconCircleCheck size={18} />}
            role="status"
            withCloseButton
            closeButtonLabel={t('security.passkeys.dismiss')}
            onClose={() => setTried(null)}
            data-testid="presence-result"
          >
            {t(`security.passkeys.tried.${tried.method}`, { time: formatDateTime(tried.confirmedAt) })}
          </Alert>
        )}
        <Group>
          <Button variant="light" leftSection={<IconFingerprint size={16} />} onClick={() => void tryIt()}>
            {t('security.passkeys.try')}
          </Button>
          <Text size="xs" c="dimmed" flex={1} miw={160}>
            {t('security.passkeys.tryHint')}
          </Text>
        </Group>
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('security.passkeys.removeTitle')}
        message={t('security.passkeys.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('security.passkeys.remove')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('security.passkeys.removed', { name: removing.name }) });
              setRemoving(null);
            },
          })
        }
      />
      {presence.modal}
    </Card>
  );
}
