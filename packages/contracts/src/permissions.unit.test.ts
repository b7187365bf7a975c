import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP_ID, allAbilities, isAbility, isAdminGroup, isDeveloperGroup, mayDelegate } from './permissions';

describe('isAdminGroup', () => {
  it('is true when the first group has id 1 or is BOSS', () => {
    expect(ADMIN_GROUP_ID).toBe(1);
    expect(isAdminGroup({ id: 1, name: 'Amministratore' })).toBe(true);
    expect(isAdminGroup({ id: 1, name: 'Renamed' })).toBe(true);
    expect(isAdminGroup({ id: 9, name: 'BOSS' })).toBe(true);
  });

  it('is false for any other group or none', () => {
    expect(isAdminGroup({ id: 2, name: 'Dipendente' })).toBe(false);
    expect(isAdminGroup({ id: 9, name: 'boss' })).toBe(false);
    expect(isAdminGroup(undefined)).toBe(false);
  });
});

describe('isDeveloperGroup', () => {
  it('is true only when the first group is Developer', () => {
    expect(isDeveloperGroup({ id: 5, name: 'Developer' })).toBe(true);
    expect(isDeveloperGroup({ id: 1, name: 'Amministratore' })).toBe(false);
    expect(isDeveloperGroup({ id: 2, name: 'Dipendente' })).toBe(false);
    expect(isDeveloperGroup(undefined)).toBe(false);
  });
});

describe('the ability catalog', () => {
  it('has unique keys named <section>.<ability> and recognizes them', () => {
    expect(new Set(allAbilities).size).toBe(allAbilities.length);
    for (const ability of allAbilities) {
      expect(ability).toMatch(/^[a-z][\w-]*(\.[\w-]+)+$/);
      expect(isAbility(ability)).toBe(true);
    }
    expect(isAbility('employees.everything')).toBe(false);
    expect(isAbility('public')).toBe(false);
  });
});

describe('mayDelegate', () => {
  const manager = { isAdmin: false, abilities: new Set<string>(['shops.view', 'employees.userGroups.edit']) };

  it('lets an administrator delegate any group, the admin groups included', () => {
    const admin = { isAdmin: true, abilities: new Set<string>() };
    expect(mayDelegate(admin, { id: 1, name: 'Amministratore', permissions: [] })).toBe(true);
    expect(mayDelegate(admin, { id: 7, name: 'Magazzino', permissions: [...allAbilities] })).toBe(true);
  });

  it('lets anybody else delegate only groups within their own abilities, never an admin group', () => {
    expect(mayDelegate(manager, { id: 7, name: 'Magazzino', permissions: ['shops.view'] })).toBe(true);
    expect(mayDelegate(manager, { id: 7, name: 'Magazzino', permissions: [] })).toBe(true);
    expect(mayDelegate(manager, { id: 7, name: 'Magazzino', permissions: ['shops.view', 'shifts.view'] })).toBe(false);
    const everything = { isAdmin: false, abilities: new Set<string>(allAbilities) };
    expect(mayDelegate(everything, { id: 7, name: 'Magazzino', permissions: [...allAbilities] })).toBe(true);
    expect(mayDelegate(everything, { id: 1, name: 'Amministratore', permissions: [] })).toBe(false);
    expect(mayDelegate(everything, { id: 9, name: 'BOSS', permissions: [] })).toBe(false);
  });

  it('ignores stored names that are no longer abilities', () => {
    expect(mayDelegate(manager, { id: 7, name: 'Magazzino', permissions: ['shops.retired'] })).toBe(true);
  });
});
