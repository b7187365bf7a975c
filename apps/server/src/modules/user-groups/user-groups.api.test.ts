import { allAbilities, BOSS_GROUP_NAME, notificationEvents, seededGroupNames } from '@bottega/contracts/permissions';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createGroup, createTestApp, createUser, findUserId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { defaultGroupAbilities } from '../../seed';
import { users } from '../employees/employees.schema';
import { userGroupMembers, userGroups } from './user-groups.schema';

let test: TestApp;
let adminToken: string;
let adminId: number;
let bossGroupId: number;
beforeAll(async () => {
  test = await createTestApp();
  adminToken = await signIn(test.app, 'admin');
  adminId = await findUserId(test.db, 'admin');
  const [boss] = await test.db.select().from(userGroups).where(eq(userGroups.name, BOSS_GROUP_NAME));
  bossGroupId = boss?.id as number;
});
afterAll(() => test?.close());

type Body = { name: string; permissions: string[] };
const list = (query = '') => api(test.app, { url: `/api/user-groups${query}`, token: adminToken });
const create = (body: Body) => api(test.app, { method: 'POST', url: '/api/user-groups', token: adminToken, body });
const get = (id: number) => api(test.app, { url: `/api/user-groups/${id}`, token: adminToken });
const update = (id: number, body: Body) =>
  api(test.app, { method: 'PUT', url: `/api/user-groups/${id}`, token: adminToken, body });
const remove = (id: number) => api(test.app, { method: 'DELETE', url: `/api/user-groups/${id}`, token: adminToken });

/** The group's audit rows, oldest first. */
function auditOf(groupId: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'userGroup'), eq(auditLog.entityId, String(groupId))))
    .orderBy(asc(auditLog.id));
}

describe('GET /api/user-groups', () => {
  it('lists the nine seeded groups with their member and ability counts', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 1, perPage: 25, total: 9 });
    expect(data.map((group: { name: string }) => group.name)).toEqual([...seededGroupNames]);
    for (const group of data) {
      const isAdmin = group.name === 'Amministratore' || group.name === BOSS_GROUP_NAME;
      expect(group, group.name).toEqual({
        id: expect.any(Number),
        name: group.name,
        isAdmin,
        abilityCount: isAdmin
          ? allAbilities.length
          : defaultGroupAbilities[group.name as keyof typeof defaultGroupAbilities].length,
        // One demo user in every group, two in Dipendente (the till is closed by two people).
        memberCount: group.name === 'Dipendente' ? 2 : 1,
      });
    }
    expect(data[0]).toMatchObject({ id: 1, name: 'Amministratore', isAdmin: true });
  });

  it('pages', async () => {
    const response = await list('?page=2&perPage=4');
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 2, perPage: 4, total: 9 });
    expect(data.map((group: { name: string }) => group.name)).toEqual(seededGroupNames.slice(4, 8));
  });

  it('searches names case-insensitively, with % and _ taken literally', async () => {
    const response = await list('?search=DIP');
    const { data, meta } = response.json();
    expect(data.map((group: { name: string }) => group.name)).toEqual([
      'Dipendente',
      'Ex Dipendente',
      'Dipendente NO SHIFTS',
    ]);
    expect(meta.total).toBe(3);
    for (const literal of ['%25', '_']) {
      const none = (await list(`?search=${literal}`)).json();
      expect(none, literal).toEqual({ data: [], meta: { page: 1, perPage: 25, total: 0 } });
    }
  });

  it('does not count soft-deleted users as members', async () => {
    const group = await createGroup(test.db, ['shops.view']);
    await createUser(test.db, { groups: [group.id] });
    const gone = await createUser(test.db, { groups: [group.id] });
    await test.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const { data } = (await list(`?search=${encodeURIComponent(group.name)}`)).json();
    expect(data).toEqual([{ id: group.id, name: group.name, isAdmin: false, abilityCount: 1, memberCount: 1 }]);
    expect((await get(group.id)).json().data.members).toHaveLength(1);
  });
});

