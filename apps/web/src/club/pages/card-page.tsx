// /club/card: the home once signed in. The card number big, with its barcode and QR code to show at the till, the
// customer's level and points, and the way to the level and the birthday gift.
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCake } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../lib/lazy-component';
import { useClubProfile, useLoyalty } from '../club-api';
import { useClubTitle } from '../club-title';
import { IconLink } from '../components/icon-link';
import { LevelBadge } from '../components/level-badge';
import { QueryError } from '../components/query-error';

// The barcode and QR libraries come with the codes, not with the page's text.
const CardCodes = lazyComponent(() => import('../components/card-codes').then((module) => module.CardCodes));

export function CardPage() {
  const { t } = useTranslation('club');
  const profile = useClubProfile();
  const loyalty = useLoyalty();
  useClubTitle(t('card.title'));
  const customer = profile.data;
  if (!customer) return null;

  return (
    <Stack gap="lg" py="md">
      <Stack gap={4}>
        <Title order={1}>{t('card.title')}</Title>
        <Text c="dimmed">{t('card.hello', { name: customer.firstName })}</Text>
      </Stack>
      <Paper withBorder p="lg" radius="lg" shadow="sm">
        <Stack gap="md">
          <Stack gap={2} align="center">
            <Text size="sm" c="dimmed" id="club-card-number-label">
              {t('card.number')}
            </Text>
            <Text
              fz={30}
              fw={700}
              ff="monospace"
              dir="ltr"
              ta="center"
              aria-labelledby="club-card-number-label"
              style={{ letterSpacing: '0.06em', overflowWrap: 'anywhere' }}
              data-testid="club-card-number"
            >
              {customer.cardNumber}
            </Text>
          </Stack>
          <Suspense fallback={<Skeleton h={320} />}>
            <CardCodes cardNumber={customer.cardNumber} />
          </Suspense>
          <Text size="sm" c="dimmed" ta="center">
            {t('card.showAtTill')}
          </Text>
        </Stack>
      </Paper>
      {loyalty.isError ? (
        <QueryError error={loyalty.error} onRetry={() => void loyalty.refetch()} />
      ) : loyalty.data ? (
        <Paper withBorder p="lg" radius="lg">
          <Stack gap="sm">
            <LevelBadge level={loyalty.data.level} />
            <Group gap="xs" align="baseline">
              <Text fz={28} fw={700} lh={1.1} data-testid="club-points">
                {t('points.count', { count: loyalty.data.points })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('points.window')}
              </Text>
            </Group>
            {loyalty.data.next && (
              <Text size="sm">
                {t('level.missing', { count: loyalty.data.next.missingPoints, name: loyalty.data.next.name })}
              </Text>
            )}
            <IconLink to="/level">{t('card.seeLevel')}</IconLink>
          </Stack>
        </Paper>
      ) : (
        <Skeleton h={120} radius="lg" />
      )}
      <IconLink to="/birthday" icon={<IconCake size={20} aria-hidden />}>
        {t('card.birthdayLink')}
      </IconLink>
    </Stack>
  );
}
