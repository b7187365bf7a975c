// A punch's time set right (shifts.manage.rectify): the new time within the punch's day and the reason, then a
// confirmation naming both times. The server keeps the first time beside the new one and audits it.
import { punchRectifyReasonMaxLength, romeInstant, type TimeClockPerson } from '@bottega/contracts/shifts';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconClockEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useRectifyPunch } from '../time-clock.api';
import { romeClockTime } from '../time-clock-day';

export type PunchToRectify = { person: TimeClockPerson; punch: TimeClockPerson['punches'][number]; day: string };

function RectifyForm({ target, onClose }: { target: PunchToRectify; onClose: () => void }) {
  const { t } = useTranslation(['time-clock', 'validation', 'errors']);
  const rectify = useRectifyPunch();
  const { person, punch, day } = target;
  const [time, setTime] = useState(romeClockTime(punch.at));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ at?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const stepName = t(`steps.${punch.step}`);

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) found.at = t('validation:required');
    else if (time === romeClockTime(punch.at)) found.at = t('rectify.sameTime');
    if (!reason.trim()) found.reason = t('validation:required');
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const send = () =>
    rectify.mutate(
      { punchId: punch.id, at: new Date(romeInstant(day, time)).toISOString(), reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('rectify.done', { name: person.name, step: stepName }) });
          onClose();
        },
        onError: (error) => {
          setConfirming(false);
          if (error instanceof ApiError) {
            setErrors({ at: error.fieldErrors.at?.[0], reason: error.fieldErrors.reason?.[0] });
          }
        },
      },
    );
  const refusal = rectify.error && !(rectify.error instanceof ApiError && rectify.error.code === 'validation');

  return (
    <Stack gap="md">
      <Text>
        {t('rectify.who', { name: person.name, step: stepName, time: romeClockTime(punch.at) })}
        {punch.originalAt && ` ${t('rectify.firstTime', { time: romeClockTime(punch.originalAt) })}`}
      </Text>
      {refusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="rectify-error">
          {errorMessage(rectify.error, t)}
        </Alert>
      )}
      {confirming ? (
        <Stack gap="md" data-testid="rectify-confirm">
          <Text fw={600}>
            {t('rectify.confirmText', {
              name: person.name,
              step: stepName,
              from: romeClockTime(punch.at),
              to: time,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('rectify.reasonShown', { reason: reason.trim() })}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('rectify.back')}
            </Button>
            <Button
              leftSection={<IconClockEdit size={18} />}
              loading={rectify.isPending}
              onClick={send}
              data-autofocus
              data-testid="rectify-confirm-button"
            >
              {t('rectify.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={review} noValidate>
          <Stack gap="sm">
            <TextInput
              type="time"
              label={t('rectify.newTime')}
              description={t('rectify.newTimeHint')}
              required
              value={time}
              onChange={(event) => {
                setTime(event.currentTarget.value);
                setErrors((current) => ({ ...current, at: undefined }));
              }}
              error={errors.at}
              dir="ltr"
              data-autofocus
              data-testid="rectify-time"
            />
            <Textarea
              label={t('rectify.reason')}
              required
              autosize
              minRows={2}
              maxLength={punchRectifyReasonMaxLength}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setErrors((current) => ({ ...current, reason: undefined }));
              }}
              error={errors.reason}
              data-testid="rectify-reason"
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('rectify.cancel')}
              </Button>
              <Button type="submit">{t('rectify.review')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export function RectifyPunchModal({ target, onClose }: { target: PunchToRectify | null; onClose: () => void }) {
  const { t } = useTranslation('time-clock');
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('rectify.title')} centered>
      {target && <RectifyForm key={target.punch.id} target={target} onClose={onClose} />}
    </Modal>
  );
}
