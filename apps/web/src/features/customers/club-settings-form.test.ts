import { defaultLoyaltyLevels } from '@bottega/contracts/customers';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  type LevelRow,
  levelsInOrder,
  mayAddLevel,
  newLevelRow,
  settingsBodyOf,
  settingsErrors,
  settingsValuesOf,
} from './club-settings-form';

const t = ((key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).length > 0 ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const row = (
  key: string,
  name: string,
  minPoints: number | string,
  discountPercent: number | string = 5,
): LevelRow => ({
  key,
  name,
  minPoints,
  discountPercent,
});

describe('the club settings form', () => {
  it('makes a round trip from the settings to the body', () => {
    const settings = { levels: defaultLoyaltyLevels, registrationSuspended: true };
    const values = settingsValuesOf(settings);
    expect(values.levels.map((level) => level.key)).toEqual(['level-0', 'level-1', 'level-2']);
    expect(settingsBodyOf(values)).toEqual(settings);
    expect(settingsErrors(settingsBodyOf(values), t)).toEqual({});
  });

  it('adds a level above the last, up to ten', () => {
    expect(newLevelRow([], 'a')).toEqual(row('a', '', 0, 0));
    expect(newLevelRow([row('x', 'Oro', 800, 15)], 'b')).toEqual(row('b', '', 900, 15));
    expect(newLevelRow([row('x', 'Oro', '', 15)], 'c').minPoints).toBe('');
    expect(mayAddLevel(Array.from({ length: 9 }))).toBe(true);
    expect(mayAddLevel(Array.from({ length: 10 }))).toBe(false);
  });

  it('puts the levels in order of threshold, the ones without a number last', () => {
    const levels = [row('a', 'Oro', 800), row('b', 'Nuovo', ''), row('c', 'Bronzo', 0), row('d', 'Argento', '300')];
    expect(levelsInOrder(levels).map((level) => level.key)).toEqual(['c', 'd', 'a', 'b']);
  });

  it("words each level's refusal on its field", () => {
    const values = { levels: [row('a', 'Bronzo', 0), row('c', '', '', 20)], registrationSuspended: false };
    expect(settingsErrors(settingsBodyOf(values), t)).toEqual({
      'levels.1.name': 'validation:required',
      'levels.1.minPoints': 'validation:required',
      'levels.1.discountPercent': 'validation:max {"max":15}',
    });
  });

  it('words the checks across levels with their numbers', () => {
    const values = { levels: [row('a', 'Bronzo', 10), row('b', 'bronzo', 5)], registrationSuspended: false };
    expect(settingsErrors(settingsBodyOf(values), t)).toEqual({
      'levels.0.minPoints': 'validation:max {"max":0}',
      'levels.1.minPoints': 'validation:min {"min":11}',
      'levels.1.name': 'validation:unique',
    });
  });

  it('asks for one level at least', () => {
    expect(settingsErrors(settingsBodyOf({ levels: [], registrationSuspended: false }), t)).toEqual({
      levels: 'validation:min {"min":1}',
    });
  });
});
