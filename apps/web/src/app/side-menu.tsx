// The side menu: every screen the user may open, grouped by the sections of spec §2 and
// collapsible; a section with nothing the user may open is not shown at all. The section of the page
// on screen opens by itself, however the page was reached (a link, the address, the back button).
import { NavLink, ScrollArea } from '@mantine/core';
import {
  type Icon,
  IconBuildingStore,
  IconCalculator,
  IconCode,
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
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthUser } from '../features/auth/auth.api';
import { isDeveloperUser } from '../features/developer/developer-access';
import { type AppRoute, type MenuSection, mayOpen, menuSections } from './app-route';
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
  developer: IconCode,
};

/**
 * How well an entry matches the page: its own page best, then the entry sharing most leading path segments with
 * it (`usersGroup/2/edit` belongs to `usersGroup/list`, `shops/weekly-cash/create/2026-W47` to `shops/weekly-cash`
 * rather than to `shops/list`); 0 when not even the area matches.
 */
function matchScore(route: AppRoute, pathname: string): number {
  const page = pathname.replace(/^\/app\/?/, '').replace(/\/$/, '');
  if (route.path === page) return Number.MAX_SAFE_INTEGER;
  if (route.path === '') return 0;
  const segments = route.path.split('/');
  const pageSegments = page.split('/');
  let shared = 0;
  while (shared < segments.length && segments[shared] === pageSegments[shared]) shared += 1;
  return shared === 0 ? 0 : shared * 10 - (segments.length - shared);
}

/** The one entry the page belongs to (the first of the best matches), if any. */
export function currentRoute(routes: AppRoute[], pathname: string): AppRoute | undefined {
  let best: AppRoute | undefined;
  let bestScore = 0;
  for (const route of routes) {
    const score = matchScore(route, pathname);
    if (score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}

function MenuEntry(props: { route: AppRoute; current: boolean; onNavigate: () => void }) {
  const { route, onNavigate } = props;
  const { t } = useTranslation();
  const menu = route.menu as NonNullable<AppRoute['menu']>;
  const Icon = menu.icon;
  const to = `/app${route.path ? `/${route.path}` : ''}`;
  return (
    <NavLink
      component={Link}
      to={to}
      active={props.current}
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
    (route) => route.menu && mayOpen(route.ability, can) && (!route.developer || developer),
  );
  const topLevel = visible.filter((route) => route.menu?.section === null);
  const current = currentRoute(visible, pathname);
  const currentSection = current?.menu?.section ?? null;
  const [opened, setOpened] = useState<ReadonlySet<MenuSection>>(() => new Set(currentSection ? [currentSection] : []));
  useEffect(() => {
    if (currentSection) setOpened((sections) => new Set(sections).add(currentSection));
  }, [currentSection]);
  const toggle = (section: MenuSection, open: boolean) =>
    setOpened((sections) => {
      const next = new Set(sections);
      if (open) next.add(section);
      else next.delete(section);
      return next;
    });

  return (
    <ScrollArea type="auto" style={{ flex: 1 }} component="nav" aria-label={t('menu.label')}>
      {topLevel.map((route) => (
        <MenuEntry key={route.path} route={route} current={route === current} onNavigate={onNavigate} />
      ))}
      {menuSections.map((section) => {
        const entries = visible.filter((route) => route.menu?.section === section);
        if (entries.length === 0) return null;
        const SectionIcon = sectionIcons[section];
        return (
          <NavLink
            key={section}
            label={t(`menu.sections.${section}`)}
            leftSection={<SectionIcon size={18} stroke={1.6} />}
            opened={opened.has(section)}
            component="button"
            type="button"
            aria-expanded={opened.has(section)}
            onChange={(open) => toggle(section, open)}
            childrenOffset={28}
            data-testid={`menu-section-${section}`}
          >
            {entries.map((route) => (
              <MenuEntry key={route.path} route={route} current={route === current} onNavigate={onNavigate} />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
