// The signed-in frame: navbar with the user menu and notification flag, the side menu, the page, the footer.
import { AppShell, Badge, Box, Burger, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useAuthUser } from '../features/auth/auth.api';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { AppFooter } from './app-footer';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

export function AppLayout() {
  const { t } = useTranslation();
  const user = useAuthUser().data;
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  // On a phone the footer's links need more room than a fixed bar: they follow the page instead.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <AppShell
      header={{ height: 56 }}
      footer={phone ? undefined : { height: 40 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('menu.toggle')}
            />
            <Burger
              opened={desktopOpened}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label={t('menu.toggle')}
            />
            <Group gap={8} wrap="nowrap" renderRoot={(props) => <Link to="/app" {...props} />} c="inherit" td="none">
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <Text fw={700} size="lg">
                Bottega
              </Text>
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user?.shop && (
              <Tooltip label={t('navbar.currentShop')}>
                <Badge
                  variant="light"
                  size="lg"
                  tt="none"
                  leftSection={<IconBuildingStore size={14} />}
                  visibleFrom="xs"
                  data-testid="current-shop"
                >
                  <bdi>{user.shop.name}</bdi>
                </Badge>
              </Tooltip>
            )}
            {user && <NotificationBell userId={user.id} />}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideMenu onNavigate={closeMobile} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
        {phone && (
          <Box mt="xl" py="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
            <AppFooter />
          </Box>
        )}
      </AppShell.Main>
      {!phone && (
        <AppShell.Footer>
          <AppFooter />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
