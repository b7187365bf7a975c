import { notificationCreatedEvent, userChannel } from '@bottega/contracts/notifications';
import { notificationEvents } from '@bottega/contracts/permissions';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  connectSocket,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
  testAppKey,
} from '../../../test/harness';
import { telegramLinks } from '../../integrations/telegram/telegram.schema';
import { channelGrant } from '../../platform/realtime';
import { writeWebNotifications } from '../../platform/web-notifications';
import { userGroupNotifications, userGroups } from '../user-groups/user-groups.schema';
import { notifications } from './notifications.schema';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());

/** POST /api/broadcasting/auth as the web calls it. */
const authorize = (token: string, socketId: string, channelName: string) =>
  api(test.app, { method: 'POST', url: '/api/broadcasting/auth', token, body: { socketId, channelName } });

type Listed = { id: number; kind: string; params: Record<string, unknown>; readAt: string | null };

/** Web notifications for one person, written as notify() writes them. */
async function tell(userId: number, entries: { kind: string; params?: Record<string, string | number> }[]) {
  await writeWebNotifications(
    test.db,
    entries.map((entry) => ({ userId, kind: entry.kind, params: entry.params ?? {}, link: null })),
  );
  const rows = await test.db.select().from(notifications).where(eq(notifications.userId, userId));
  // A second apart in the order written, so "newest first" has one answer however fast the rows were written.
  const base = Date.now() - 1000 * rows.length;
  for (const [index, row] of rows.sort((a, b) => a.id - b.id).entries()) {
    await test.db
      .update(notifications)
      .set({ createdAt: new Date(base + index * 1000) })
      .where(eq(notifications.id, row.id));
  }
}

