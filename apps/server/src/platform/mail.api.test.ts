import { mailMaxAttempts } from '@bottega/contracts/developer';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, findUserId, signIn, type TestApp, testAppKey } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { type Config, loadConfig } from '../config';
import { users } from '../modules/employees/employees.schema';
import { notifications } from '../modules/notifications/notifications.schema';
import { createJobWorker, kickJobs } from './jobs';
import { jobs } from './jobs.schema';
import { enqueueMail, storeMailAttachment } from './mail';
import { mailOutbox } from './mail.schema';

const from = 'Bottega <no-reply@bottega.example>';
const params = { name: 'Test', link: 'https://bottega.example/reset-password?token=abc', minutes: 60 };
const secret = { value: 'abc', appKey: testAppKey };

const requestLink = (test: TestApp, email: string) =>
  api(test.app, { method: 'POST', url: '/api/auth/password-reset/request', body: { email } });

/**
 * A job worker of its own on the test's database: its business clock is `clock.now` (tests move it to make a retry
 * due) and its settings the test's, with `overrides` (an SMTP server, the console switch).
 */
function mailWorker(test: TestApp, overrides: Partial<Config> = {}, log: FastifyBaseLogger = test.app.log) {
  const clock = { now: new Date() };
  const worker = createJobWorker({ db: test.db, now: () => clock.now, log, config: { ...test.config, ...overrides } });
  return { worker, clock };
}

async function deliveryJob(test: TestApp, mailId: number) {
  const rows = await test.db.select().from(jobs).where(eq(jobs.kind, 'mail.deliver'));
  const job = rows.find((row) => row.payload.mailId === mailId);
  if (!job) throw new Error(`no delivery job for mail ${mailId}`);
  return job;
}

/** An empty outbox, and no delivery job left from an earlier test. */
async function clearOutbox(test: TestApp) {
  await test.db.delete(mailOutbox);
  await test.db.delete(jobs);
}

async function outboxRow(test: TestApp, id: number) {
  const [row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

describe('with SMTP_URL: delivery through a real SMTP server while the app listens', () => {
  let smtp: TestSmtpServer;
  let test: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: from, PUBLIC_URL: 'https://bottega.example' });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
  });

  it('sends the reset mail at once, in the recipient language, with a link that works', async () => {
    await test.db.update(users).set({ lng: 'de' }).where(eq(users.username, 'developer'));
    const response = await requestLink(test, 'developer@bottega.example');
    expect(response.statusCode, response.body).toBe(200);

    const [message] = await smtp.waitForMessages(1);
    expect(message?.from).toBe(from);
    expect(message?.envelopeFrom).toBe('no-reply@bottega.example');
    expect(message?.to).toBe('developer@bottega.example');
    expect(message?.envelopeTo).toEqual(['developer@bottega.example']);
    expect(message?.subject).toBe('Bottega-Passwort zurücksetzen');
    expect(message?.text).toContain('Hallo Sara,');
    expect(message?.text).toContain('Passwort zurücksetzen:');
    expect(message?.html).toContain('Hallo Sara,');
    const token = /https:\/\/bottega\.example\/reset-password\?token=([\w-]{43})/.exec(message?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(message?.html).toContain(`href="https://bottega.example/reset-password?token=${token}"`);

    // The server has the message; the poller records it as sent when its transaction commits, just after.
    await expect
      .poll(async () => {
        const [row] = await test.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.recipient, 'developer@bottega.example'));
        return row && { sent: row.sentAt !== null, attempts: row.attempts, lastError: row.lastError, lng: row.lng };
      })
      .toEqual({ sent: true, attempts: 1, lastError: null, lng: 'de' });

    // Once sent, the outbox keeps the mail redacted and no longer holds its secret, even sealed.
    const [stored] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'developer@bottega.example'));
    expect(stored?.sealedSecret).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.text).toContain('https://bottega.example/reset-password?token=[redacted]');

    const reset = await api(test.app, {
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { token, password: 'neues Passwort 1', passwordConfirmation: 'neues Passwort 1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await signIn(test.app, 'developer', 'neues Passwort 1')).toMatch(/^[\w-]{43}$/);
  });

  it('sends a mail’s files as attachments (a transport document’s PDF)', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 documento di trasporto');
    const attachment = await storeMailAttachment(test.app.storage, {
      fileName: 'DDT-7-DDT-2026.pdf',
      type: 'application/pdf',
      bytes,
      extension: 'pdf',
    });
    await enqueueMail({
      db: test.db,
      to: 'negozio@bottega.example',
      template: 'logisticsDocument',
      lng: 'it',
      params: {
        name: 'MI01 · Milano Duomo',
        number: '7/DDT',
        date: '20/11/2026',
        sender: 'Magazzino',
        recipient: 'MI01 · Milano Duomo',
        lines: 3,
        quantity: 12,
      },
      attachments: [attachment],
    });
    kickJobs();
    const messages = await smtp.waitForMessages(2);
    const message = messages.find((candidate) => candidate.to === 'negozio@bottega.example');
    expect(message?.subject).toBe('Documento di trasporto 7/DDT del 20/11/2026 - Magazzino');
    expect(message?.raw).toMatch(/Content-Disposition: attachment;\s*filename=DDT-7-DDT-2026\.pdf/);
    expect(message?.raw).toContain(Buffer.from(bytes).toString('base64'));
  });
});

