import type { OtpChannel } from '@bottega/contracts/club';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMail, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { type OtpSentRecord, readOtpSent, rememberOtpSent, useSendOtp, useVerifyOtp } from '../club-api';
import { formatCountdown } from '../club-format';
import { useSecondsUntil } from '../use-countdown';
import { FormAlert } from './form-alert';
import { OtpCodeInput } from './otp-code-input';

/**
 * One of the two confirmations (§4 Customer OTP): where the code went (masked), its six digits, and a new code once
 * the wait the server set is over. `destination` is shown until the server says where a code went (`sentTo`).
 */
export function OtpChannelCard({
  channel,
  step,
  confirmed,
  destination,
  autoFocus,
}: {
  channel: OtpChannel;
  step: number;
  confirmed: boolean;
  destination: string;
  autoFocus: boolean;
}) {
  const { t } = useTranslation('club');
  const send = useSendOtp();
  const verify = useVerifyOtp();
  const [sent, setSent] = useState<OtpSentRecord | undefined>(() => readOtpSent()[channel]);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const wait = useSecondsUntil(sent?.resendAt);
  const headingId = `club-otp-${channel}`;

  const requestCode = () => {
    setFailure(null);
    send.mutate(channel, {
      onSuccess: (answer) => {
        setSent({ sentTo: answer.sentTo, resendAt: answer.resendAt });
        setCode('');
      },
      onError: (error) => {
        setFailure(error);
        // Too soon, or the day's codes are spent: the button waits as long as the server said.
        if (error instanceof ApiError && error.retryAt) {
          const record = { sentTo: sent?.sentTo ?? destination, resendAt: new Date(error.retryAt).toISOString() };
          rememberOtpSent(channel, record);
          setSent(record);
        }
      },
    });
  };

  const check = (value: string) => {
    setFailure(null);
    verify.mutate(
      { channel, code: value },
      {
        onError: (error) => {
          setFailure(error);
          setCode('');
        },
      },
    );
  };

  const message = errorMessage(failure, t);
  const codeFailed = failure !== null && failure === verify.error;

  return (
    <Paper withBorder p="lg" radius="lg" aria-labelledby={headingId} component="section">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {channel === 'email' ? <IconMail size={22} aria-hidden /> : <IconMessage size={22} aria-hidden />}
            <Title order={2} size="h4" id={headingId}>
              {t(`verify.${channel}.title`, { step })}
            </Title>
          </Group>
          {confirmed && (
            <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              {t('verify.confirmed')}
            </Badge>
          )}
        </Group>
        {confirmed ? (
          <Text size="sm">{t(`verify.${channel}.done`, { destination })}</Text>
        ) : (
          <>
            <Text size="sm" dir="auto">
              {sent
                ? t(`verify.${channel}.sentTo`, { destination: sent.sentTo })
                : t(`verify.${channel}.willSendTo`, { destination })}
            </Text>
            {message && !codeFailed && <FormAlert>{message}</FormAlert>}
            <OtpCodeInput
              label={t(`verify.${channel}.code`)}
              value={code}
              onChange={setCode}
              onComplete={check}
              error={codeFailed ? message : null}
              disabled={verify.isPending}
              autoFocus={autoFocus}
              testId={`club-otp-${channel}`}
            />
            <Group justify="flex-end">
              <Button
                variant={sent ? 'subtle' : 'light'}
                onClick={requestCode}
                loading={send.isPending}
                disabled={wait > 0}
                data-testid={`club-otp-${channel}-send`}
              >
                {wait > 0 ? t('otp.resendIn', { time: formatCountdown(wait) }) : sent ? t('otp.resend') : t('otp.send')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
