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
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { useAuthUser } from '../features/auth/auth.api';
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

function MenuEntry({ route, onNavigate }: { route: AppRoute; onNavigate: () => void }) {
  const { t } = useTranslation();
  const menu = route.menu as NonNullable<AppRoute['menu']>;
  const Icon = menu.icon;
  const to = `/app${route.path ? `/${route.path}` : ''}`;
  return (
    <NavLink
      component={RouterNavLink}
      to={to}
      end
      label={t(menu.label)}
      leftSection={<Icon size={18} stroke={1.6} />}
      onClick={onNavigate}
    />
  );
}

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const can = new Set(useAuthUser().data?.can ?? []);
  const visible = appRoutes.filter((route) => route.menu && (!route.ability || can.has(route.ability)));
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
        const containsCurrent = entries.some((route) => pathname.startsWith(`/app/${route.path}`));
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
