import { type MailSummary, mailMaxAttempts } from '@bottega/contracts/developer';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Sent, queued for SMTP, kept in the outbox only, waiting to be retried, or given up on. */
export function MailStatusBadge({ mail, delivery }: { mail: MailSummary; delivery: 'smtp' | 'outbox' }) {
  const { t } = useTranslation('developer');
  let color = 'gray';
  let label = t(delivery === 'smtp' ? 'mail.statusQueued' : 'mail.statusOutboxOnly');
  if (mail.sentAt) {
    color = 'green';
    label = t('mail.statusSent');
  } else if (mail.attempts >= mailMaxAttempts) {
    color = 'red';
    label = t('mail.statusFailed');
  } else if (mail.attempts > 0) {
    color = 'orange';
    label = t('mail.statusRetrying');
  }
  const badge = (
    <Badge color={color} variant="light" tt="none" data-testid="mail-status">
      {label}
    </Badge>
  );
  return mail.lastError && !mail.sentAt ? (
    <Tooltip label={mail.lastError} multiline maw={360}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