describe('GET /api/notifications', () => {
  it('pages through the person’s own notifications, newest first', async () => {
    const userId = await findUserId(test.db, 'ticket');
    const otherId = await findUserId(test.db, 'noshifts');
    await tell(
      userId,
      [1, 2, 3].map((week) => ({ kind: 'cashRegister.weeklyCashDue', params: { shop: 'Milano', week } })),
    );
    await tell(otherId, [{ kind: 'adminNotifications.rankingLoaded', params: { name: 'secret' } }]);
    const token = await signIn(test.app, 'ticket');

    const first = await api(test.app, { url: '/api/notifications?page=1&perPage=3', token });
    expect(first.statusCode).toBe(200);
    const firstPage = first.json();
    expect(firstPage.meta).toEqual({ page: 1, perPage: 3, total: 4, unread: 4 });
    expect(firstPage.data.map((item: Listed) => item.params.week)).toEqual([3, 2, 1]);
    expect(firstPage.data[0]).toEqual({
      id: expect.any(Number),
      kind: 'cashRegister.weeklyCashDue',
      params: { shop: 'Milano', week: 3 },
      link: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      readAt: null,
    });

    const second = (await api(test.app, { url: '/api/notifications?page=2&perPage=3', token })).json();
    expect(second.meta).toEqual({ page: 2, perPage: 3, total: 4, unread: 4 });
    // The demo's welcome links to the profile.
    expect(second.data).toEqual([
      expect.objectContaining({ kind: 'welcome', params: { name: 'Luca' }, link: '/app/user' }),
    ]);

    const beyond = (await api(test.app, { url: '/api/notifications?page=3&perPage=3', token })).json();
    expect(beyond).toEqual({ data: [], meta: { page: 3, perPage: 3, total: 4, unread: 4 } });

    const defaults = (await api(test.app, { url: '/api/notifications', token })).json();
    expect(defaults.meta).toEqual({ page: 1, perPage: 25, total: 4, unread: 4 });
    expect(defaults.data.map((item: Listed) => item.params.name)).not.toContain('secret');
  });

  it('filters by kind and by unread, the flag still counting every unread one', async () => {
    const userId = await findUserId(test.db, 'contabilita');
    await tell(userId, [
      { kind: 'adminNotifications.bankFileUploaded', params: { name: 'a.csv' } },
      { kind: 'adminNotifications.rankingLoaded', params: { name: 'Settembre' } },
      { kind: 'adminNotifications.bankFileUploaded', params: { name: 'b.csv' } },
    ]);
    const token = await signIn(test.app, 'contabilita');
    const [oldest] = (
      await api(test.app, { url: '/api/notifications?kind=adminNotifications.bankFileUploaded', token })
    )
      .json()
      .data.slice(-1);
    await api(test.app, { method: 'POST', url: `/api/notifications/${oldest.id}/read`, token });

    const byKind = (
      await api(test.app, { url: '/api/notifications?kind=adminNotifications.bankFileUploaded', token })
    ).json();
    expect(byKind.data.map((item: Listed) => item.params.name)).toEqual(['b.csv', 'a.csv']);
    expect(byKind.meta).toEqual({ page: 1, perPage: 25, total: 2, unread: 3 });

    const unread = (
      await api(test.app, { url: '/api/notifications?kind=adminNotifications.bankFileUploaded&unreadOnly=true', token })
    ).json();
    expect(unread.data.map((item: Listed) => item.params.name)).toEqual(['b.csv']);
    expect(unread.meta).toMatchObject({ total: 1, unread: 3 });

    const welcome = (await api(test.app, { url: '/api/notifications?kind=welcome', token })).json();
    expect(welcome.data.map((item: Listed) => item.kind)).toEqual(['welcome']);
  });

  it('refuses a kind that is neither an event nor the platform’s own with 422', async () => {
    const token = await signIn(test.app, 'contabilita');
    for (const query of ['kind=secret.for.someone.else', 'kind=', 'unreadFirst=perhaps', 'unreadOnly=2']) {
      const response = await api(test.app, { url: `/api/notifications?${query}`, token });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('validation');
    }
  });

  it('puts the unread ones first when asked, each part newest first', async () => {
    const userId = await findUserId(test.db, 'areacontrollo');
    await tell(
      userId,
      ['A', 'B', 'C', 'D'].map((name) => ({ kind: 'adminNotifications.rankingLoaded', params: { name } })),
    );
    const token = await signIn(test.app, 'areacontrollo');
    const listed = (await api(test.app, { url: '/api/notifications', token })).json().data as Listed[];
    const nameOf = (item: Listed) => (item.kind === 'welcome' ? 'welcome' : item.params.name);
    const byName = new Map(listed.map((item) => [nameOf(item), item.id]));
    for (const name of ['D', 'B']) {
      await api(test.app, { method: 'POST', url: `/api/notifications/${byName.get(name)}/read`, token });
    }

    const newest = (await api(test.app, { url: '/api/notifications', token })).json().data as Listed[];
    expect(newest.map(nameOf)).toEqual(['D', 'C', 'B', 'A', 'welcome']);
    const drawer = (await api(test.app, { url: '/api/notifications?unreadFirst=true&perPage=3', token })).json();
    expect(drawer.data.map(nameOf)).toEqual(['C', 'A', 'welcome']);
    const rest = (await api(test.app, { url: '/api/notifications?unreadFirst=true&perPage=3&page=2', token })).json();
    expect(rest.data.map((item: Listed) => item.params.name)).toEqual(['D', 'B']);
    expect(rest.meta).toEqual({ page: 2, perPage: 3, total: 5, unread: 3 });
  });

  it('needs a session', async () => {
    const response = await api(test.app, { url: '/api/notifications' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('marks one of the person’s notifications read, keeping the first reading', async () => {
    const userId = await findUserId(test.db, 'boss');
    await tell(userId, [{ kind: 'adminNotifications.weekCreated', params: { shop: 'Torino', week: '2026-W47' } }]);
    const token = await signIn(test.app, 'boss');
    const [latest] = (await api(test.app, { url: '/api/notifications', token })).json().data as Listed[];

    const response = await api(test.app, { method: 'POST', url: `/api/notifications/${latest?.id}/read`, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { unread: 1 } });
    const [read] = (await api(test.app, { url: '/api/notifications', token })).json().data as Listed[];
    expect(read?.readAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));

    const again = await api(test.app, { method: 'POST', url: `/api/notifications/${latest?.id}/read`, token });
    expect(again.json()).toEqual({ data: { unread: 1 } });
    const [still] = (await api(test.app, { url: '/api/notifications', token })).json().data as Listed[];
    expect(still?.readAt).toBe(read?.readAt);
  });

  it('answers 404 for someone else’s notification, as for one that does not exist, and leaves it unread', async () => {
    const ownerId = await findUserId(test.db, 'exdipendente');
    await tell(ownerId, [{ kind: 'adminNotifications.rankingLoaded', params: { name: 'private' } }]);
    const [theirs] = await test.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    const token = await signIn(test.app, 'boss');

    const other = await api(test.app, { method: 'POST', url: `/api/notifications/${theirs?.id}/read`, token });
    const missing = await api(test.app, { method: 'POST', url: '/api/notifications/999999999/read', token });
    for (const response of [other, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('notFound');
    }
    expect(other.body).toBe(missing.body);
    const [after] = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, theirs?.id as number));
    expect(after?.readAt).toBeNull();

    expect((await api(test.app, { method: 'POST', url: '/api/notifications/abc/read', token })).statusCode).toBe(422);
    expect((await api(test.app, { method: 'POST', url: `/api/notifications/${theirs?.id}/read` })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/notifications/read', () => {
  it('marks all the person’s notifications read, and nobody else’s', async () => {
    const token = await signIn(test.app, 'developer');
    const userId = await findUserId(test.db, 'developer');
    await tell(userId, [{ kind: 'adminNotifications.workingHoursGenerated', params: { month: '2026-10' } }]);
    expect((await api(test.app, { url: '/api/notifications', token })).json().meta.unread).toBe(2);

    const response = await api(test.app, { method: 'POST', url: '/api/notifications/read', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { unread: 0 } });

    const after = (await api(test.app, { url: '/api/notifications', token })).json();
    expect(after.meta).toMatchObject({ total: 2, unread: 0 });
    for (const item of after.data) expect(item.readAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));

    const other = await signIn(test.app, 'commessa');
    expect((await api(test.app, { url: '/api/notifications', token: other })).json().meta.unread).toBe(1);
  });
});

describe('GET /api/notifications/kinds', () => {
  it('lists the kinds the person has, once each, in the catalog’s order', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.dashboard']);
    await tell(user.id, [
      { kind: 'telegramUnlinked', params: { reason: 'blocked' } },
      { kind: 'shifts.notifications.lateStart', params: { shop: 'Milano', employee: 'Anna', time: '09:20' } },
      { kind: 'adminNotifications.payslipBlacklist', params: { employee: 'Anna', month: '2026-10' } },
      { kind: 'shifts.notifications.lateStart', params: { shop: 'Milano', employee: 'Bea', time: '09:25' } },
      // A kind no longer known stays listed but is no filter's choice.
      { kind: 'retired.kind' },
    ]);
    const token = await signIn(test.app, user.username);
    const response = await api(test.app, { url: '/api/notifications/kinds', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: ['adminNotifications.payslipBlacklist', 'shifts.notifications.lateStart', 'telegramUnlinked'],
    });

    const none = await createUserWithAbilities(test.db, ['employees.dashboard']);
    const noneToken = await signIn(test.app, none.username);
    expect((await api(test.app, { url: '/api/notifications/kinds', token: noneToken })).json()).toEqual({ data: [] });
    expect((await api(test.app, { url: '/api/notifications/kinds' })).statusCode).toBe(401);
  });
});

describe('GET /api/notifications/preferences', () => {
  it('shows a shop assistant the events their group holds, its channels, read-only', async () => {
    const [group] = await test.db.select().from(userGroups).where(eq(userGroups.name, 'Dipendente'));
    const groupId = group?.id as number;
    // The group's choices replace what it heard out of the box (web for every event it may receive).
    await test.db.delete(userGroupNotifications).where(eq(userGroupNotifications.groupId, groupId));
    await test.db.insert(userGroupNotifications).values([
      { groupId, event: 'cashRegister.awaitingConfirmation', channels: ['web', 'telegram'] },
      { groupId, event: 'cashRegister.weeklyCashDue', channels: ['email'] },
      // Chosen for the group, but its members do not hold the event's ability: they are not told of it.
      { groupId, event: 'adminNotifications.rankingLoaded', channels: ['web'] },
    ]);
    const token = await signIn(test.app, 'commessa');
    const response = await api(test.app, { url: '/api/notifications/preferences', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        events: [
          { event: 'cashRegister.awaitingConfirmation', channels: ['web', 'telegram'] },
          { event: 'cashRegister.fiscalCloseMissing', channels: [] },
          { event: 'cashRegister.weeklyCashDue', channels: ['email'] },
          // Their own payslips, tax certificates and weeks of shifts: nothing chosen any more.
          { event: 'payslips.available', channels: [] },
          { event: 'taxCertificates.available', channels: [] },
          { event: 'shifts.weekSent', channels: [] },
          { event: 'shifts.weekRectified', channels: [] },
          { event: 'budgets.sent', channels: [] },
          { event: 'tickets.answered', channels: [] },
        ],
        groups: [{ id: groupId, name: 'Dipendente' }],
        mayEdit: false,
        telegramLinked: false,
      },
    });

    await test.db
      .insert(telegramLinks)
      .values({ userId: await findUserId(test.db, 'commessa'), chatId: '424242', chatName: 'Giulia' });
    const linked = (await api(test.app, { url: '/api/notifications/preferences', token })).json();
    expect(linked.data.telegramLinked).toBe(true);
  });

  it('shows an administrator every event, the union of their groups’ channels, and that they may edit them', async () => {
    const [admin] = await test.db.select().from(userGroups).where(eq(userGroups.name, 'Amministratore'));
    await test.db.delete(userGroupNotifications).where(eq(userGroupNotifications.groupId, admin?.id as number));
    await test.db
      .insert(userGroupNotifications)
      .values([
        { groupId: admin?.id as number, event: 'adminNotifications.reportsConvalidated', channels: ['email', 'web'] },
      ]);
    const token = await signIn(test.app, 'admin');
    const { data } = (await api(test.app, { url: '/api/notifications/preferences', token })).json();
    expect(data.events.map((entry: { event: string }) => entry.event)).toEqual(notificationEvents);
    expect(data.events).toContainEqual({ event: 'adminNotifications.reportsConvalidated', channels: ['email', 'web'] });
    expect(data).toMatchObject({ mayEdit: true, telegramLinked: false, groups: [{ name: 'Amministratore' }] });
  });

  it('needs a session', async () => {
    expect((await api(test.app, { url: '/api/notifications/preferences' })).statusCode).toBe(401);
  });
});

describe('POST /api/broadcasting/auth', () => {
  it('grants the user’s own channel and the chosen shop’s channel, signed for that socket', async () => {
    const token = await signIn(test.app, 'dipendente');
    const userId = await findUserId(test.db, 'dipendente');
    const ownChannel = userChannel(userId);
    const own = await authorize(token, 'socket-1', ownChannel);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ data: { auth: channelGrant(testAppKey, 'socket-1', ownChannel) } });

    const shopChannel = `private-shop.${await findShopId(test.db, 'MI01')}`;
    expect((await authorize(token, 'socket-1', shopChannel)).statusCode).toBe(403);
    await chooseShop(test.app, token, 'MI01');
    const shop = await authorize(token, 'socket-1', shopChannel);
    expect(shop.statusCode).toBe(200);
    expect(shop.json().data.auth).toBe(channelGrant(testAppKey, 'socket-1', shopChannel));
  });

  it('refuses another user’s channel, another shop’s channel and unknown channels with 403', async () => {
    const token = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, token, 'MI01');
    const channels = [
      userChannel(await findUserId(test.db, 'admin')),
      `private-shop.${await findShopId(test.db, 'MI02')}`,
      `private-shop.${await findShopId(test.db, 'TO01')}`,
      'presence-everyone',
    ];
    for (const channel of channels) {
      const response = await authorize(token, 'socket-1', channel);
      expect(response.statusCode, channel).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
  });

  it('needs a session', async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/broadcasting/auth',
      body: { socketId: 'socket-1', channelName: 'private-user.1' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('realtime', () => {
  let socket: Socket | undefined;
  afterAll(() => {
    socket?.disconnect();
  });

  it('pushes a new notification to the subscribed socket once written, and only with a valid grant', async () => {
    // The demo's welcomes were pushed when nobody listened.
    await test.app.jobs.drain();
    const connected = await connectSocket(test.app);
    socket = connected;
    const socketId = connected.id as string;
    const userId = await findUserId(test.db, 'dipendente');
    const adminId = await findUserId(test.db, 'admin');

    const token = await signIn(test.app, 'dipendente');
    const grant = await authorize(token, socketId, userChannel(userId));
    expect(grant.statusCode).toBe(200);
    expect(
      await connected.emitWithAck('subscribe', { channel: userChannel(userId), auth: grant.json().data.auth }),
    ).toEqual({
      ok: true,
    });

    // Forged grants: made up, signed for another socket, or for another channel.
    const forged = [
      { channel: userChannel(adminId), auth: 'forged' },
      { channel: userChannel(adminId), auth: channelGrant(testAppKey, 'another-socket', userChannel(adminId)) },
      { channel: userChannel(adminId), auth: grant.json().data.auth },
      {
        channel: userChannel(adminId),
        auth: channelGrant('a-different-app-key-0123456789abcdef', socketId, userChannel(adminId)),
      },
      { channel: userChannel(adminId) },
    ];
    for (const message of forged) {
      expect(await connected.emitWithAck('subscribe', message)).toEqual({ ok: false });
    }

    const kinds: string[] = [];
    const arrived = new Promise<unknown>((resolve) => {
      connected.on(notificationCreatedEvent, (payload: { kind: string }) => {
        kinds.push(payload.kind);
        if (payload.kind === 'cashRegister.weeklyCashDue') resolve(payload);
      });
    });
    // Pushed first: it must not arrive, since the admin's channel was refused; events on one socket keep their order.
    await writeWebNotifications(test.db, [
      { userId: adminId, kind: 'adminNotifications.rankingLoaded', params: { name: 'x' }, link: null },
    ]);
    await test.app.jobs.drain();
    const params = { shop: 'Milano Duomo', week: '2026-W47' };
    await writeWebNotifications(test.db, [
      { userId, kind: 'cashRegister.weeklyCashDue', params, link: '/app/shops/weekly-cash' },
    ]);
    expect(kinds).toEqual([]);
    await test.app.jobs.drain();
    expect(await arrived).toEqual({
      id: expect.any(Number),
      kind: 'cashRegister.weeklyCashDue',
      params,
      link: '/app/shops/weekly-cash',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      readAt: null,
    });
    expect(kinds).toEqual(['cashRegister.weeklyCashDue']);
  });
});
