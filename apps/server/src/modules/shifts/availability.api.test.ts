// Next week's availability: each person says it for a coming week, a week begun is refused, bad days and text are a
// 422, the to-do goes once said, and the week's grid shows it to the planner beside the person's cells.
import type { Todo } from '@bottega/contracts/dashboard';
import { isoWeekDays } from '@bottega/contracts/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';

/** Wednesday 16 December 2026 in Rome: next week is 2026-W52. */
const clockStart = '2026-12-16T10:00:00+01:00';
const next = '2026-W52';

let test: TestApp;
let anna: number;
let annaToken: string;
let managerToken: string;
let outsiderToken: string;

const said = (choices: Record<number, ['morning' | 'afternoon' | 'off', string]> = {}) =>
  isoWeekDays(next).map((day, index) => ({
    day,
    choice: choices[index]?.[0] ?? 'any',
    notes: choices[index]?.[1] ?? '',
  }));

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: clockStart });
  const annaUser = await createUserWithAbilities(
    test.db,
    ['shifts.choose', 'shifts.view', 'employees.popups.startShift'],
    { shops: ['MI01'] },
  );
  anna = annaUser.id;
  const manager = await createUserWithAbilities(test.db, ['shifts.manage.view'], { shops: ['MI01'] });
  const outsider = await createUserWithAbilities(test.db, ['shifts.view'], { shops: ['MI01'] });
  [annaToken, managerToken, outsiderToken] = await Promise.all([
    signIn(test.app, annaUser.username),
    signIn(test.app, manager.username),
    signIn(test.app, outsider.username),
  ]);
  await chooseShop(test.app, annaToken, 'MI01');
});
afterAll(() => test?.close());

const todos = async (token: string): Promise<Todo[]> =>
  (await api(test.app, { url: '/api/dashboard/todos', token })).json().data;

describe('next week choice', () => {
  it('starts free every day, asks for it on the dashboard, and is refused to those who do not choose', async () => {
    const answer = await api(test.app, { url: `/api/me/shift-availability/${next}`, token: annaToken });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ week: next, savedAt: null });
    expect(answer.json().data.days.every((day: { choice: string }) => day.choice === 'any')).toBe(true);
    expect((await todos(annaToken)).find((todo) => todo.key === 'shiftAvailabilityToChoose')).toMatchObject({
      link: '/app/user/convalidate/shift#availability',
    });
    const refused = await api(test.app, { url: `/api/me/shift-availability/${next}`, token: outsiderToken });
    expect(refused.statusCode).toBe(403);
  });

  it('saves the week, audited; the to-do goes and the planner sees it in the grid', async () => {
    const saved = await api(test.app, {
      method: 'PUT',
      url: `/api/me/shift-availability/${next}`,
      token: annaToken,
      body: { days: said({ 0: ['morning', 'Università il pomeriggio'], 4: ['off', ''] }) },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.savedAt).not.toBeNull();
    expect(saved.json().data.days[0]).toEqual({
      day: '2026-12-21',
      choice: 'morning',
      notes: 'Università il pomeriggio',
    });
    const audited = await test.db.select().from(auditLog).where(eq(auditLog.action, 'shiftAvailability.saved'));
    expect(audited).toHaveLength(1);
    expect((await todos(annaToken)).map((todo) => todo.key)).not.toContain('shiftAvailabilityToChoose');

    const milanId = await findShopId(test.db, 'MI01');
    const week = (await api(test.app, { url: `/api/shops/${milanId}/shift-weeks/${next}`, token: managerToken })).json()
      .data;
    expect(week.availability.filter((entry: { userId: number }) => entry.userId === anna)).toEqual([
      { userId: anna, day: '2026-12-21', choice: 'morning', notes: 'Università il pomeriggio' },
      { userId: anna, day: '2026-12-25', choice: 'off', notes: '' },
    ]);
  });

  it('refuses a week begun, days of another week and text that cannot be stored', async () => {
    const current = await api(test.app, {
      method: 'PUT',
      url: '/api/me/shift-availability/2026-W51',
      token: annaToken,
      body: { days: isoWeekDays('2026-W51').map((day) => ({ day, choice: 'any', notes: '' })) },
    });
    expect(current.statusCode).toBe(409);
    expect(current.json().code).toBe('shiftWeekNotEditable');
    const shifted = said();
    shifted[2] = { day: '2027-01-01', choice: 'off', notes: '' };
    const wrongDay = await api(test.app, {
      method: 'PUT',
      url: `/api/me/shift-availability/${next}`,
      token: annaToken,
      body: { days: shifted },
    });
    expect(wrongDay.statusCode).toBe(422);
    expect(Object.keys(wrongDay.json().errors)).toEqual(['days.2.day']);
    const nul = await api(test.app, {
      method: 'PUT',
      url: `/api/me/shift-availability/${next}`,
      token: annaToken,
      body: { days: said({ 1: ['off', 'a\u0000b'] }) },
    });
    expect(nul.statusCode).toBe(422);
    const badWeek = await api(test.app, { url: '/api/me/shift-availability/2026-W60', token: annaToken });
    expect(badWeek.statusCode).toBe(422);
  });
});
