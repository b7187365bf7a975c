import { notificationCreatedEvent, userChannel } from '@bottega/contracts/notifications';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  connectSocket,
  createTestApp,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
  testAppKey,
} from '../../../test/harness';
import { channelGrant } from '../../platform/realtime';
import { createNotification } from './notifications.service';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());

/** POST /api/broadcasting/auth as the web calls it. */
const authorize = (token: string, socketId: string, channelName: string) =>
  api(test.app, { method: 'POST', url: '/api/broadcasting/auth', token, body: { socketId, channelName } });

describe('GET /api/notifications', () => {
  it('pages through the user’s own notifications, newest first', async () => {
    const userId = await findUserId(test.db, 'ticket');
    const otherId = await findUserId(test.db, 'noshifts');
    for (const index of [1, 2, 3]) {
      await createNotification({ db: test.db, userId, kind: 'ticket.assigned', params: { ticket: index } });
    }
    await createNotification({ db: test.db, userId: otherId, kind: 'secret.for.someone.else' });
    const token = await signIn(test.app, 'ticket');

    const first = await api(test.app, { url: '/api/notifications?page=1&perPage=3', token });
    expect(first.statusCode).toBe(200);
    const firstPage = first.json();
    expect(firstPage.meta).toEqual({ page: 1, perPage: 3, total: 4, unread: 4 });
    expect(firstPage.data.map((item: { params: unknown }) => item.params)).toEqual([
      { ticket: 3 },
      { ticket: 2 },
      { ticket: 1 },
    ]);
    expect(firstPage.data[0]).toEqual({
      id: expect.any(Number),
      kind: 'ticket.assigned',
      params: { ticket: 3 },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      readAt: null,
    });

    const second = (await api(test.app, { url: '/api/notifications?page=2&perPage=3', token })).json();
    expect(second.meta).toEqual({ page: 2, perPage: 3, total: 4, unread: 4 });
    expect(second.data).toEqual([expect.objectContaining({ kind: 'welcome', params: { name: 'Luca' } })]);

    const beyond = (await api(test.app, { url: '/api/notifications?page=3&perPage=3', token })).json();
    expect(beyond).toEqual({ data: [], meta: { page: 3, perPage: 3, total: 4, unread: 4 } });

    const defaults = (await api(test.app, { url: '/api/notifications', token })).json();
    expect(defaults.meta).toEqual({ page: 1, perPage: 25, total: 4, unread: 4 });
    expect(defaults.data.map((item: { kind: string }) => item.kind)).not.toContain('secret.for.someone.else');
  });

  it('needs a session', async () => {
    const response = await api(test.app, { url: '/api/notifications' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks all the user’s notifications read, and nobody else’s', async () => {
    const token = await signIn(test.app, 'developer');
    const userId = await findUserId(test.db, 'developer');
    await createNotification({ db: test.db, userId, kind: 'shift.published' });
    expect((await api(test.app, { url: '/api/notifications', token })).json().meta.unread).toBe(2);

    const response = await api(test.app, { method: 'POST', url: '/api/notifications/read', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { unread: 0 } });

    const after = (await api(test.app, { url: '/api/notifications', token })).json();
    expect(after.meta).toMatchObject({ total: 2, unread: 0 });
    for (const item of after.data) expect(item.readAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));

    const other = await signIn(test.app, 'areacontrollo');
    expect((await api(test.app, { url: '/api/notifications', token: other })).json().meta.unread).toBe(1);
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

  it('pushes a new notification to the subscribed socket, and only with a valid grant', async () => {
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
        if (payload.kind === 'welcome') resolve(payload);
      });
    });
    // Published first: it must not arrive, since the admin's channel was refused; events on one socket keep their order.
    await createNotification({ db: test.db, realtime: test.app.realtime, userId: adminId, kind: 'for.admin' });
    const notification = await createNotification({
      db: test.db,
      realtime: test.app.realtime,
      userId,
      kind: 'welcome',
      params: { name: 'Marco' },
    });
    expect(await arrived).toEqual(notification);
    expect(kinds).toEqual(['welcome']);
  });
});
