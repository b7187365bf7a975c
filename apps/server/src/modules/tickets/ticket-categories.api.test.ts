// The ticket categories: a tree of parents and leaves, ordered under each parent, with who handles each; no cycles,
// no parent turned leaf while it holds categories, none deleted while it holds categories or tickets; every change
// audited; each route refused without its ability.
import type { TicketCategory, TicketCategoryBody } from '@bottega/contracts/tickets';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUser,
  createUserWithAbilities,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { tickets } from './tickets.schema';

let test: TestApp;
/** Luca Gallo, group Ticket: every tickets ability. */
let ticketToken: string;
let counter = 0;

beforeAll(async () => {
  test = await createTestApp();
  ticketToken = await signIn(test.app, 'ticket');
});
afterAll(() => test?.close());

/** A name no other test (nor the demo data) uses. */
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix} ${counter}`;
};

function save(body: TicketCategoryBody, options: { id?: number; token?: string } = {}) {
  return api(test.app, {
    method: options.id ? 'PUT' : 'POST',
    url: options.id ? `/api/ticket-categories/${options.id}` : '/api/ticket-categories',
    token: options.token ?? ticketToken,
    body,
  });
}

async function created(body: TicketCategoryBody): Promise<TicketCategory> {
  const response = await save(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function tree(): Promise<TicketCategory[]> {
  const response = await api(test.app, { url: '/api/ticket-categories', token: ticketToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function auditOf(id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'ticketCategory'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

describe('the category tree', () => {
  it('lists parents followed by their categories in order, with depth and path, and audits the creation', async () => {
    const parent = await created({ name: unique('Informatica'), isParent: true });
    const till = await created({ name: '  Cassa  ', parentId: parent.id });
    const network = await created({ name: 'Rete', parentId: parent.id });
    expect(till).toMatchObject({ name: 'Cassa', parentId: parent.id, isParent: false, position: 1, depth: 1 });
    expect(till.path).toEqual([parent.name, 'Cassa']);
    expect(network.position).toBe(2);

    const all = await tree();
    const at = all.findIndex((category) => category.id === parent.id);
    expect(all.slice(at, at + 3).map((category) => category.id)).toEqual([parent.id, till.id, network.id]);
    expect(await auditOf(till.id)).toMatchObject([{ action: 'ticketCategory.created', toState: 'leaf' }]);
  });

  it('keeps names unique under a parent and takes only a parent category as parent', async () => {
    const parent = await created({ name: unique('Logistica'), isParent: true });
    const leaf = await created({ name: 'Consegne', parentId: parent.id });
    const again = await save({ name: 'CONSEGNE', parentId: parent.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ticketCategoryExists');
    const underLeaf = await save({ name: 'Ritardi', parentId: leaf.id });
    expect(underLeaf.statusCode).toBe(422);
    expect(underLeaf.json().code).toBe('ticketCategoryParentInvalid');
    expect((await save({ name: 'Ritardi', parentId: 999_999 })).json().code).toBe('ticketCategoryParentInvalid');
  });

  it('refuses names that are empty, too long, or hold NUL or a lone surrogate', async () => {
    for (const name of ['   ', 'x'.repeat(101), 'a\u0000b', 'a\ud800b']) {
      const response = await save({ name });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors.name).toBeDefined();
    }
  });

  it('renames and moves a category, never under itself or below it', async () => {
    const top = await created({ name: unique('Personale'), isParent: true });
    const middle = await created({ name: 'Contratti', parentId: top.id, isParent: true });
    const leaf = await created({ name: 'Buste paga', parentId: middle.id });
    const other = await created({ name: unique('Amministrazione'), isParent: true });

    const cycle = await save({ name: top.name, isParent: true, parentId: middle.id }, { id: top.id });
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().code).toBe('ticketCategoryCycle');
    expect((await save({ name: top.name, isParent: true, parentId: top.id }, { id: top.id })).json().code).toBe(
      'ticketCategoryCycle',
    );

    const moved = await save({ name: 'Cedolini', parentId: other.id }, { id: leaf.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ name: 'Cedolini', parentId: other.id, depth: 1, position: 1 });
    expect((await auditOf(leaf.id)).map((entry) => entry.action)).toEqual([
      'ticketCategory.created',
      'ticketCategory.moved',
    ]);

    const renamed = await save({ name: 'Contratti e assunzioni', parentId: top.id, isParent: true }, { id: middle.id });
    expect(renamed.json().data.name).toBe('Contratti e assunzioni');
    expect((await auditOf(middle.id)).at(-1)?.action).toBe('ticketCategory.changed');
    expect((await save({ name: 'x', isParent: true }, { id: 999_999 })).statusCode).toBe(404);
  });

  it('keeps a parent with categories a parent and a leaf with tickets a leaf, saying how many', async () => {
    const parent = await created({ name: unique('Negozio'), isParent: true });
    const leaf = await created({ name: 'Vetrine', parentId: parent.id });
    const toLeaf = await save({ name: parent.name, isParent: false }, { id: parent.id });
    expect(toLeaf.statusCode).toBe(409);
    expect(toLeaf.json()).toMatchObject({ code: 'ticketCategoryHasChildren', message: expect.stringContaining('1') });

    await test.db.insert(tickets).values([
      { subject: 'Vetrina rotta', shopId: await findShopId(test.db, 'MI01'), categoryId: leaf.id },
      { subject: 'Luci', shopId: await findShopId(test.db, 'MI01'), categoryId: leaf.id, state: 'closed' },
    ]);
    const toParent = await save({ name: 'Vetrine', parentId: parent.id, isParent: true }, { id: leaf.id });
    expect(toParent.statusCode).toBe(409);
    expect(toParent.json()).toMatchObject({ code: 'ticketCategoryHasTickets', message: expect.stringContaining('2') });

    const deleteLeaf = await api(test.app, {
      method: 'DELETE',
      url: `/api/ticket-categories/${leaf.id}`,
      token: ticketToken,
    });
    expect(deleteLeaf.statusCode).toBe(409);
    expect(deleteLeaf.json().code).toBe('ticketCategoryHasTickets');
    const deleteParent = await api(test.app, {
      method: 'DELETE',
      url: `/api/ticket-categories/${parent.id}`,
      token: ticketToken,
    });
    expect(deleteParent.json().code).toBe('ticketCategoryHasChildren');
  });

  it('deletes an empty category (gone from the tree, audited)', async () => {
    const leaf = await created({ name: unique('Varie') });
    const response = await api(test.app, {
      method: 'DELETE',
      url: `/api/ticket-categories/${leaf.id}`,
      token: ticketToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await tree()).some((category) => category.id === leaf.id)).toBe(false);
    expect((await auditOf(leaf.id)).at(-1)).toMatchObject({ action: 'ticketCategory.deleted', toState: 'deleted' });
    const again = await api(test.app, {
      method: 'DELETE',
      url: `/api/ticket-categories/${leaf.id}`,
      token: ticketToken,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('the order of a parent’s categories', () => {
  it('is saved when the list holds every one of them once, and refused when it changed meanwhile', async () => {
    const parent = await created({ name: unique('Ordine'), isParent: true });
    const [a, b, c] = [
      await created({ name: 'A', parentId: parent.id }),
      await created({ name: 'B', parentId: parent.id }),
      await created({ name: 'C', parentId: parent.id }),
    ] as [TicketCategory, TicketCategory, TicketCategory];
    const order = (ids: number[], parentId: number | null = parent.id) =>
      api(test.app, {
        method: 'POST',
        url: '/api/ticket-categories/order',
        token: ticketToken,
        body: { parentId, ids },
      });

    const saved = await order([c.id, a.id, b.id]);
    expect(saved.statusCode, saved.body).toBe(200);
    const children = (saved.json().data as TicketCategory[]).filter((category) => category.parentId === parent.id);
    expect(children.map((category) => [category.name, category.position])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    expect((await auditOf(parent.id)).at(-1)).toMatchObject({
      action: 'ticketCategory.reordered',
      data: { from: [a.id, b.id, c.id], to: [c.id, a.id, b.id] },
    });

    expect((await order([c.id, a.id])).json().code).toBe('ticketCategoryOrderStale');
    expect((await order([c.id, a.id, b.id, 999_999])).json().code).toBe('ticketCategoryOrderStale');
    expect((await order([a.id, a.id, b.id])).statusCode).toBe(422);
    expect((await order([a.id], a.id)).statusCode).toBe(404);
  });
});

describe('assignees', () => {
  it('are people who may handle assigned tickets, replaced as a whole and audited', async () => {
    const leaf = await created({ name: unique('Assegnata') });
    const ticketUser = await findUserId(test.db, 'ticket');
    const developer = await findUserId(test.db, 'developer');
    const shopStaff = await findUserId(test.db, 'dipendente');

    const candidates = await api(test.app, { url: '/api/ticket-categories/assignable-users', token: ticketToken });
    const ids = (candidates.json().data as { id: number }[]).map((person) => person.id);
    expect(ids).toEqual(expect.arrayContaining([ticketUser, developer, await findUserId(test.db, 'admin')]));
    expect(ids).not.toContain(shopStaff);

    const url = `/api/ticket-categories/${leaf.id}/assignees`;
    const assigned = await api(test.app, {
      method: 'PUT',
      url,
      token: ticketToken,
      body: { userIds: [developer, ticketUser] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.assignees.map((person: { name: string }) => person.name)).toEqual([
      'Sara Conti',
      'Luca Gallo',
    ]);
    const refused = await api(test.app, { method: 'PUT', url, token: ticketToken, body: { userIds: [shopStaff] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('ticketAssigneeNotAllowed');
    const withoutAbilities = await createUser(test.db, { groups: [] });
    expect(
      (await api(test.app, { method: 'PUT', url, token: ticketToken, body: { userIds: [withoutAbilities.id] } }))
        .statusCode,
    ).toBe(422);

    const cleared = await api(test.app, { method: 'PUT', url, token: ticketToken, body: { userIds: [] } });
    expect(cleared.json().data.assignees).toEqual([]);
    expect((await auditOf(leaf.id)).slice(-2).map((entry) => entry.data)).toEqual([
      { from: [], to: [developer, ticketUser] },
      { from: [ticketUser, developer].sort((x, y) => x - y), to: [] },
    ]);
  });
});

describe('abilities', () => {
  it('refuse each route to who lacks its ability', async () => {
    const parent = await created({ name: unique('Permessi'), isParent: true });
    const calls = [
      { ability: 'tickets.manage.categories.list', method: 'GET', url: '/api/ticket-categories' },
      { ability: 'tickets.manage.categories.add', method: 'POST', url: '/api/ticket-categories', body: { name: 'X' } },
      {
        ability: 'tickets.manage.categories.edit',
        method: 'PUT',
        url: `/api/ticket-categories/${parent.id}`,
        body: { name: 'Y', isParent: true },
      },
      {
        ability: 'tickets.manage.categories.edit',
        method: 'POST',
        url: '/api/ticket-categories/order',
        body: { parentId: null, ids: [parent.id] },
      },
      { ability: 'tickets.manage.categories.assign', method: 'GET', url: '/api/ticket-categories/assignable-users' },
      {
        ability: 'tickets.manage.categories.assign',
        method: 'PUT',
        url: `/api/ticket-categories/${parent.id}/assignees`,
        body: { userIds: [] },
      },
      { ability: 'tickets.manage.categories.delete', method: 'DELETE', url: `/api/ticket-categories/${parent.id}` },
    ] as const;
    // Shop staff hold every general tickets ability and none of the categories'.
    const staffToken = await signIn(test.app, 'dipendente');
    for (const call of calls) {
      const refused = await api(test.app, { ...call, token: staffToken });
      expect(refused.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    const lister = await createUserWithAbilities(test.db, ['tickets.manage.categories.list']);
    const listerToken = await signIn(test.app, lister.username);
    expect((await api(test.app, { url: '/api/ticket-categories', token: listerToken })).statusCode).toBe(200);
    expect((await save({ name: 'Z' }, { token: listerToken })).statusCode).toBe(403);
  });
});