describe('POST /api/user-groups', () => {
  it('creates a group (201), its abilities in catalog order, and audits what it was given', async () => {
    const response = await create({
      name: '  Magazzino  ',
      permissions: ['employees.dashboard', 'shops.view', 'employees.dashboard'],
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Magazzino',
      isAdmin: false,
      abilityCount: 2,
      memberCount: 0,
      permissions: ['shops.view', 'employees.dashboard'],
      members: [],
    });
    const [row] = await test.db.select().from(userGroups).where(eq(userGroups.id, data.id));
    expect(row?.permissions).toEqual(['shops.view', 'employees.dashboard']);

    const audit = await auditOf(data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: 'userGroup.created',
      entity: 'userGroup',
      entityId: String(data.id),
      fromState: null,
      toState: 'Magazzino',
      data: { added: ['shops.view', 'employees.dashboard'], removed: [] },
    });
  });

  it('refuses a name already in use, whatever its case, with 422 on the name', async () => {
    for (const name of ['DIPENDENTE', 'dipendente', 'boss', 'Amministratore']) {
      const response = await create({ name, permissions: [] });
      expect(response.statusCode, name).toBe(422);
      expect(response.json()).toEqual({
        code: 'validation',
        message: 'Alcuni dati non sono validi: correggi i campi evidenziati.',
        errors: { name: ['Questo valore è già in uso.'] },
      });
    }
    expect((await list()).json().meta.total).toBeGreaterThanOrEqual(9);
  });

  it('refuses an unknown ability with 422 and creates nothing', async () => {
    const before = await test.db.select().from(userGroups);
    const response = await create({ name: 'Fantasia', permissions: ['shops.view', 'shops.teleport'] });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('validation');
    expect(response.json().errors).toEqual({ 'permissions.1': ['Valore non valido.'] });
    expect(await test.db.select().from(userGroups)).toHaveLength(before.length);
  });

  it('calls an empty or missing name required', async () => {
    for (const body of [{ name: '   ', permissions: [] }, { permissions: [] }]) {
      const response = await api(test.app, { method: 'POST', url: '/api/user-groups', token: adminToken, body });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ name: ['Campo obbligatorio.'] });
    }
  });
});

describe('GET /api/user-groups/:id', () => {
  it('answers the group with its abilities and members', async () => {
    const response = await get(2);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      id: 2,
      name: 'Dipendente',
      isAdmin: false,
      abilityCount: defaultGroupAbilities.Dipendente.length,
      memberCount: 2,
      permissions: expect.any(Array),
      // By surname.
      members: [
        { id: await findUserId(test.db, 'commessa'), name: 'Giulia Neri' },
        { id: await findUserId(test.db, 'dipendente'), name: 'Marco Rossi' },
      ],
    });
    expect([...data.permissions].sort()).toEqual([...defaultGroupAbilities.Dipendente].sort());
  });

  it('answers every ability for the admin groups, whatever is stored', async () => {
    for (const id of [1, bossGroupId]) {
      const { data } = (await get(id)).json();
      expect(data.isAdmin).toBe(true);
      expect(data.permissions).toEqual([...allAbilities]);
      expect(data.abilityCount).toBe(allAbilities.length);
    }
  });

  it('answers 404 notFound for an unknown id', async () => {
    const response = await get(999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'notFound', message: 'Elemento non trovato.' });
  });
});

