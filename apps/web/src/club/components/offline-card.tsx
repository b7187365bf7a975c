import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RememberedCard } from '../club-api';
import { useClubTitle } from '../club-title';
import { FormAlert } from './form-alert';

// Offline, the codes show only if their chunk was kept by the service worker; the number shows anyway.
const CardCodes = lazy(
  (): Promise<{ default: ComponentType<{ cardNumber: string }> }> =>
    import('./card-codes').then(
      (module) => ({ default: module.CardCodes }),
      () => ({ default: () => null }),
    ),
);

/** No network (in the shop's basement): the card the phone remembers, to show at the till all the same. */
export function OfflineCard({ card, onRetry }: { card: RememberedCard; onRetry: () => void }) {
  const { t } = useTranslation('club');
  useClubTitle(t('card.title'));
  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('card.title')}</Title>
      <FormAlert kind="maintenance">
        <Stack gap={4} align="flex-start">
          <Text inherit>{t('card.offline')}</Text>
          <Button
            size="compact-sm"
            variant="white"
            leftSection={<IconWifiOff size={14} aria-hidden />}
            onClick={onRetry}
          >
            {t('retry')}
          </Button>
        </Stack>
      </FormAlert>
      <Paper withBorder p="lg" radius="lg" shadow="sm">
        <Stack gap="md">
          <Text fz={30} fw={700} ff="monospace" dir="ltr" ta="center" data-testid="club-card-number">
            {card.cardNumber}
          </Text>
          <Suspense fallback={<Skeleton h={320} />}>
            <CardCodes cardNumber={card.cardNumber} />
          </Suspense>
        </Stack>
      </Paper>
    </Stack>
  );
}
