// Shift templates: a shop's weekly hours with a day pattern, listed, read, changed and deleted by those allowed,
// within their own shops (another shop's answer 404), bad input a 422, every change audited.
import type { ShiftTemplate } from '@bottega/contracts/shifts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { shiftTemplateAuditEntity } from './shift-templates.service';

let test: TestApp;
/** Holds every template ability, member of MI01 only. */
let managerToken: string;
/** Holds every ability but adding, editing and deleting templates. */
let readerToken: string;
let adminToken: string;
let milanId: number;
let naplesId: number;

const allTemplateAbilities = [
  'shifts.templates.view',
  'shifts.templates.list',
  'shifts.templates.add',
  'shifts.templates.edit',
  'shifts.templates.delete',
] as const;

beforeAll(async () => {
  test = await createTestApp();
  const manager = await createUserWithAbilities(test.db, allTemplateAbilities, { shops: ['MI01'] });
  const reader = await createUserWithAbilities(test.db, ['shifts.templates.view', 'shifts.templates.list'], {
    shops: ['MI01'],
  });
  [managerToken, readerToken, adminToken] = await Promise.all([
    signIn(test.app, manager.username),
    signIn(test.app, reader.username),
    signIn(test.app, 'admin'),
  ]);
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
});
afterAll(() => test?.close());

const weekdayShift = { start: '09:00', stop: '18:00', breakMinutes: 60 };
/** Five days of eight hours: forty. */
const fullTime = { name: 'Full time 40', weeklyMinutes: 40 * 60, days: [...Array(5).fill(weekdayShift), null, null] };

async function create(shopId: number, body: unknown, token = managerToken) {
  return api(test.app, { method: 'POST', url: `/api/shops/${shopId}/shift-templates`, token, body });
}

async function audits(templateId: number) {
  return test.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, shiftTemplateAuditEntity), eq(auditLog.entityId, String(templateId))));
}

describe('shift templates', () => {
  it('are created, listed, read, changed and deleted, each change audited', async () => {
    const created = await create(milanId, fullTime);
    expect(created.statusCode).toBe(201);
    const template = created.json().data as ShiftTemplate;
    expect(template).toMatchObject({
      shopId: milanId,
      name: 'Full time 40',
      weeklyMinutes: 2400,
      plannedMinutes: 2400,
    });

    const list = await api(test.app, { url: `/api/shops/${milanId}/shift-templates`, token: readerToken });
    expect(list.statusCode).toBe(200);
    expect((list.json().data as ShiftTemplate[]).map((row) => row.id)).toContain(template.id);

    // Saturday morning added, the weekly hours raised: the pattern now plans fewer than the week's (§5 warns).
    const changed = await api(test.app, {
      method: 'PUT',
      url: `/api/shift-templates/${template.id}`,
      token: managerToken,
      body: { ...fullTime, weeklyMinutes: 45 * 60, days: [...fullTime.days.slice(0, 5), weekdayShift, null] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ weeklyMinutes: 2700, plannedMinutes: 2880 });

    const read = await api(test.app, { url: `/api/shift-templates/${template.id}`, token: readerToken });
    expect(read.json().data.days[5]).toEqual(weekdayShift);

    const deleted = await api(test.app, {
      method: 'DELETE',
      url: `/api/shift-templates/${template.id}`,
      token: managerToken,
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await api(test.app, { url: `/api/shift-templates/${template.id}`, token: managerToken });
    expect(gone.statusCode).toBe(404);
    expect((await audits(template.id)).map((row) => row.action).sort()).toEqual([
      'shiftTemplate.created',
      'shiftTemplate.deleted',
      'shiftTemplate.updated',
    ]);
  });

  it('counts a night shift ending the next day, and says when the pattern plans less than the week', async () => {
    const night = { start: '22:00', stop: '06:00', breakMinutes: 30 };
    const created = await create(milanId, {
      name: 'Notte',
      weeklyMinutes: 40 * 60,
      days: [night, night, night, null, null, null, null],
    });
    expect(created.json().data).toMatchObject({ weeklyMinutes: 2400, plannedMinutes: 3 * 450 });
  });

  it('refuses a second template of the same name in the shop, whatever its case, as a field error', async () => {
    expect((await create(milanId, { ...fullTime, name: 'Part time 20' })).statusCode).toBe(201);
    const twice = await create(milanId, { ...fullTime, name: 'PART TIME 20' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.name).toBeDefined();
    // Another shop may have its own.
    expect((await create(naplesId, { ...fullTime, name: 'Part time 20' }, adminToken)).statusCode).toBe(201);
  });

  it('answers bad input with a 422 and stores nothing', async () => {
    const before = await api(test.app, { url: `/api/shops/${milanId}/shift-templates`, token: managerToken });
    for (const body of [
      { ...fullTime, name: 'Nul\u0000' },
      { ...fullTime, name: '\ud800' },
      { ...fullTime, name: 'x'.repeat(101) },
      { ...fullTime, name: '' },
      { ...fullTime, days: fullTime.days.slice(0, 6) },
      { ...fullTime, days: [{ ...weekdayShift, start: '25:00' }, ...fullTime.days.slice(1)] },
      { ...fullTime, days: [{ ...weekdayShift, breakMinutes: -1 }, ...fullTime.days.slice(1)] },
      { ...fullTime, weeklyMinutes: 7 * 16 * 60 + 1 },
    ]) {
      const refused = await create(milanId, body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const after = await api(test.app, { url: `/api/shops/${milanId}/shift-templates`, token: managerToken });
    expect(after.json().data).toEqual(before.json().data);
  });

  it('are refused (403) to someone without the ability', async () => {
    const created = (await create(milanId, { ...fullTime, name: 'Da leggere' })).json().data as ShiftTemplate;
    expect((await create(milanId, { ...fullTime, name: 'Altro' }, readerToken)).statusCode).toBe(403);
    const url = `/api/shift-templates/${created.id}`;
    expect((await api(test.app, { method: 'PUT', url, token: readerToken, body: fullTime })).statusCode).toBe(403);
    expect((await api(test.app, { method: 'DELETE', url, token: readerToken })).statusCode).toBe(403);
    expect((await api(test.app, { url, token: readerToken })).statusCode).toBe(200);
  });

  it('of another shop answer 404, as if they did not exist', async () => {
    const naples = (await create(naplesId, { ...fullTime, name: 'Napoli 40' }, adminToken)).json()
      .data as ShiftTemplate;
    const url = `/api/shift-templates/${naples.id}`;
    expect(
      (await api(test.app, { url: `/api/shops/${naplesId}/shift-templates`, token: managerToken })).statusCode,
    ).toBe(404);
    expect((await create(naplesId, { ...fullTime, name: 'Intruso' })).statusCode).toBe(404);
    expect((await api(test.app, { url, token: managerToken })).statusCode).toBe(404);
    expect((await api(test.app, { method: 'PUT', url, token: managerToken, body: fullTime })).statusCode).toBe(404);
    expect((await api(test.app, { method: 'DELETE', url, token: managerToken })).statusCode).toBe(404);
    expect((await api(test.app, { url, token: adminToken })).json().data.name).toBe('Napoli 40');
  });
});
