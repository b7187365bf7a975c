// `npm run bench:notify`: one notification to 2,000 people, each with a browser connected. 2,000 users of one shop
// whose group hears cashRegister.awaitingConfirmation on the web are created, a socket is connected and subscribed
// for each, then one notify() commits and the app's own job worker pushes it. Timed from the commit to each
// socket's arrival. Target (issue 18): p95 under 250 ms. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { notificationCreatedEvent, userChannel } from '@bottega/contracts/notifications';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { userGroupNotifications } from '../apps/server/src/modules/user-groups/user-groups.schema';
import { kickJobs } from '../apps/server/src/platform/jobs';
import { notify } from '../apps/server/src/platform/notify';
import { channelGrant } from '../apps/server/src/platform/realtime';
import { createGroup, createTestApp, findShopId, testAppKey } from '../apps/server/test/harness';

const people = Number(process.env.BENCH_SOCKETS ?? 2000);
const targetP95Ms = 250;
const event = 'cashRegister.awaitingConfirmation';

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

async function measure(database: 'pglite' | 'postgres') {
  process.env.BOTTEGA_TEST_DB = database;
  const test = await createTestApp();
  const sockets: Socket[] = [];
  try {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const shopId = await findShopId(test.db, 'MI01');
    const group = await createGroup(test.db, ['shops.cashRegister.close']);
    await test.db.insert(userGroupNotifications).values({ groupId: group.id, event, channels: ['web'] });
    const answer = await test.db.execute(sql`
      INSERT INTO users (username, email, password_hash, name, surname)
      SELECT 'fanout' || n, 'fanout' || n || '@bench.example', 'x', 'Bench', 'Person ' || n
      FROM generate_series(1, ${people}) AS n RETURNING id`);
    const ids = (answer as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    await test.db.execute(sql`
      INSERT INTO user_group_members (user_id, group_id, position)
      SELECT id, ${group.id}, 0 FROM users WHERE username LIKE 'fanout%'`);
    await test.db.execute(sql`
      INSERT INTO user_shops (user_id, shop_id, is_main) SELECT id, ${shopId}, true FROM users WHERE username LIKE 'fanout%'`);

    const arrivals: Promise<number>[] = [];
    for (const id of ids) {
      const socket = io(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const channel = userChannel(id);
      const granted = await socket.emitWithAck('subscribe', {
        channel,
        auth: channelGrant(testAppKey, socket.id as string, channel),
      });
      if (!granted?.ok) throw new Error(`socket of ${id} refused`);
      arrivals.push(new Promise((resolve) => socket.once(notificationCreatedEvent, () => resolve(performance.now()))));
    }

    await test.db.transaction((tx) =>
      notify(tx, { event, shopId, params: { shop: 'Milano Duomo', date: '25/11/2026', by: 'Bench' }, link: '/app' }),
    );
    const committed = performance.now();
    kickJobs();
    const latencies = (await Promise.all(arrivals)).map((at) => at - committed).sort((a, b) => a - b);
    const p50 = percentile(latencies, 0.5);
    const p95 = percentile(latencies, 0.95);
    console.log(
      `${database}: one notification to ${people} sockets — p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
        `max ${(latencies.at(-1) as number).toFixed(0)} ms (target p95 < ${targetP95Ms} ms)`,
    );
    return p95;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await test.close();
  }
}

const results = [await measure('pglite')];
if (process.env.TEST_DATABASE_URL) results.push(await measure('postgres'));
if (results.some((p95) => p95 >= targetP95Ms)) process.exitCode = 1;