describe('a mail secret in the outbox (issue 16: account takeover through the outbox)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ PUBLIC_URL: 'https://bottega.example' });
  });
  afterAll(() => test?.close());

  it("is redacted for developers, so the outbox view of BOSS's reset mail cannot reset BOSS's password", async () => {
    expect((await requestLink(test, 'boss@bottega.example')).statusCode).toBe(200);
    const token = await signIn(test.app, 'developer');
    const list = await api(test.app, { url: '/api/developer/mail', token });
    const summary = list.json().data.find((mail: { recipient: string }) => mail.recipient === 'boss@bottega.example');
    const detail = await api(test.app, { url: `/api/developer/mail/${summary.id}`, token });
    expect(detail.statusCode).toBe(200);
    const mail = detail.json().data;
    expect(mail.text).toContain('https://bottega.example/reset-password?token=[redacted]');
    expect(mail.html).toContain('href="https://bottega.example/reset-password?token=[redacted]"');

    // Whatever the developer copies from the view, it is no token.
    const shown = /reset-password\?token=([^\s"<]+)/.exec(mail.text)?.[1] as string;
    for (const candidate of [shown, encodeURIComponent(shown)]) {
      const reset = await api(test.app, {
        method: 'POST',
        url: '/api/auth/password-reset',
        body: { token: candidate, password: 'presa di BOSS 1', passwordConfirmation: 'presa di BOSS 1' },
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().code).toBe('resetTokenInvalid');
    }
    expect(await signIn(test.app, 'boss')).toMatch(/^[\w-]{43}$/);
  });

  it('is stored only sealed with the app key, and reaches the recipient through SMTP', async () => {
    await clearOutbox(test);
    expect((await requestLink(test, 'dipendente@bottega.example')).statusCode).toBe(200);
    const [row] = await test.db.select().from(mailOutbox);
    // Nothing a database reader sees is the token: the sealed form needs the app key.
    expect(row?.sealedSecret).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row?.text).not.toMatch(/token=[\w-]{43}/);
    expect(row?.html).not.toMatch(/token=[\w-]{43}/);

    const smtp = await startSmtpServer();
    try {
      expect(await mailWorker(test, { smtpUrl: smtp.url }).worker.drain()).toBe(1);
      const [message] = await smtp.waitForMessages(1);
      const sent = /reset-password\?token=([\w-]{43})/.exec(message?.text ?? '')?.[1] as string;
      expect(message?.html).toContain(`href="https://bottega.example/reset-password?token=${sent}"`);
      expect((await outboxRow(test, row?.id as number)).sealedSecret).toBeNull();
      const check = await api(test.app, {
        method: 'POST',
        url: '/api/auth/password-reset/check',
        body: { token: sent },
      });
      expect(check.statusCode).toBe(200);
    } finally {
      await smtp.close();
    }
  });

  it('cannot be written readable: a link template is refused without its secret, or with one not in it', async () => {
    const bare = { db: test.db, to: 'x@test.example', template: 'passwordReset', lng: 'it', params } as const;
    await expect(enqueueMail(bare as unknown as Parameters<typeof enqueueMail<'passwordReset'>>[0])).rejects.toThrow(
      /without a secret/,
    );
    await expect(enqueueMail({ ...bare, secret: { value: 'not-in-it', appKey: testAppKey } })).rejects.toThrow(
      /not in the mail/,
    );
  });

  it('without SMTP, goes once to the server console when MAIL_SECRETS_TO_CONSOLE is on, then is dropped', async () => {
    await clearOutbox(test);
    expect((await requestLink(test, 'developer@bottega.example')).statusCode).toBe(200);
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(line),
      child() {
        return this;
      },
    } as unknown as FastifyBaseLogger;
    const { worker } = mailWorker(test, { smtpUrl: undefined, mailSecretsToConsole: true }, log);
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(lines).toHaveLength(1);
    const link = /https:\/\/bottega\.example\/reset-password\?token=([\w-]{43})/.exec(lines[0] as string)?.[1];
    expect(link).toBeDefined();
    const [row] = await test.db.select().from(mailOutbox);
    expect(row).toMatchObject({ sealedSecret: null, sentAt: null });
    expect(row?.text).toContain('token=[redacted]');
    expect(loadConfig({ DATABASE_URL: '', APP_KEY: testAppKey }).mailSecretsToConsole).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/bottega', APP_KEY: testAppKey }).mailSecretsToConsole).toBe(false);
  });
});

