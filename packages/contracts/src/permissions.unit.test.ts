import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP_ID, allAbilities, isAbility, isAdminGroup, isDeveloperGroup } from './permissions';

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
