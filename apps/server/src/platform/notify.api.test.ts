import { notificationCreatedEvent, userChannel } from '@bottega/contracts/notifications';
import type { NotificationChannel, NotificationEvent } from '@bottega/contracts/permissions';
import type { ReceiptRecordInput } from '@bottega/contracts/sales';
import { and, eq, inArray } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  connectSocket,
  createGroup,
  createTestApp,
  createUser,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
} from '../../test/harness';
import { telegramLinks } from '../integrations/telegram/telegram.schema';
import { users } from '../modules/employees/employees.schema';
import { notifications } from '../modules/notifications/notifications.schema';
import { ingestFiscalCloses, ingestReceipts } from '../modules/sales/sales-ingest.service';
import { userGroupNotifications } from '../modules/user-groups/user-groups.schema';
import { createJobWorker } from './jobs';
import { jobSchedules, jobs } from './jobs.schema';
import { mailOutbox } from './mail.schema';
import { notify } from './notify';
import { telegramText } from './telegram';
import { notificationText } from './web-notifications';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ PUBLIC_URL: 'https://bottega.example' });
});
afterAll(() => test?.close());
beforeEach(async () => {
  await test.db.delete(notifications);
  await test.db.delete(mailOutbox);
  await test.db.delete(jobs);
  // The app's schedules (written when a test made it listen) stay out of the jobs these tests count.
  await test.db.delete(jobSchedules);
});

/** A group holding `abilities` that hears `event` on `channels`, and a member of it in `shops`. */
async function listener(
  abilities: Parameters<typeof createGroup>[1],
  event: NotificationEvent,
  channels: NotificationChannel[],
  shops: string[],
  lng = 'it',
) {
  const group = await createGroup(test.db, abilities);
  await test.db.insert(userGroupNotifications).values({ groupId: group.id, event, channels });
  const user = await createUser(test.db, { groups: [group.id], shops });
  await test.db.update(users).set({ lng }).where(eq(users.id, user.id));
  return user;
}

async function webNotificationsOf(userId: number) {
  return test.db.select().from(notifications).where(eq(notifications.userId, userId));
}

const waiting = 'cashRegister.awaitingConfirmation';
const closeAbility = 'shops.cashRegister.close';

