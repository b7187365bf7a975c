import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUser,
  createUserWithAbilities,
  findUserId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { telegramCursor, telegramLinkCodes, telegramLinks } from '../../integrations/telegram/telegram.schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../integrations/telegram/telegram-bot.simulator';
import { auditLog } from '../../platform/audit.schema';
import { enqueueJob, syncSchedules } from '../../platform/jobs';
import { jobSchedules, jobs } from '../../platform/jobs.schema';
import { notify } from '../../platform/notify';
import { notifications } from '../notifications/notifications.schema';
import { userGroupNotifications } from '../user-groups/user-groups.schema';
import { pollTelegramUpdatesJob, telegramLinkCodeIn } from './telegram-link.service';

const event = 'adminNotifications.rankingLoaded';
let simulator: TelegramSimulator;
let test: TestApp;
/** The same app with no bot configured. */
let withoutBot: TestApp;
/** Anna's group sends her the event on Telegram; Bruno has no group; the administrator acts. */
let anna: { id: number; token: string };
let bruno: { id: number; token: string };
let adminId: number;

beforeAll(async () => {
  simulator = await startTelegramSimulator({ token: 'test-token', botUsername: 'TestBot', slowAnswerMs: 5_000 });
  [test, withoutBot] = await Promise.all([
    createTestApp({
      TELEGRAM_API_URL: simulator.url,
      TELEGRAM_BOT_TOKEN: 'test-token',
      TELEGRAM_BOT_USERNAME: 'TestBot',
      // Room for the simulator on a loaded machine (500 ms timed a delivery out in a CI rehearsal), well under its
      // slow answer (5 s).
      TELEGRAM_TIMEOUT_MS: '2000',
      PUBLIC_URL: 'https://bottega.example',
    }),
    createTestApp(),
  ]);
  const annaUser = await createUserWithAbilities(test.db, [event]);
  await test.db.insert(userGroupNotifications).values({ groupId: annaUser.groupId, event, channels: ['telegram'] });
  const brunoUser = await createUser(test.db, { name: 'Bruno', surname: 'Neri' });
  anna = { id: annaUser.id, token: await signIn(test.app, annaUser.username) };
  bruno = { id: brunoUser.id, token: await signIn(test.app, brunoUser.username) };
  adminId = await findUserId(test.db, 'admin');
});
afterAll(async () => {
  await test?.close();
  await withoutBot?.close();
  await simulator?.close();
});

const linkState = async (token: string) => (await api(test.app, { url: '/api/profile/telegram', token })).json().data;

async function issueCode(
  token: string,
): Promise<{ code: string; expiresAt: string; validSeconds: number; link: string }> {
  const response = await api(test.app, { method: 'POST', url: '/api/profile/telegram/link-code', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** One read of the bot's updates, as the schedule would start it, and every job it queues. */
async function pollBot() {
  await enqueueJob(test.db, pollTelegramUpdatesJob, {});
  await test.app.jobs.drain();
}

async function lastJob(kind: string) {
  const [job] = await test.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(desc(jobs.id)).limit(1);
  if (!job) throw new Error(`no ${kind} job`);
  return job;
}

/** Runs a job queued for a retry now rather than after its back-off. */
async function dueNow(id: number, attempts?: number) {
  await test.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000), ...(attempts === undefined ? {} : { attempts }) })
    .where(eq(jobs.id, id));
}

const notificationsOf = (userId: number, kind: string) =>
  test.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

const auditOf = (userId: number, action: string) =>
  test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(userId)), eq(auditLog.action, action)));

async function notifyRanking(name: string) {
  await test.db.transaction((tx) => notify(tx, { event, params: { name }, link: '/app/rankings/7', actorId: adminId }));
}

describe('what a person may write to the bot', () => {
  it('is the code alone or /start with it, in any case', () => {
    expect(telegramLinkCodeIn('ABCD2345')).toBe('ABCD2345');
    expect(telegramLinkCodeIn('  /start abcd2345 ')).toBe('ABCD2345');
    expect(telegramLinkCodeIn('/start@TestBot ABCD2345')).toBe('ABCD2345');
    expect(telegramLinkCodeIn('/start')).toBeNull();
    expect(telegramLinkCodeIn('my code is ABCD2345')).toBeNull();
    expect(telegramLinkCodeIn('ABCD23456')).toBeNull();
  });
});

