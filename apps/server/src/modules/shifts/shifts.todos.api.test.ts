// The shifts' to-dos on the dashboard: the person's begun shift without a start punch (the "start shift" popup), their
// sent weeks to validate, and next week of the shop for those who plan it; each gone once done.
import type { Todo } from '@bottega/contracts/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  demoPassword,
  findShopId,
  signIn,
  type TestApp,
} from '../../../test/harness';

/** Monday 14 December 2026, 09:05 in Rome: Anna's shift began at 09:00. */
const clockStart = '2026-12-14T09:05:00+01:00';

let test: TestApp;
let milanId: number;
let anna: number;
let annaToken: string;
let carlaToken: string;
let managerToken: string;

const shiftOn = (userId: number, day: string) => ({
  userId,
  day,
  cell: { kind: 'shift', start: '09:00', stop: '18:00', breakMinutes: 60, notes: '' },
});

async function sendWeek(week: string, body: unknown) {
  const url = `/api/shops/${milanId}/shift-weeks/${week}`;
  const saved = await api(test.app, { method: 'PUT', url, token: managerToken, body });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  for (const action of ['convalidate', 'send']) {
    const moved = await api(test.app, { method: 'POST', url: `${url}/${action}`, token: managerToken });
    if (moved.statusCode !== 200) throw new Error(moved.body);
  }
}

async function todos(token: string): Promise<Todo[]> {
  const response = await api(test.app, { url: '/api/dashboard/todos', token });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const keys = (list: Todo[]) => list.map((todo) => todo.key).filter((key) => key.startsWith('shift'));

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: clockStart });
  milanId = await findShopId(test.db, 'MI01');
  const manager = await createUserWithAbilities(
    test.db,
    ['shifts.manage.view', 'shifts.manage.assign', 'shifts.manage.convalidate'],
    { shops: ['MI01'] },
  );
  const annaUser = await createUserWithAbilities(test.db, ['employees.popups.startShift', 'shifts.view'], {
    shops: ['MI01'],
  });
  anna = annaUser.id;
  const carla = await createUserWithAbilities(test.db, ['shifts.view'], { shops: ['MI01'] });
  [annaToken, carlaToken, managerToken] = await Promise.all([
    signIn(test.app, annaUser.username),
    signIn(test.app, carla.username),
    signIn(test.app, manager.username),
  ]);
  for (const token of [annaToken, carlaToken, managerToken]) await chooseShop(test.app, token, 'MI01');
});
afterAll(() => test?.close());

describe('shift to-dos', () => {
  it('asks those who plan for next week until it is sent', async () => {
    const before = (await todos(managerToken)).find((todo) => todo.key === 'shiftNextWeekToPlan');
    expect(before).toMatchObject({ count: 1, link: `/app/employeesShift/assign?shop=${milanId}&week=2026-W52` });
    expect(keys(await todos(annaToken))).not.toContain('shiftNextWeekToPlan');
    await sendWeek('2026-W52', { members: [{ userId: anna, templateId: null }], cells: [shiftOn(anna, '2026-12-21')] });
    expect(keys(await todos(managerToken))).not.toContain('shiftNextWeekToPlan');
  });

  it('asks the person to punch a begun shift and to validate their sent weeks, and stops once done', async () => {
    await sendWeek('2026-W51', { members: [{ userId: anna, templateId: null }], cells: [shiftOn(anna, '2026-12-14')] });
    const list = await todos(annaToken);
    expect(list.find((todo) => todo.key === 'shiftToStart')).toMatchObject({ count: 1, link: '/app/shop/shift' });
    expect(list.find((todo) => todo.key === 'shiftWeeksToValidate')).toMatchObject({
      count: 2,
      oldest: '2026-12-14',
      link: '/app/user/convalidate/shift',
    });
    // Carla has no shift and no popup ability.
    expect(keys(await todos(carlaToken))).toEqual([]);

    const punched = await api(test.app, {
      method: 'POST',
      url: '/api/time-clock/punches',
      token: annaToken,
      body: { step: 'startShift', presence: { userId: anna, password: demoPassword } },
    });
    expect(punched.statusCode).toBe(201);
    const own = (await api(test.app, { url: '/api/me/shift-weeks', token: annaToken })).json().data as {
      weekId: number;
    }[];
    for (const week of own) {
      await api(test.app, { method: 'POST', url: `/api/me/shift-weeks/${week.weekId}/validate`, token: annaToken });
    }
    expect(keys(await todos(annaToken))).toEqual([]);
  });
});
