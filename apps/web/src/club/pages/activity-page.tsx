// /club/activity: the points history (receipts, returns, birthday gifts, invited friends; those older than 12 months
// no longer count) and, on the other tab, the purchases line by line.
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconReceipt, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useClubTitle } from '../club-title';
import { PointsHistory } from '../components/points-history';
import { PurchasesList } from '../components/purchases-list';

const tabs = ['points', 'purchases'] as const;
type Tab = (typeof tabs)[number];

export function ActivityPage() {
  const { t } = useTranslation('club');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'purchases' ? 'purchases' : 'points';
  useClubTitle(`${t(`activity.tabs.${tab}`)} · ${t('activity.title')}`);

  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('activity.title')}</Title>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'purchases' ? { tab: 'purchases' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List grow>
          <Tabs.Tab value="points" leftSection={<IconStar size={16} aria-hidden />}>
            {t('activity.tabs.points')}
          </Tabs.Tab>
          <Tabs.Tab value="purchases" leftSection={<IconReceipt size={16} aria-hidden />}>
            {t('activity.tabs.purchases')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="points" pt="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('activity.pointsNote')}
            </Text>
            <PointsHistory />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="purchases" pt="md">
          <PurchasesList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