describe('notify(): who hears an event', () => {
  it('reaches the holders of its ability in that shop, and whoever sees all shops, never the actor', async () => {
    const inMilan = await listener([closeAbility], waiting, ['web'], ['MI01']);
    const inTurin = await listener([closeAbility], waiting, ['web'], ['TO01']);
    const everywhere = await listener([closeAbility, 'shops.manage.viewAllList'], waiting, ['web'], ['TO01']);
    const withoutAbility = await listener(['shops.cashRegister.view'], waiting, ['web'], ['MI01']);
    const actor = await listener([closeAbility], waiting, ['web'], ['MI01']);

    const { recipients } = await notify(test.db, {
      event: waiting,
      shopId: await findShopId(test.db, 'MI01'),
      params: { shop: 'Milano Duomo', date: '16/03/2026', by: 'Marco Rossi' },
      link: '/app/shop/cashRegister/1/edit',
      actorId: actor.id,
    });
    expect(recipients).toBeGreaterThanOrEqual(2);
    const [told] = await webNotificationsOf(inMilan.id);
    expect(told).toMatchObject({
      kind: waiting,
      params: { shop: 'Milano Duomo', date: '16/03/2026', by: 'Marco Rossi' },
      link: '/app/shop/cashRegister/1/edit',
      readAt: null,
    });
    expect(await webNotificationsOf(everywhere.id)).toHaveLength(1);
    expect(await webNotificationsOf(inTurin.id)).toHaveLength(0);
    expect(await webNotificationsOf(withoutAbility.id)).toHaveLength(0);
    expect(await webNotificationsOf(actor.id)).toHaveLength(0);
    // Administrators hold every ability and see every shop: their group chose web for it.
    expect(await webNotificationsOf(await findUserId(test.db, 'admin'))).toHaveLength(1);
  });

  it('reaches every holder of a company event, wherever they work; nobody deleted', async () => {
    const event = 'adminNotifications.bankFileUploaded';
    const milan = await listener([event], event, ['web'], ['MI01']);
    const turin = await listener([event], event, ['web'], ['TO01']);
    const gone = await listener([event], event, ['web'], ['TO01']);
    await test.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    await notify(test.db, { event, params: { name: 'estratto.xml' } });
    expect(await webNotificationsOf(milan.id)).toHaveLength(1);
    expect(await webNotificationsOf(turin.id)).toHaveLength(1);
    expect(await webNotificationsOf(gone.id)).toHaveLength(0);
  });

  it('uses each person’s channels: none chosen, nothing sent', async () => {
    const silent = await listener([closeAbility], waiting, [], ['MI01']);
    const byMail = await listener([closeAbility], waiting, ['email'], ['MI01'], 'de');
    await notify(test.db, {
      event: waiting,
      shopId: await findShopId(test.db, 'MI01'),
      params: { shop: 'Milano <Duomo> & Co', date: '16/03/2026', by: 'Marco' },
      link: '/app/shop/cashRegister/7/edit',
    });
    expect(await webNotificationsOf(silent.id)).toHaveLength(0);
    expect(await webNotificationsOf(byMail.id)).toHaveLength(0);
    // The mail is written by its job, in the person's language as it is when it runs.
    await test.app.jobs.drain();
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, `${byMail.username}@test.example`));
    // In the recipient's language, the link absolute, every parameter escaped in the HTML.
    expect(mail).toMatchObject({ template: 'notification', lng: 'de' });
    expect(mail?.subject).toBe(
      'Bottega: Milano <Duomo> & Co: Marco hat die Kasse vom 16/03/2026 bestätigt und wartet auf Ihre Bestätigung',
    );
    expect(mail?.text).toContain('https://bottega.example/app/shop/cashRegister/7/edit');
    expect(mail?.html).toContain('Milano &lt;Duomo&gt; &amp; Co');
    expect(mail?.html).not.toContain('<Duomo>');
  });

  it('queues a Telegram message only for a linked chat, escaped for Telegram', async () => {
    const linked = await listener([closeAbility], waiting, ['telegram'], ['MI01']);
    const unlinked = await listener([closeAbility], waiting, ['telegram'], ['MI01']);
    await test.db.insert(telegramLinks).values({ userId: linked.id, chatId: '4242', chatName: 'Test' });
    await notify(test.db, {
      event: waiting,
      shopId: await findShopId(test.db, 'MI01'),
      params: { shop: '<b>Duomo</b>', date: '16/03/2026', by: 'A & B' },
      link: '/app/shop/cashRegister/7/edit',
    });
    const queued = await test.db.select().from(jobs).where(eq(jobs.kind, 'telegram.send'));
    expect(queued.map((job) => job.payload.userId)).toEqual([linked.id]);
    expect(queued.map((job) => job.payload.userId)).not.toContain(unlinked.id);
    // What it will say is rendered when sent (telegram-link.api.test.ts delivers it through the simulated bot).
    expect(queued[0]?.payload).toEqual({
      userId: linked.id,
      kind: waiting,
      params: { shop: '<b>Duomo</b>', date: '16/03/2026', by: 'A & B' },
      link: '/app/shop/cashRegister/7/edit',
      triggeredBy: null,
    });
    expect(
      telegramText(
        notificationText('it', waiting, queued[0]?.payload.params as Record<string, string>),
        'https://bottega.example/app/shop/cashRegister/7/edit',
        'Apri',
      ),
    ).toBe(
      '&lt;b&gt;Duomo&lt;/b&gt;: A &amp; B ha confermato la cassa del 16/03/2026, attende la tua conferma\n' +
        '<a href="https://bottega.example/app/shop/cashRegister/7/edit">Apri</a>',
    );
  });

  it('refuses a shop event without its shop, and an event nobody declared', async () => {
    await expect(notify(test.db, { event: waiting })).rejects.toThrow(/say which shop/);
    await expect(notify(test.db, { event: 'nobody.declared' as NotificationEvent })).rejects.toThrow(/unknown/);
  });

  it('pushes each web notification live, once committed, to the browsers its reader has open', async () => {
    const reader = await listener([closeAbility], waiting, ['web'], ['MI01']);
    const token = await signIn(test.app, reader.username);
    const socket: Socket = await connectSocket(test.app);
    try {
      const channel = userChannel(reader.id);
      const grant = await api(test.app, {
        method: 'POST',
        url: '/api/broadcasting/auth',
        token,
        body: { socketId: socket.id, channelName: channel },
      });
      expect(await socket.emitWithAck('subscribe', { channel, auth: grant.json().data.auth })).toEqual({ ok: true });
      const arrived = new Promise((resolve) => socket.once(notificationCreatedEvent, resolve));
      await notify(test.db, {
        event: waiting,
        shopId: await findShopId(test.db, 'MI01'),
        params: { shop: 'Milano Duomo', date: '16/03/2026', by: 'Marco' },
        link: '/app/shop/cashRegister/7/edit',
      });
      await test.app.jobs.drain();
      expect(await arrived).toMatchObject({ kind: waiting, link: '/app/shop/cashRegister/7/edit', readAt: null });
    } finally {
      socket.disconnect();
    }
  });
});

