import type { TelegramLink, TelegramLinkCode } from '@bottega/contracts/profile';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Loader,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBrandTelegram,
  IconCheck,
  IconClock,
  IconCopy,
  IconInfoCircle,
  IconLink,
  IconUnlink,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { useIssueTelegramCode, useTelegramLink, useUnlinkTelegram } from '../telegram.api';

/** A code as answered, and when it stops working on this device's clock (the server's may be set elsewhere). */
type IssuedCode = TelegramLinkCode & { until: number };

/** Seconds until `until` (epoch ms), ticking every second; 0 once past, null without one. */
function useSecondsLeft(until: number | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === undefined ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

/** m:ss, kept left-to-right inside right-to-left text. */
function countdown(seconds: number): string {
  return `\u2066${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}\u2069`;
}

/** The bot's @name, kept left-to-right inside right-to-left text. */
function botHandle(username: string): string {
  return `\u2066@${username}\u2069`;
}

/** A copy button with its own name, telling for two seconds that it copied. */
function CopyAction({
  value,
  label,
  copiedLabel,
  testId,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  testId: string;
}) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? copiedLabel : label} withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={label}
            data-testid={testId}
          >
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The code just asked for: sent to the bot by its t.me link (Start) or typed there, until it expires. */
function PendingCode({
  issued,
  botUsername,
  onRenew,
}: {
  issued: IssuedCode;
  botUsername: string;
  onRenew: () => void;
}) {
  const { t } = useTranslation('profile');
  const secondsLeft = useSecondsLeft(issued.until) ?? 0;
  if (secondsLeft === 0) {
    return (
      <Stack gap="sm">
        <Alert color="yellow" icon={<IconClock size={18} />} role="alert" data-testid="telegram-code-expired">
          {t('telegram.expired')}
        </Alert>
        <Group>
          <Button leftSection={<IconBrandTelegram size={16} />} onClick={onRenew} data-testid="telegram-new-code">
            {t('telegram.newCode')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="telegram-pending">
      <Text size="sm">{t('telegram.instructions', { bot: botHandle(botUsername) })}</Text>
      <Group gap="xs" justify="center" wrap="nowrap" dir="ltr">
        <Code fz="xl" fw={700} px="md" py={6} style={{ letterSpacing: '0.2em' }} data-testid="telegram-code">
          {issued.code}
        </Code>
        <CopyAction
          value={issued.code}
          label={t('telegram.copyCode')}
          copiedLabel={t('telegram.copied')}
          testId="telegram-copy-code"
        />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          component="a"
          href={issued.link}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconBrandTelegram size={16} />}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="telegram-open-bot"
        >
          <Text span inherit truncate>
            {t('telegram.openBot', { bot: botHandle(botUsername) })}
          </Text>
        </Button>
        <CopyAction
          value={issued.link}
          label={t('telegram.copyLink')}
          copiedLabel={t('telegram.copied')}
          testId="telegram-copy-link"
        />
      </Group>
      <Group gap="xs" wrap="nowrap" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('telegram.waiting')}</Text>
      </Group>
      <Text size="xs" c="dimmed" data-testid="telegram-expires">
        {t('telegram.expiresIn', { time: countdown(secondsLeft) })}
      </Text>
    </Stack>
  );
}

function LinkedChat({ state, onUnlink }: { state: TelegramLink; onUnlink: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="sm">
      <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="45%">{t('telegram.chat')}</Table.Th>
            <Table.Td data-testid="telegram-chat">
              <bdi>{state.chatName ?? t('notSet')}</bdi>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('telegram.linkedAt')}</Table.Th>
            <Table.Td>{formatDateTime(state.linkedAt)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconUnlink size={16} />}
          onClick={onUnlink}
          data-testid="telegram-unlink"
        >
          {t('telegram.unlink')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Telegram as a channel for the person's notifications: linked to a chat with a one-time code sent to the bot. The
 * state is asked again every few seconds while a code waits, so the card turns to "linked" on its own.
 */
export function TelegramCard() {
  const { t } = useTranslation(['profile', 'errors']);
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const [confirming, setConfirming] = useState(false);
  const link = useTelegramLink({ waitingUntil: issued?.until ?? null });
  const issue = useIssueTelegramCode();
  const unlink = useUnlinkTelegram();
  const state = link.data;

  // The chat got linked while the code was shown: the code is spent, the card shows the chat.
  useEffect(() => {
    if (issued && state?.linked) {
      setIssued(null);
      notifications.show({ color: 'green', message: t('telegram.linkedToast') });
    }
  }, [issued, state?.linked, t]);

  const askForCode = () =>
    issue.mutate(undefined, {
      onSuccess: (code) => setIssued({ ...code, until: Date.now() + code.validSeconds * 1000 }),
    });

  const confirmUnlink = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: t('telegram.unlinked') });
      },
    });

  let body: ReactNode;
  if (link.isError) {
    body = (
      <Alert color="red" role="alert">
        {errorMessage(link.error, t)}
      </Alert>
    );
  } else if (!state) {
    body = <Skeleton h={72} />;
  } else if (!state.configured || !state.botUsername) {
    body = (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="telegram-not-configured">
        {t('telegram.notConfigured')}
      </Alert>
    );
  } else if (state.linked) {
    body = (
      <LinkedChat
        state={state}
        onUnlink={() => {
          unlink.reset();
          setConfirming(true);
        }}
      />
    );
  } else if (issued) {
    body = <PendingCode issued={issued} botUsername={state.botUsername} onRenew={askForCode} />;
  } else {
    body = (
      <Stack gap="sm">
        {state.pendingCodeExpiresAt && (
          <Text size="sm" c="dimmed">
            {t('telegram.pendingElsewhere', { time: formatDateTime(state.pendingCodeExpiresAt) })}
          </Text>
        )}
        <Group>
          <Button
            leftSection={<IconLink size={16} />}
            onClick={askForCode}
            loading={issue.isPending}
            data-testid="telegram-link"
          >
            {state.pendingCodeExpiresAt ? t('telegram.newCode') : t('telegram.link')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const issueError = errorMessage(issue.error, t);
  return (
    <Card withBorder padding="lg" data-testid="telegram-card">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconBrandTelegram size={20} aria-hidden />
          <Title order={2} size="h4">
            {t('telegram.title')}
          </Title>
        </Group>
        {state?.configured && (
          <Badge variant="light" color={state.linked ? 'green' : 'gray'} data-testid="telegram-status">
            {state.linked ? t('telegram.status.linked') : t('telegram.status.notLinked')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('telegram.description')}
      </Text>
      {issueError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="sm">
          {issueError}
        </Alert>
      )}
      {body}
      <ConfirmModal
        opened={confirming}
        title={t('telegram.unlinkTitle')}
        message={t('telegram.unlinkMessage', { chat: state?.chatName ?? '' })}
        confirmLabel={t('telegram.unlink')}
        loading={unlink.isPending}
        error={errorMessage(unlink.error, t)}
        onClose={() => setConfirming(false)}
        onConfirm={confirmUnlink}
      />
    </Card>
  );
}
