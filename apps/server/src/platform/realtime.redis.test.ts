// With REDIS_URL, an event published by one server process reaches a socket connected to another.
// Runs when TEST_REDIS_URL is set (CI sets it to the machine's Redis).

import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectSocket, createTestApp, type TestApp } from '../../test/harness';
import { channelGrant } from './realtime';

let publisher: TestApp;
let listener: TestApp;
let socket: Socket | undefined;

beforeAll(async () => {
  const redis = { REDIS_URL: process.env.TEST_REDIS_URL as string };
  [publisher, listener] = await Promise.all([createTestApp(redis), createTestApp(redis)]);
});

afterAll(async () => {
  socket?.disconnect();
  await Promise.all([publisher?.close(), listener?.close()]);
});

it('fans an event out from one server process to a socket on another through Redis', async () => {
  socket = await connectSocket(listener.app);
  const channel = `private-user.${Date.now()}`;
  const auth = channelGrant(listener.config.appKey, socket.id as string, channel);
  expect(await socket.emitWithAck('subscribe', { channel, auth })).toEqual({ ok: true });

  const arrived = new Promise((resolve) => socket?.once('notification.created', resolve));
  // The adapter needs a moment to subscribe to the room's Redis channel after the join.
  await new Promise((resolve) => setTimeout(resolve, 200));
  publisher.app.realtime.publish(channel, 'notification.created', { kind: 'welcome' });
  expect(await arrived).toEqual({ kind: 'welcome' });
});
