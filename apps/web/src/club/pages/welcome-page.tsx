// /club: what the club promises (discounts up to the top level's, the birthday gift, points for invited friends,
// the levels) and the way in. Signed in already → the card. Part of the club's first load: it carries no schema.
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCake, IconDiscount, IconInfoCircle, IconUsersPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/error-message';
import { isSignedIn, useClubInfo } from '../club-api';
import { useClubTitle } from '../club-title';
import { ClubFrame } from '../components/club-frame';

function Benefit({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text fw={700} component="h2" size="md" m={0}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </div>
    </Group>
  );
}

export function WelcomePage() {
  const { t } = useTranslation('club');
  const [params] = useSearchParams();
  const info = useClubInfo();
  useClubTitle(null);
  if (isSignedIn()) return <Navigate to="/card" replace />;

  return (
    <ClubFrame>
      <Stack gap="lg" py="md">
        {params.get('deleted') === '1' && (
          <Alert color="teal" icon={<IconInfoCircle size={18} />} role="status">
            {t('welcome.deleted')}
          </Alert>
        )}
        {params.get('signedOut') === '1' && (
          <Alert color="teal" icon={<IconInfoCircle size={18} />} role="status">
            {t('welcome.signedOut')}
          </Alert>
        )}
        <Stack gap="xs">
          <Title order={1}>{t('welcome.title')}</Title>
          <Text size="lg">{t('welcome.subtitle')}</Text>
        </Stack>
        {info.isError && (
          <Alert color="red" icon={<IconInfoCircle size={18} />} role="alert">
            {errorMessage(info.error, t)}
          </Alert>
        )}
        {info.data ? (
          <Paper withBorder p="lg" radius="lg">
            <Stack gap="lg">
              <Benefit
                icon={<IconDiscount size={24} />}
                title={t('welcome.discountTitle', { percent: info.data.maxDiscountPercent })}
                text={t('welcome.discountText')}
              />
              <Benefit
                icon={<IconCake size={24} />}
                title={t('welcome.birthdayTitle', { points: info.data.birthdayGiftPoints })}
                text={t('welcome.birthdayText')}
              />
              <Benefit
                icon={<IconUsersPlus size={24} />}
                title={t('welcome.inviteTitle', { points: info.data.referralPoints })}
                text={t('welcome.inviteText')}
              />
            </Stack>
          </Paper>
        ) : (
          !info.isError && <Skeleton h={220} radius="lg" />
        )}
        {info.data && info.data.levels.length > 0 && (
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('welcome.levelsTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('welcome.levelsText')}
            </Text>
            <Stack gap={6} role="list">
              {info.data.levels.map((level) => (
                <Group role="listitem" key={level.name} justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600}>{level.name}</Text>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {t('levels.from', { points: level.minPoints })}
                    </Text>
                    <Badge variant="light">{t('levels.discount', { percent: level.discountPercent })}</Badge>
                  </Group>
                </Group>
              ))}
            </Stack>
          </Stack>
        )}
        {info.data && !info.data.registrationOpen && (
          <Alert color="orange" icon={<IconInfoCircle size={18} />} role="status">
            {t('errors:clubRegistrationSuspended')}
          </Alert>
        )}
        <Stack gap="sm">
          <Button component={Link} to="/register" size="lg" fullWidth>
            {t('welcome.register')}
          </Button>
          <Button component={Link} to="/sign-in" size="lg" variant="default" fullWidth>
            {t('welcome.signIn')}
          </Button>
        </Stack>
      </Stack>
    </ClubFrame>
  );
}
