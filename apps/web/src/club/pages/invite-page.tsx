// /club/invite: the customer's personal link (/club/register?invite=<code>) to copy or share, and what it brought:
// friends registered, friends confirmed, points earned (§9: points for each friend who registers and confirms).
import { Button, CopyButton, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClubInfo, useClubProfile, useLoyalty } from '../club-api';
import { inviteLink } from '../club-format';
import { clubName, useClubTitle } from '../club-title';
import { FormAlert } from '../components/form-alert';
import { QueryError } from '../components/query-error';

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fz={28} fw={700} lh={1.1} ta="center" data-testid={testId}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {label}
      </Text>
    </Paper>
  );
}

export function InvitePage() {
  const { t } = useTranslation('club');
  const profile = useClubProfile();
  const loyalty = useLoyalty();
  const info = useClubInfo();
  const [shareFailed, setShareFailed] = useState(false);
  useClubTitle(t('invite.title'));
  const code = loyalty.data?.invitations.code ?? profile.data?.inviteCode;
  const link = code ? inviteLink(window.location.origin, code) : '';
  const canShare = typeof navigator.share === 'function';

  const share = async () => {
    setShareFailed(false);
    try {
      await navigator.share({
        title: clubName,
        text: t('invite.shareText', { name: profile.data?.firstName ?? '' }),
        url: link,
      });
    } catch (error) {
      // Closing the share sheet is no failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setShareFailed(true);
    }
  };

  return (
    <Stack gap="lg" py="md">
      <Stack gap="xs">
        <Title order={1}>{t('invite.title')}</Title>
        <Text>{info.data ? t('invite.intro', { count: info.data.referralPoints }) : t('invite.introShort')}</Text>
      </Stack>
      {link && (
        <Paper withBorder p="lg" radius="lg">
          <Stack gap="md">
            <TextInput
              label={t('invite.link')}
              value={link}
              readOnly
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="club-invite-link"
            />
            <Group grow gap="sm">
              <CopyButton value={link} timeout={2500}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'light' : 'filled'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                    onClick={copy}
                    aria-live="polite"
                  >
                    {copied ? t('invite.copied') : t('invite.copy')}
                  </Button>
                )}
              </CopyButton>
              {canShare && (
                <Button
                  variant="default"
                  leftSection={<IconShare size={18} aria-hidden />}
                  onClick={() => void share()}
                >
                  {t('invite.share')}
                </Button>
              )}
            </Group>
            {shareFailed && <FormAlert>{t('invite.shareFailed')}</FormAlert>}
          </Stack>
        </Paper>
      )}
      {loyalty.isError && <QueryError error={loyalty.error} onRetry={() => void loyalty.refetch()} />}
      {!loyalty.data && !loyalty.isError && <Skeleton h={100} radius="lg" />}
      {loyalty.data && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('invite.results')}
          </Title>
          <SimpleGrid cols={3} spacing="sm">
            <Stat
              label={t('invite.registered')}
              value={loyalty.data.invitations.registered}
              testId="club-invite-registered"
            />
            <Stat
              label={t('invite.confirmed')}
              value={loyalty.data.invitations.confirmed}
              testId="club-invite-confirmed"
            />
            <Stat
              label={t('invite.pointsEarned')}
              value={loyalty.data.invitations.pointsEarned}
              testId="club-invite-points"
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('invite.howItWorks')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