describe('Telegram linking and delivery through the simulated bot', () => {
  it('needs a session (and the page token to change anything)', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await api(test.app, { method, url: '/api/profile/telegram' });
      expect(response.statusCode).toBe(401);
    }
    expect((await api(test.app, { method: 'POST', url: '/api/profile/telegram/link-code' })).statusCode).toBe(401);
    const withoutCsrf = await api(test.app, {
      method: 'POST',
      url: '/api/profile/telegram/link-code',
      token: anna.token,
      csrf: false,
    });
    expect(withoutCsrf.statusCode).toBe(403);
  });

  it('issues a one-time code valid 15 minutes, one per person, kept only hashed and shown to nobody else', async () => {
    const before = Date.now();
    const first = await issueCode(anna.token);
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(first.validSeconds).toBe(900);
    expect(Date.parse(first.expiresAt) - before).toBeGreaterThanOrEqual(900_000 - 1000);
    expect(Date.parse(first.expiresAt) - before).toBeLessThanOrEqual(900_000 + 5000);
    expect(first.link).toBe(`https://t.me/TestBot?start=${first.code}`);

    const second = await issueCode(anna.token);
    expect(second.code).not.toBe(first.code);
    const rows = await test.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.userId, anna.id));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(first.code);
    expect(stored).not.toContain(second.code);
    expect(stored).not.toContain(second.code.toLowerCase());

    const own = await api(test.app, { url: '/api/profile/telegram', token: anna.token });
    expect(own.json().data).toEqual({
      configured: true,
      linked: false,
      chatName: null,
      linkedAt: null,
      botUsername: 'TestBot',
      pendingCodeExpiresAt: second.expiresAt,
    });
    expect(own.body).not.toContain(second.code);
    const other = await api(test.app, { url: '/api/profile/telegram', token: bruno.token });
    expect(other.json().data).toMatchObject({ linked: false, pendingCodeExpiresAt: null });
    expect(other.body).not.toContain(second.code);
    const audit = await auditOf(anna.id, 'profile.telegramLinkCodeIssued');
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(second.code);
  });

  it('links the chat that sends the code to the bot, on the schedule, and says so there and in the app', async () => {
    const { code } = await issueCode(anna.token);
    const update = simulator.sendFromChat(4242, `/start ${code}`, 'Anna');
    // The schedule (synced when a server listens) queues the read when it falls due.
    await syncSchedules(test.db, new Date());
    await test.db
      .update(jobSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(jobSchedules.name, 'telegram.poll'));
    await test.app.jobs.drain();

    const state = await linkState(anna.token);
    expect(state).toMatchObject({ linked: true, chatName: 'Anna', pendingCodeExpiresAt: null });
    expect(Date.parse(state.linkedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [link] = await test.db.select().from(telegramLinks).where(eq(telegramLinks.userId, anna.id));
    expect(link?.chatId).toBe('4242');
    expect(await test.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.userId, anna.id))).toEqual([]);
    const [cursor] = await test.db.select().from(telegramCursor);
    expect(cursor?.nextUpdateId).toBe(update.update_id + 1);
    expect((await lastJob('telegram.poll')).state).toBe('done');

    const [reply] = simulator.messagesTo(4242);
    expect(reply?.text).toMatch(/^Collegato a Bottega come Test user/);
    expect(await notificationsOf(anna.id, 'telegramLinked')).toMatchObject([
      { params: { chat: 'Anna' }, link: '/app/profile' },
    ]);
    expect(await auditOf(anna.id, 'profile.telegramLinked')).toMatchObject([
      { actorId: anna.id, fromState: 'unlinked', toState: 'linked' },
    ]);

    // Used once: the same code from another chat links nothing.
    simulator.sendFromChat(4343, code, 'Intruder');
    await pollBot();
    expect(simulator.messagesTo(4343).map((message) => message.text)).toEqual([
      expect.stringMatching(/^Questo codice non è valido o è scaduto/),
    ]);
    expect(await test.db.select().from(telegramLinks).where(eq(telegramLinks.chatId, '4343'))).toEqual([]);
  });

  it('answers a wrong or expired code and anything else politely, in the language of their Telegram', async () => {
    const { code } = await issueCode(bruno.token);
    await test.db
      .update(telegramLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(telegramLinkCodes.userId, bruno.id));
    simulator.sendFromChat(5001, code, 'Bruno', { languageCode: 'en' });
    simulator.sendFromChat(5002, 'hello?', 'Carla', { languageCode: 'de' });
    simulator.sendFromChat(5003, '/start ZZZZ2222', 'Dario');
    await pollBot();
    expect(simulator.messagesTo(5001).map((message) => message.text)).toEqual([
      'This code is not valid or has expired. Ask for a new one from your profile in Bottega.',
    ]);
    expect(simulator.messagesTo(5002)[0]?.text).toMatch(/^Hallo! Um die Benachrichtigungen von Bottega/);
    expect(simulator.messagesTo(5003)[0]?.text).toMatch(/^Questo codice non è valido/);
    expect(await linkState(bruno.token)).toMatchObject({ linked: false, pendingCodeExpiresAt: null });
    // Expired codes are swept by the read.
    expect(await test.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.userId, bruno.id))).toEqual([]);
  });

  it("delivers a group's notification to the linked chat, escaped for Telegram's HTML", async () => {
    await notifyRanking('<b>Top & co</b>');
    await test.app.jobs.drain();
    const message = simulator.messagesTo(4242).at(-1);
    // The simulator refuses HTML Telegram could not parse: the message arrived because the name was escaped.
    expect(message?.raw).toContain('Classifica caricata: &lt;b&gt;Top &amp; co&lt;/b&gt;');
    expect(message?.text).toBe('Classifica caricata: <b>Top & co</b>\nApri');
    expect(message?.links).toEqual(['https://bottega.example/app/rankings/7']);
    expect((await lastJob('telegram.send')).state).toBe('done');
  });

  it('retries a message Telegram answered with a 500 and, once given up, tells whoever caused it', async () => {
    const before = simulator.messagesTo(4242).length;
    simulator.setMode('error');
    try {
      await notifyRanking('Q4');
      await test.app.jobs.drain();
      const job = await lastJob('telegram.send');
      expect(job).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Telegram 500: Internal Server Error' });
      expect((job.runAt as Date).getTime()).toBeGreaterThan(Date.now() + 20_000);

      await dueNow(job.id, job.maxAttempts - 1);
      await test.app.jobs.drain();
      expect((await lastJob('telegram.send')).state).toBe('failed');
      expect(await notificationsOf(adminId, 'notificationNotSent')).toMatchObject([
        { params: { channel: 'telegram', error: 'Telegram 500: Internal Server Error' } },
      ]);
      // Still linked: a failing Telegram is not a person who left.
      expect((await linkState(anna.token)).linked).toBe(true);
    } finally {
      simulator.setMode('ok');
    }
    expect(simulator.messagesTo(4242)).toHaveLength(before);
  });

  it('never holds a request for a slow Telegram: unlinking answers at once, its goodbye waits for a retry', async () => {
    simulator.setMode('slow');
    try {
      const started = Date.now();
      const response = await api(test.app, { method: 'DELETE', url: '/api/profile/telegram', token: anna.token });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ linked: false, chatName: null, linkedAt: null });
      expect(await test.db.select().from(telegramLinks).where(eq(telegramLinks.userId, anna.id))).toEqual([]);
      expect(await auditOf(anna.id, 'profile.telegramUnlinked')).toMatchObject([
        { actorId: anna.id, fromState: 'linked', toState: 'unlinked' },
      ]);

      await test.app.jobs.drain();
      const goodbye = await lastJob('telegram.reply');
      expect(goodbye).toMatchObject({ state: 'queued', attempts: 1 });
      expect(goodbye.lastError).toMatch(/timeout|aborted/i);

      simulator.setMode('ok');
      await dueNow(goodbye.id);
      await test.app.jobs.drain();
      expect((await lastJob('telegram.reply')).state).toBe('done');
      expect(simulator.messagesTo(4242).at(-1)?.text).toBe(
        'Questa chat non è più collegata a Bottega: non riceverai altre notifiche.',
      );
    } finally {
      simulator.setMode('ok');
    }
    // Unlinked, the chat gets nothing more.
    const count = simulator.messagesTo(4242).length;
    await notifyRanking('Q1');
    await test.app.jobs.drain();
    expect(simulator.messagesTo(4242)).toHaveLength(count);
  });

  it('unlinks a chat that blocked the bot and tells its person in the app', async () => {
    const { code } = await issueCode(anna.token);
    simulator.sendFromChat(6001, code, 'Anna');
    await pollBot();
    expect((await linkState(anna.token)).linked).toBe(true);

    simulator.setBlocked(6001, true);
    await notifyRanking('Q2');
    await test.app.jobs.drain();
    expect((await lastJob('telegram.send')).state).toBe('done');
    expect((await linkState(anna.token)).linked).toBe(false);
    expect(await notificationsOf(anna.id, 'telegramUnlinked')).toMatchObject([
      { params: { reason: 'Forbidden: bot was blocked by the user' }, link: '/app/profile' },
    ]);
    const audit = await auditOf(anna.id, 'profile.telegramUnlinked');
    expect(audit.at(-1)).toMatchObject({
      actorId: null,
      fromState: 'linked',
      toState: 'unlinked',
      reason: 'Forbidden: bot was blocked by the user',
    });
  });

  it('moves a chat to the person who sends a new code from it: a chat reaches one person', async () => {
    simulator.sendFromChat(7001, (await issueCode(anna.token)).code, 'Shared');
    await pollBot();
    simulator.sendFromChat(7001, (await issueCode(bruno.token)).code, 'Shared');
    await pollBot();
    const links = await test.db
      .select({ userId: telegramLinks.userId })
      .from(telegramLinks)
      .where(inArray(telegramLinks.userId, [anna.id, bruno.id]));
    expect(links).toEqual([{ userId: bruno.id }]);
    expect((await auditOf(anna.id, 'profile.telegramUnlinked')).at(-1)).toMatchObject({
      actorId: bruno.id,
      reason: 'chatLinkedToAnotherPerson',
    });
    expect(simulator.messagesTo(7001).at(-1)?.text).toBe(
      'Collegato a Bottega come Bruno Neri. Da ora riceverai qui le notifiche.',
    );
  });

  it('reads each update once, however many reads were started', async () => {
    const { code } = await issueCode(anna.token);
    simulator.sendFromChat(8001, code, 'Anna');
    await enqueueJob(test.db, pollTelegramUpdatesJob, {});
    await enqueueJob(test.db, pollTelegramUpdatesJob, {});
    await test.app.jobs.drain();
    expect(simulator.messagesTo(8001).map((message) => message.text)).toEqual([
      expect.stringMatching(/^Collegato a Bottega come/),
    ]);
    const [count] = await test.db
      .select({ value: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, anna.id), eq(notifications.kind, 'telegramLinked')));
    expect(count?.value).toBe(4);
  });
});

describe('without a bot', () => {
  it('refuses a code with telegramNotConfigured, in the reader’s language, and says so on the profile', async () => {
    const token = await signIn(withoutBot.app, 'admin');
    const refused = await api(withoutBot.app, {
      method: 'POST',
      url: '/api/profile/telegram/link-code',
      token,
      lng: 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'telegramNotConfigured',
      message: 'Telegram is not set up on this installation: ask the administrator to configure the bot.',
    });
    const state = await api(withoutBot.app, { url: '/api/profile/telegram', token });
    expect(state.json().data).toEqual({
      configured: false,
      linked: false,
      chatName: null,
      linkedAt: null,
      botUsername: null,
      pendingCodeExpiresAt: null,
    });
    // Reading the bot is a no-op then.
    await enqueueJob(withoutBot.db, pollTelegramUpdatesJob, {});
    await withoutBot.app.jobs.drain();
    const [job] = await withoutBot.db.select().from(jobs).where(eq(jobs.kind, 'telegram.poll'));
    expect(job?.state).toBe('done');
  });
});
