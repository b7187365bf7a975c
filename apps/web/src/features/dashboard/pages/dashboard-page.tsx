// The dashboard (spec §2, empty path under /app): the user's shop, group, today and what they can do.
import { businessDate } from '@bottega/contracts/dates';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconBuildingStore, IconCalendar, IconShieldCheck, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useAuthUser } from '../../auth/auth.api';
import { useDashboard } from '../dashboard.api';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="xl" radius="md">
          {icon}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'permissions']);
  const user = useAuthUser().data;
  const canSeeShopFacts = Boolean(user?.shop && user.can.includes('employees.dashboard'));
  const dashboard = useDashboard(canSeeShopFacts);
  if (!user) return null;

  const today = dashboard.data?.today ?? businessDate();
  const weekday = new Intl.DateTimeFormat(currentLanguage(), { weekday: 'long', timeZone: 'Europe/Rome' }).format(
    new Date(`${today}T12:00:00Z`),
  );
  const firstName = user.name.split(' ')[0] ?? user.name;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('greeting', { name: firstName })}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: canSeeShopFacts ? 5 : 3 }}>
        <Fact icon={<IconCalendar size={22} />} label={t('today')}>
          <Text fw={600} tt="capitalize">
            {weekday}
          </Text>
          <Text size="sm" data-testid="today">
            {formatDate(today)}
          </Text>
        </Fact>
        <Fact icon={<IconBuildingStore size={22} />} label={t('shop')}>
          {user.shop ? (
            <>
              <Text fw={600} data-testid="dashboard-shop">
                <bdi>{user.shop.name}</bdi>
              </Text>
              <Text size="sm" c="dimmed">
                <bdi>{user.shop.city}</bdi> · <bdi>{user.shop.code}</bdi> · <bdi>{user.shop.companyName}</bdi>
              </Text>
            </>
          ) : (
            <Text size="sm">{t('noShop')}</Text>
          )}
        </Fact>
        <Fact icon={<IconShieldCheck size={22} />} label={t('group')}>
          <Text fw={600} data-testid="dashboard-group">
            <bdi>{user.userGroup[0]?.name ?? t('noGroup')}</bdi>
          </Text>
        </Fact>
        {canSeeShopFacts && (
          <Fact icon={<IconUsers size={22} />} label={t('colleagues')}>
            {dashboard.data ? (
              <Text fw={600}>{t('colleaguesCount', { count: dashboard.data.colleagues })}</Text>
            ) : (
              <Skeleton h={20} w={80} />
            )}
          </Fact>
        )}
        {canSeeShopFacts && (
          <Fact icon={<IconBell size={22} />} label={t('notifications')}>
            {dashboard.data ? (
              <Text fw={600} data-testid="dashboard-unread">
                {t('unread', { count: dashboard.data.unreadNotifications })}
              </Text>
            ) : (
              <Skeleton h={20} w={80} />
            )}
          </Fact>
        )}
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('abilities')}
        </Title>
        {user.can.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('noAbilities')}
          </Text>
        ) : (
          <Group gap="xs">
            {user.can.map((ability) => (
              <Badge
                key={ability}
                variant="light"
                size="lg"
                tt="none"
                data-testid="ability"
                title={t(`permissions:${ability}.description`)}
              >
                {t(`permissions:${ability}.label`)}
              </Badge>
            ))}
          </Group>
        )}
      </Card>
    </Stack>
  );
}