describe('the cash register’s scheduled announcements', () => {
  const day = '2026-11-23';
  let naplesId: number;
  let staff: { id: number };

  function receipt(number: number): ReceiptRecordInput {
    return {
      registerCode: 'R9',
      businessDate: day,
      issuedAt: `${day}T10:00:00+01:00`,
      receiptNumber: number,
      sequenceNumber: number,
      type: 'sale',
      employee: 'dipendente',
      loyaltyCard: null,
      totalCents: 1000,
      discountCents: 0,
      pieces: 1,
      lines: [{ productCode: 'P1', quantity: 1, unitPriceCents: 1000, subtotalCents: 1000, vatRate: 2200 }],
      payments: [{ method: 'cash', amountCents: 1000 }],
    };
  }

  beforeAll(async () => {
    naplesId = await findShopId(test.db, 'NA01');
    staff = await listener(
      ['shops.cashRegister.dailyClose', 'shops.cashRegister.closeWeekly'],
      'cashRegister.fiscalCloseMissing',
      ['web'],
      ['NA01'],
    );
    const group = (
      await test.db
        .select()
        .from(userGroupNotifications)
        .where(eq(userGroupNotifications.event, 'cashRegister.fiscalCloseMissing'))
    ).at(-1)?.groupId as number;
    await test.db
      .insert(userGroupNotifications)
      .values({ groupId: group, event: 'cashRegister.weeklyCashDue', channels: ['web'] });
    const ingested = await ingestReceipts({
      db: test.db,
      shopId: naplesId,
      clientId: null,
      records: [receipt(9001)],
      lng: 'it',
    });
    expect(ingested.rejected).toEqual([]);
  });

  /** A worker whose business clock stands at `at`. */
  const workerAt = (at: string) =>
    createJobWorker({ db: test.db, now: () => new Date(at), log: test.app.log, config: test.config });

  async function kindsOf(userId: number) {
    return (await webNotificationsOf(userId)).map((row) => [row.kind, row.params, row.link]);
  }

  it('tells the shop’s staff once when its printer’s close is still missing after closing time', async () => {
    // Monday 23 November 2026: Napoli closes at 20:00 in Rome (demo hours); at 19:30 nothing is said yet.
    const check = async (at: string) => {
      const worker = workerAt(at);
      await test.db
        .insert(jobs)
        .values({ kind: 'cashRegister.fiscalClosesCheck', runAt: new Date(at), maxAttempts: 3 });
      await worker.drain();
    };
    await check('2026-11-23T18:30:00Z');
    expect(await kindsOf(staff.id)).toEqual([]);
    await check('2026-11-23T19:00:00Z');
    await check('2026-11-23T19:15:00Z');
    expect(await kindsOf(staff.id)).toEqual([
      [
        'cashRegister.fiscalCloseMissing',
        { shop: 'Napoli Toledo', date: '23/11/2026' },
        '/app/shop/cashRegister?month=2026-11',
      ],
    ]);
  });

  it('says nothing once the close has arrived', async () => {
    await ingestFiscalCloses({
      db: test.db,
      shopId: naplesId,
      clientId: null,
      source: 'printer',
      records: [
        {
          deviceSerial: '99IEA000001',
          businessDate: day,
          closedAt: `${day}T20:20:00+01:00`,
          closeNumber: 1,
          totalCents: 1000,
          documentsCount: 1,
          returnsCents: 0,
          cancellationsCents: 0,
          electronicPaymentsCents: 0,
          vatBreakdown: [{ vatRate: 2200, taxableCents: 820, taxCents: 180 }],
        },
      ],
      lng: 'it',
    });
    await test.db.insert(jobs).values({
      kind: 'cashRegister.fiscalCloseMissingNotice',
      payload: { shopId: naplesId, day },
      runAt: new Date('2026-11-23T19:30:00Z'),
      maxAttempts: 3,
    });
    await workerAt('2026-11-23T19:30:00Z').drain();
    expect(await kindsOf(staff.id)).toEqual([]);
  });

  it('on Sunday evening tells each shop whose week may be filled', async () => {
    await test.db
      .insert(jobs)
      .values({ kind: 'cashRegister.weeklyCashDue', runAt: new Date('2026-11-29T17:00:00Z'), maxAttempts: 3 });
    await workerAt('2026-11-29T17:00:00Z').drain();
    const told = await test.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.id), inArray(notifications.kind, ['cashRegister.weeklyCashDue'])));
    expect(told.map((row) => [row.params, row.link])).toEqual([
      [{ shop: 'Napoli Toledo', week: '2026-W48' }, '/app/shops/weekly-cash/create/2026-W48'],
    ]);
  });
});
