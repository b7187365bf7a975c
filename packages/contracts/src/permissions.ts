// The ability catalog: every key a route can require and a user group can be granted.
// Keys are stable strings `<section>.<ability>`; labels live in the locales (permissions namespace).
// The complete catalog of spec §6 is filled in by the permissions issue; this holds what is built.

export const permissionCatalog = {
  employees: ['employees.view', 'employees.dashboard'],
  shops: ['shops.view', 'shops.manage.viewAllList'],
} as const;

export type PermissionSection = keyof typeof permissionCatalog;
export type Ability = (typeof permissionCatalog)[PermissionSection][number];

export const allAbilities: readonly Ability[] = Object.values(permissionCatalog).flat();

export function isAbility(value: string): value is Ability {
  return (allAbilities as readonly string[]).includes(value);
}

/** What a route needs: nobody signed in, any signed-in user, or one ability. */
export type Access = 'public' | 'authenticated' | Ability;

/** The nine groups of spec §6, seeded in this order so Amministratore gets id 1. */
export const seededGroupNames = [
  'Amministratore',
  'Dipendente',
  'Contabilità',
  'Ex Dipendente',
  'Developer',
  'Ticket',
  'Area Controllo',
  'Dipendente NO SHIFTS',
  'BOSS',
] as const;

export const ADMIN_GROUP_ID = 1;
export const BOSS_GROUP_NAME = 'BOSS';
export const DEVELOPER_GROUP_NAME = 'Developer';

/** Spec §6: admin when the first group is BOSS or has id 1; developer when it is Developer. */
export function isAdminGroup(first: { id: number; name: string } | undefined): boolean {
  return first !== undefined && (first.id === ADMIN_GROUP_ID || first.name === BOSS_GROUP_NAME);
}

export function isDeveloperGroup(first: { id: number; name: string } | undefined): boolean {
  return first?.name === DEVELOPER_GROUP_NAME;
}