describe('without SMTP_URL, while the app listens', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test?.close());

  it('keeps mails in the outbox, unsent, for developers to read', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await requestLink(test, 'dipendente@bottega.example')).statusCode).toBe(200);
    const [row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'dipendente@bottega.example'));
    // Its delivery job runs at once and, with nowhere to send, leaves it where developers read it.
    await expect.poll(async () => (await deliveryJob(test, row?.id as number)).state).toBe('done');
    expect(await outboxRow(test, row?.id as number)).toMatchObject({
      template: 'passwordReset',
      lng: 'it',
      attempts: 0,
      sentAt: null,
    });
    expect(row?.subject).toBe('Reimposta la password di Bottega');

    const token = await signIn(test.app, 'developer');
    const list = await api(test.app, { url: '/api/developer/mail', token });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ delivery: 'outbox', total: 1 });
    expect(list.json().data[0]).toMatchObject({ id: row?.id, recipient: 'dipendente@bottega.example', sentAt: null });
  });
});

describe('the delivery jobs, run by workers of their own', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test?.close());

  it('retries a mail the SMTP server refuses for now (451), after the back-off, keeping the error', async () => {
    await clearOutbox(test);
    const smtp = await startSmtpServer({
      refuse: (attempt) => (attempt === 1 ? { code: 451, message: 'Greylisted, try again later' } : null),
    });
    try {
      const id = await enqueueMail({
        db: test.db,
        to: 'retry@test.example',
        template: 'passwordReset',
        lng: 'en',
        params,
        secret,
      });
      const { worker, clock } = mailWorker(test, { smtpUrl: smtp.url });

      expect(await worker.drain()).toBe(1);
      let row = await outboxRow(test, id);
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row.lastError).toContain('451');
      const job = await deliveryJob(test, id);
      expect(job).toMatchObject({ state: 'queued', attempts: 1 });
      expect(job.lastError).toContain('451');
      expect((job.runAt as Date).getTime() - clock.now.getTime()).toBe(30_000);

      // Not due again before its wait.
      expect(await worker.drain()).toBe(0);
      clock.now = new Date(clock.now.getTime() + 31_000);
      expect(await worker.drain()).toBe(1);

      row = await outboxRow(test, id);
      expect(row.attempts).toBe(2);
      expect(row.sentAt).not.toBeNull();
      expect(row.lastError).toContain('451');
      expect((await deliveryJob(test, id)).state).toBe('done');
      expect(smtp.offered()).toBe(2);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]?.subject).toBe('Reset your Bottega password');
      expect(await worker.drain()).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it(`gives up after ${mailMaxAttempts} attempts, drops the secret and tells whoever caused the mail`, async () => {
    await clearOutbox(test);
    const smtp = await startSmtpServer();
    const unreachable = smtp.url;
    await smtp.close();
    const adminId = await findUserId(test.db, 'admin');
    const id = await enqueueMail({
      db: test.db,
      to: 'down@test.example',
      template: 'passwordReset',
      lng: 'it',
      params,
      secret,
      triggeredBy: adminId,
    });
    const { worker, clock } = mailWorker(test, { smtpUrl: unreachable });
    expect(await worker.drain()).toBe(1);
    expect((await outboxRow(test, id)).lastError).toMatch(/ECONNREFUSED|connect/i);

    // The last attempt: due, and the one before it spent.
    await test.db
      .update(jobs)
      .set({ attempts: mailMaxAttempts - 1, runAt: clock.now })
      .where(eq(jobs.id, (await deliveryJob(test, id)).id));
    // The last attempt, then the push of what it tells the admin.
    expect(await worker.drain()).toBe(2);
    const job = await deliveryJob(test, id);
    expect(job).toMatchObject({ state: 'failed', attempts: mailMaxAttempts });
    expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect((await outboxRow(test, id)).sealedSecret).toBeNull();
    const told = await test.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.kind, 'notificationNotSent')));
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({ channel: 'email' });

    // Never tried again, however late it gets.
    clock.now = new Date(clock.now.getTime() + 86_400_000);
    await worker.drain();
    expect(await deliveryJob(test, id)).toMatchObject({ state: 'failed', attempts: mailMaxAttempts });
  });

  it('never sends a mail twice when two workers run at once (FOR UPDATE SKIP LOCKED)', async () => {
    await clearOutbox(test);
    const smtp = await startSmtpServer({ delayMs: 15 });
    const recipients = Array.from({ length: 12 }, (_, index) => `person${index}@test.example`);
    for (const to of recipients) {
      await enqueueMail({ db: test.db, to, template: 'passwordReset', lng: 'it', params, secret });
    }
    const workers = [0, 1].map(() => mailWorker(test, { smtpUrl: smtp.url }).worker);
    let ran: number[];
    try {
      ran = await Promise.all(workers.map((worker) => worker.drain()));
    } finally {
      await smtp.close();
    }

    const delivered = smtp.messages.map((message) => message.envelopeTo.join(','));
    expect(delivered.sort()).toEqual([...recipients].sort());
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(recipients.length);
    const rows = await test.db.select().from(mailOutbox);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    // On PostgreSQL the second worker skips the rows the first holds and takes the next ones.
    if (process.env.BOTTEGA_TEST_DB === 'postgres') expect(ran.every((count) => count > 0)).toBe(true);
  });
});
