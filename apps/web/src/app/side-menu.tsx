// The side menu: every screen the user may open, grouped by the sections of spec §2 and
// collapsible; a section with nothing the user may open is not shown at all.
import { NavLink, ScrollArea } from '@mantine/core';
import {
  type Icon,
  IconBuildingStore,
  IconCalculator,
  IconFileText,
  IconRobot,
  IconSettings,
  IconSpeakerphone,
  IconTicket,
  IconTrophy,
  IconTruckDelivery,
  IconUser,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthUser } from '../features/auth/auth.api';
import { isDeveloperUser } from '../features/developer/developer-access';
import { type AppRoute, type MenuSection, menuSections } from './app-route';
import { appRoutes } from './routes';

const sectionIcons: Record<MenuSection, Icon> = {
  management: IconSettings,
  accountancy: IconCalculator,
  shop: IconBuildingStore,
  user: IconUser,
  ranks: IconTrophy,
  video: IconVideo,
  tickets: IconTicket,
  logistics: IconTruckDelivery,
  documents: IconFileText,
  marketing: IconSpeakerphone,
  automation: IconRobot,
};

/** An entry is current on its own page and on the pages of the same area (`usersGroup/2/edit` for `usersGroup/list`). */
function isCurrent(route: AppRoute, pathname: string): boolean {
  if (route.path === '') return pathname === '/app' || pathname === '/app/';
  const area = route.path.split('/')[0];
  return pathname === `/app/${route.path}` || pathname.startsWith(`/app/${area}/`);
}

function MenuEntry({ route, onNavigate }: { route: AppRoute; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = route.menu as NonNullable<AppRoute['menu']>;
  const Icon = menu.icon;
  const to = `/app${route.path ? `/${route.path}` : ''}`;
  return (
    <NavLink
      component={Link}
      to={to}
      active={isCurrent(route, pathname)}
      label={t(menu.label)}
      leftSection={<Icon size={18} stroke={1.6} />}
      onClick={onNavigate}
    />
  );
}

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  const developer = isDeveloperUser(user);
  const visible = appRoutes.filter(
    (route) => route.menu && (!route.ability || can.has(route.ability)) && (!route.developer || developer),
  );
  const topLevel = visible.filter((route) => route.menu?.section === null);

  return (
    <ScrollArea type="auto" style={{ flex: 1 }} component="nav" aria-label={t('menu.label')}>
      {topLevel.map((route) => (
        <MenuEntry key={route.path} route={route} onNavigate={onNavigate} />
      ))}
      {menuSections.map((section) => {
        const entries = visible.filter((route) => route.menu?.section === section);
        if (entries.length === 0) return null;
        const SectionIcon = sectionIcons[section];
        const containsCurrent = entries.some((route) => isCurrent(route, pathname));
        return (
          <NavLink
            key={section}
            label={t(`menu.sections.${section}`)}
            leftSection={<SectionIcon size={18} stroke={1.6} />}
            defaultOpened={containsCurrent}
            childrenOffset={28}
          >
            {entries.map((route) => (
              <MenuEntry key={route.path} route={route} onNavigate={onNavigate} />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
