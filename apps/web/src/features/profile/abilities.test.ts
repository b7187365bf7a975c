import { allAbilities } from '@bottega/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { abilitiesBySection } from './abilities';

describe('abilitiesBySection', () => {
  it('groups the abilities held by section and sub-area, in the catalog’s order, each once', () => {
    const held = ['shops.cashRegister.close', 'employees.dashboard', 'shops.cashRegister.view', 'shops.view', 'nope'];
    expect(abilitiesBySection([...held, 'shops.view'])).toEqual([
      [
        'shops',
        [
          ['shops', ['shops.view']],
          ['shops.cashRegister', ['shops.cashRegister.view', 'shops.cashRegister.close']],
        ],
      ],
      ['employees', [['employees', ['employees.dashboard']]]],
    ]);
  });

  it('lists every ability of an administrator exactly once', () => {
    const listed = abilitiesBySection(allAbilities).flatMap(([, groups]) => groups.flatMap(([, members]) => members));
    expect(listed).toHaveLength(allAbilities.length);
    expect(new Set(listed).size).toBe(allAbilities.length);
  });

  it('is empty for someone holding nothing', () => {
    expect(abilitiesBySection([])).toEqual([]);
  });
});