describe('PUT /api/user-groups/:id', () => {
  it('saves a rename and a change of abilities, audited as a diff with the actor', async () => {
    const { data: created } = (
      await create({ name: 'Cassa', permissions: ['shops.view', 'shops.cashRegister.view'] })
    ).json();
    const response = await update(created.id, {
      name: 'Cassa serale',
      permissions: ['shops.cashRegister.close', 'shops.cashRegister.view'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: created.id,
      name: 'Cassa serale',
      abilityCount: 2,
      permissions: ['shops.cashRegister.view', 'shops.cashRegister.close'],
    });
    const [, renamed] = await auditOf(created.id);
    expect(renamed).toMatchObject({
      actorId: adminId,
      action: 'userGroup.updated',
      fromState: 'Cassa',
      toState: 'Cassa serale',
      data: { added: ['shops.cashRegister.close'], removed: ['shops.view'] },
    });

    // Abilities only: no states.
    await update(created.id, { name: 'Cassa serale', permissions: ['shops.cashRegister.close'] });
    const [, , narrowed] = await auditOf(created.id);
    expect(narrowed).toMatchObject({
      actorId: adminId,
      action: 'userGroup.updated',
      fromState: null,
      toState: null,
      data: { added: [], removed: ['shops.cashRegister.view'] },
    });
  });

  it('writes no audit row when nothing changed', async () => {
    const { data: created } = (
      await create({ name: 'Invariato', permissions: ['shops.view', 'employees.dashboard'] })
    ).json();
    const response = await update(created.id, {
      name: 'Invariato',
      permissions: ['employees.dashboard', 'shops.view', 'shops.view'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.permissions).toEqual(['shops.view', 'employees.dashboard']);
    expect((await auditOf(created.id)).map((row) => row.action)).toEqual(['userGroup.created']);
  });

  it('refuses a name another group uses, BOSS included, with 422 unique', async () => {
    const { data: created } = (await create({ name: 'Rinominabile', permissions: [] })).json();
    for (const name of ['boss', 'Boss', 'EX DIPENDENTE', 'Magazzino']) {
      const response = await update(created.id, { name, permissions: [] });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors, name).toEqual({ name: ['Questo valore è già in uso.'] });
    }
    // Its own name in another case is not "taken".
    expect((await update(created.id, { name: 'RINOMINABILE', permissions: [] })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown group and 422 for an unknown ability', async () => {
    expect((await update(999_999, { name: 'Nessuno', permissions: [] })).statusCode).toBe(404);
    const response = await update(2, { name: 'Dipendente', permissions: ['employees.everything'] });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['permissions.0']);
  });

  it('applies to a member on their next request, without signing in again', async () => {
    const group = await createGroup(test.db, ['employees.dashboard', 'employees.userGroups.list']);
    const member = await createUser(test.db, { groups: [group.id] });
    const token = await signIn(test.app, member.username);
    const can = async () => (await api(test.app, { url: '/api/auth/user', token })).json().data.can;
    expect(await can()).toEqual(['employees.dashboard', 'employees.userGroups.list']);
    expect((await api(test.app, { url: '/api/user-groups', token })).statusCode).toBe(200);

    expect((await update(group.id, { name: group.name, permissions: ['employees.dashboard'] })).statusCode).toBe(200);
    expect(await can()).toEqual(['employees.dashboard']);
    const refused = await api(test.app, { url: '/api/user-groups', token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');

    await update(group.id, { name: group.name, permissions: ['employees.dashboard', 'employees.userGroups.list'] });
    expect((await api(test.app, { url: '/api/user-groups', token })).statusCode).toBe(200);
  });
});

describe('DELETE /api/user-groups/:id', () => {
  it('refuses a group with members (409 groupHasMembers with the count), then deletes it once empty', async () => {
    const { data: created } = (await create({ name: 'Stagionali', permissions: ['shops.view'] })).json();
    await createUser(test.db, { groups: [created.id] });
    await createUser(test.db, { groups: [created.id] });

    const refused = await remove(created.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('groupHasMembers');
    expect(refused.json().message).toContain('(2)');
    expect((await get(created.id)).statusCode).toBe(200);

    await test.db.delete(userGroupMembers).where(eq(userGroupMembers.groupId, created.id));
    const response = await remove(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });
    expect((await get(created.id)).statusCode).toBe(404);
    expect((await remove(created.id)).statusCode).toBe(404);

    const audit = await auditOf(created.id);
    expect(audit.map((row) => row.action)).toEqual(['userGroup.created', 'userGroup.deleted']);
    expect(audit[1]).toMatchObject({
      actorId: adminId,
      fromState: 'Stagionali',
      toState: null,
      data: { removed: ['shops.view'] },
    });
  });
});

describe('the admin groups (id 1 and BOSS)', () => {
  it('cannot be renamed, narrowed or deleted: 409 adminGroupProtected', async () => {
    for (const id of [1, bossGroupId]) {
      const { data: before } = (await get(id)).json();
      const attempts = [
        () => update(id, { name: `${before.name} 2`, permissions: [...allAbilities] }),
        () => update(id, { name: before.name.toLowerCase(), permissions: [...allAbilities] }),
        () => update(id, { name: before.name, permissions: allAbilities.slice(1) }),
        () => update(id, { name: before.name, permissions: ['shops.view'] }),
        () => update(id, { name: before.name, permissions: [] }),
        () => remove(id),
      ];
      for (const [index, attempt] of attempts.entries()) {
        const response = await attempt();
        expect(response.statusCode, `${before.name} attempt ${index}`).toBe(409);
        expect(response.json().code).toBe('adminGroupProtected');
      }
      expect((await get(id)).json().data).toEqual(before);
      expect(await auditOf(id)).toEqual([]);
    }
  });

  it('accepts a save that changes nothing, and audits nothing', async () => {
    for (const id of [1, bossGroupId]) {
      const { data: before } = (await get(id)).json();
      const response = await update(id, { name: before.name, permissions: before.permissions });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(before);
      expect(await auditOf(id)).toEqual([]);
    }
  });

  it('keeps their members admins', async () => {
    const token = await signIn(test.app, 'boss');
    const { data } = (await api(test.app, { url: '/api/auth/user', token })).json();
    expect(data.can).toHaveLength(allAbilities.length);
  });
});

describe('notifications of a group', () => {
  const url = (id: number) => `/api/user-groups/${id}/notifications`;
  const put = (id: number, events: unknown) =>
    api(test.app, { method: 'PUT', url: url(id), token: adminToken, body: { events } });

  it('lists all 28 events with their channels, none at first', async () => {
    const group = await createGroup(test.db, []);
    const response = await api(test.app, { url: url(group.id), token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(notificationEvents).toHaveLength(28);
    expect(response.json()).toEqual({
      data: { events: notificationEvents.map((event) => ({ event, channels: [] })) },
    });
    expect((await api(test.app, { url: url(999_999), token: adminToken })).statusCode).toBe(404);
  });

  it('saves channels in the order email, web, telegram, and audits only what changed', async () => {
    const group = await createGroup(test.db, []);
    const first = await put(group.id, [
      { event: 'adminNotifications.weekCreated', channels: ['telegram', 'email', 'web', 'email'] },
      { event: 'shifts.notifications.lateStart', channels: ['web'] },
    ]);
    expect(first.statusCode).toBe(200);
    const channelsOf = (events: { event: string; channels: string[] }[]) =>
      Object.fromEntries(events.filter((entry) => entry.channels.length > 0).map((e) => [e.event, e.channels]));
    expect(first.json().data.events).toHaveLength(28);
    expect(channelsOf(first.json().data.events)).toEqual({
      'adminNotifications.weekCreated': ['email', 'web', 'telegram'],
      'shifts.notifications.lateStart': ['web'],
    });
    const stored = await api(test.app, { url: url(group.id), token: adminToken });
    expect(stored.json()).toEqual(first.json());

    let audit = await auditOf(group.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: 'userGroup.notificationsUpdated',
      data: {
        changes: {
          'adminNotifications.weekCreated': { from: [], to: ['email', 'web', 'telegram'] },
          'shifts.notifications.lateStart': { from: [], to: ['web'] },
        },
      },
    });

    // The same channels again, in another order: nothing changes, nothing is audited.
    await put(group.id, [{ event: 'adminNotifications.weekCreated', channels: ['web', 'telegram', 'email'] }]);
    expect(await auditOf(group.id)).toHaveLength(1);

    // Only lateStart changes; events left out keep their channels.
    const second = await put(group.id, [
      { event: 'adminNotifications.weekCreated', channels: ['email', 'web', 'telegram'] },
      { event: 'shifts.notifications.lateStart', channels: ['telegram'] },
    ]);
    expect(channelsOf(second.json().data.events)).toEqual({
      'adminNotifications.weekCreated': ['email', 'web', 'telegram'],
      'shifts.notifications.lateStart': ['telegram'],
    });
    audit = await auditOf(group.id);
    expect(audit).toHaveLength(2);
    expect(audit[1]?.data).toEqual({
      changes: { 'shifts.notifications.lateStart': { from: ['web'], to: ['telegram'] } },
    });
    const third = await put(group.id, []);
    expect(channelsOf(third.json().data.events)).toEqual(channelsOf(second.json().data.events));
    expect(await auditOf(group.id)).toHaveLength(2);
  });

  it('refuses an unknown event or channel with 422', async () => {
    const group = await createGroup(test.db, []);
    for (const events of [
      [{ event: 'shifts.notifications.partyStarted', channels: ['email'] }],
      [{ event: 'adminNotifications.weekCreated', channels: ['sms'] }],
      [{ event: 'adminNotifications.weekCreated' }],
    ]) {
      const response = await put(group.id, events);
      expect(response.statusCode, JSON.stringify(events)).toBe(422);
      expect(response.json().code).toBe('validation');
    }
    expect(await auditOf(group.id)).toEqual([]);
  });
});

describe('GET /api/user-groups/:id/history', () => {
  it('answers the audit entries newest first, with the actor’s name, paginated', async () => {
    const { data: created } = (await create({ name: 'Storico', permissions: ['shops.view'] })).json();
    await update(created.id, { name: 'Storico 2', permissions: ['shops.view'] });
    await update(created.id, { name: 'Storico 2', permissions: ['shops.view', 'shifts.view'] });
    await api(test.app, {
      method: 'PUT',
      url: `/api/user-groups/${created.id}/notifications`,
      token: adminToken,
      body: { events: [{ event: 'shifts.notifications.notStarted', channels: ['email'] }] },
    });
    // Another group's entries stay out.
    await create({ name: 'Altro storico', permissions: [] });

    const history = (query = '') =>
      api(test.app, { url: `/api/user-groups/${created.id}/history${query}`, token: adminToken });
    const response = await history();
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 1, perPage: 25, total: 4 });
    expect(data.map((entry: { action: string }) => entry.action)).toEqual([
      'userGroup.notificationsUpdated',
      'userGroup.updated',
      'userGroup.updated',
      'userGroup.created',
    ]);
    for (const entry of data) expect(entry.actor).toBe('Alessandra Ferri');
    const instants = data.map((entry: { at: string }) => Date.parse(entry.at));
    expect([...instants].sort((a, b) => b - a)).toEqual(instants);
    expect(data[1]).toMatchObject({ fromState: null, toState: null, data: { added: ['shifts.view'], removed: [] } });
    expect(data[2]).toMatchObject({ fromState: 'Storico', toState: 'Storico 2', data: { added: [], removed: [] } });
    expect(data[3]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: 'Alessandra Ferri',
      action: 'userGroup.created',
      fromState: null,
      toState: 'Storico',
      data: { added: ['shops.view'], removed: [] },
    });

    const page = (await history('?page=2&perPage=3')).json();
    expect(page.meta).toEqual({ page: 2, perPage: 3, total: 4 });
    expect(page.data).toEqual([data[3]]);
  });
});
