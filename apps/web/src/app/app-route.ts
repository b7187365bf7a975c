import type { Ability } from '@bottega/contracts/permissions';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/**
 * The menu sections of spec §2, in menu order, and last the developers' tools (shown only to them); each feature
 * puts its entries in one of them.
 */
export const menuSections = [
  'management',
  'accountancy',
  'shop',
  'user',
  'ranks',
  'video',
  'tickets',
  'logistics',
  'documents',
  'marketing',
  'automation',
  'developer',
] as const;
export type MenuSection = (typeof menuSections)[number];

/** One screen under /app, declared by its feature in <area>.routes.tsx. */
export type AppRoute = {
  /** Relative to /app; '' is the dashboard. */
  path: string;
  /**
   * The ability the screen needs (or several, any one of which opens it: a screen serving §6's reaches of one area);
   * without it the route shows the 403 page and the menu hides it.
   */
  ability?: Ability | readonly Ability[];
  /** Only for developers (first group Developer) and admins: the menu hides it from others (developer tools). */
  developer?: boolean;
  load: () => Promise<{ default: ComponentType }>;
  menu?: { section: MenuSection | null; label: string; icon: Icon };
  /** The page's name in the document title (a locale key); a menu entry's label when not given. */
  title?: string;
};

/** The locale key naming a screen in the document title. */
export function routeTitle(route: AppRoute): string | undefined {
  return route.title ?? route.menu?.label;
}

/** Whether a person holding `can` may open a screen needing `ability` (any one of a list). */
export function mayOpen(ability: AppRoute['ability'], can: { has: (ability: Ability) => boolean }): boolean {
  if (ability === undefined) return true;
  return typeof ability === 'string' ? can.has(ability) : ability.some((one) => can.has(one));
}
