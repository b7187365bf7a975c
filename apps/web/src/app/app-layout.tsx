// The signed-in frame: navbar with the user menu and notification flag, the side menu, the page, the footer.
import { AppShell, Badge, Box, Burger, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useAuthUser } from '../features/auth/auth.api';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { keepToastsAbove } from '../ui/toast-clearance';
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
      {/* The keyboard's first stop: past the header and the menu, to the page. */}
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
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
              <img src="/favicon.svg" alt="Bottega" width={26} height={26} />
              {/* On a phone the logo alone, so the shop's badge keeps its room. */}
              <Text fw={700} size="lg" visibleFrom="xs" aria-hidden>
                Bottega
              </Text>
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            {user?.shop && (
              <Tooltip label={t('navbar.currentShop')}>
                {/* At every width; only a name longer than the room left is shortened. */}
                <Badge
                  variant="light"
                  size="lg"
                  tt="none"
                  leftSection={<IconBuildingStore size={14} />}
                  styles={{ root: { flexShrink: 1, minWidth: 0 }, label: { overflow: 'hidden' } }}
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
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
        {phone && (
          <Box mt="xl" py="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
            <AppFooter />
          </Box>
        )}
      </AppShell.Main>
      {!phone && (
        <AppShell.Footer ref={keepToastsAbove}>
          <AppFooter />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
