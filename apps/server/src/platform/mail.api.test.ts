import { mailMaxAttempts } from '@bottega/contracts/developer';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { users } from '../modules/employees/employees.schema';
import { createSmtpTransport, deliverNextMail, enqueueMail, type MailTransport, startMailDelivery } from './mail';
import { mailOutbox } from './mail.schema';

const from = 'Bottega <no-reply@bottega.example>';
const params = { name: 'Test', link: 'https://bottega.example/reset-password?token=abc', minutes: 60 };

const requestLink = (test: TestApp, email: string) =>
  api(test.app, { method: 'POST', url: '/api/auth/password-reset/request', body: { email } });

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

    const reset = await api(test.app, {
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { token, password: 'neues Passwort 1', passwordConfirmation: 'neues Passwort 1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await signIn(test.app, 'developer', 'neues Passwort 1')).toMatch(/^[\w-]{43}$/);
  });
});

describe('without SMTP_URL, and the delivery loop on its own', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test?.close());

  it('keeps mails in the outbox, unsent, for developers to read', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await requestLink(test, 'dipendente@bottega.example')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [row] = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'dipendente@bottega.example'));
    expect(row).toMatchObject({ template: 'passwordReset', lng: 'it', attempts: 0, sentAt: null });
    expect(row?.subject).toBe('Reimposta la password di Bottega');

    const token = await signIn(test.app, 'developer');
    const list = await api(test.app, { url: '/api/developer/mail', token });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ delivery: 'outbox', total: 1 });
    expect(list.json().data[0]).toMatchObject({ id: row?.id, recipient: 'dipendente@bottega.example', sentAt: null });
  });

  it('retries a mail the SMTP server refuses for now (451), later, keeping the error', async () => {
    await test.db.delete(mailOutbox);
    const smtp = await startSmtpServer({
      refuse: (attempt) => (attempt === 1 ? { code: 451, message: 'Greylisted, try again later' } : null),
    });
    const transport = createSmtpTransport(smtp.url);
    try {
      const id = await enqueueMail({
        db: test.db,
        to: 'retry@test.example',
        template: 'passwordReset',
        lng: 'en',
        params,
      });

      expect(await deliverNextMail({ db: test.db, transport, from })).toBe('failed');
      let row = await outboxRow(test, id);
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row.lastError).toContain('451');

      // Not due again before its wait (30 seconds after the first attempt's turn).
      expect(await deliverNextMail({ db: test.db, transport, from })).toBe('none');
      await test.db
        .update(mailOutbox)
        .set({ createdAt: sql`${mailOutbox.createdAt} - interval '31 seconds'` })
        .where(eq(mailOutbox.id, id));
      expect(await deliverNextMail({ db: test.db, transport, from })).toBe('sent');

      row = await outboxRow(test, id);
      expect(row.attempts).toBe(2);
      expect(row.sentAt).not.toBeNull();
      expect(row.lastError).toContain('451');
      expect(smtp.offered()).toBe(2);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]?.subject).toBe('Reset your Bottega password');
      expect(await deliverNextMail({ db: test.db, transport, from })).toBe('none');
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it(`gives up after ${mailMaxAttempts} attempts, and records an unreachable server as an error`, async () => {
    await test.db.delete(mailOutbox);
    const smtp = await startSmtpServer();
    const unreachable = smtp.url;
    await smtp.close();
    const transport = createSmtpTransport(unreachable);
    try {
      const id = await enqueueMail({
        db: test.db,
        to: 'down@test.example',
        template: 'passwordReset',
        lng: 'it',
        params,
      });
      expect(await deliverNextMail({ db: test.db, transport, from })).toBe('failed');
      expect((await outboxRow(test, id)).lastError).toMatch(/ECONNREFUSED|connect/i);

      await test.db
        .update(mailOutbox)
        .set({ attempts: mailMaxAttempts, createdAt: sql`now() - interval '30 days'` })
        .where(eq(mailOutbox.id, id));
      expect(await deliverNextMail({ db: test.db, transport, from })).toBe('none');
    } finally {
      transport.close?.();
    }
  });

  it('pauses after a failure rather than trying every due mail against a server that refuses', async () => {
    await test.db.delete(mailOutbox);
    const smtp = await startSmtpServer({ refuse: () => ({ code: 451, message: 'Service busy' }) });
    for (const to of ['one@test.example', 'two@test.example', 'three@test.example']) {
      await enqueueMail({ db: test.db, to, template: 'passwordReset', lng: 'it', params });
    }
    const delivery = startMailDelivery({
      db: test.db,
      transport: createSmtpTransport(smtp.url),
      from,
      intervalMs: 60_000,
    });
    try {
      await delivery.kick();
      await delivery.kick();
    } finally {
      await delivery.stop();
      await smtp.close();
    }
    expect(smtp.offered()).toBe(1);
    const rows = await test.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((row) => row.attempts)).toEqual([1, 0, 0]);
  });

  it('never sends a mail twice when two pollers run at once (FOR UPDATE SKIP LOCKED)', async () => {
    await test.db.delete(mailOutbox);
    const smtp = await startSmtpServer({ delayMs: 15 });
    const recipients = Array.from({ length: 12 }, (_, index) => `person${index}@test.example`);
    for (const to of recipients) {
      await enqueueMail({ db: test.db, to, template: 'passwordReset', lng: 'it', params });
    }
    const sentBy = [0, 0];
    const counting = (poller: number): MailTransport => {
      const smtpTransport = createSmtpTransport(smtp.url);
      return {
        send: async (mail) => {
          await smtpTransport.send(mail);
          sentBy[poller] = (sentBy[poller] ?? 0) + 1;
        },
        close: smtpTransport.close,
      };
    };
    const pollers = [0, 1].map((poller) =>
      startMailDelivery({ db: test.db, transport: counting(poller), from, intervalMs: 60_000 }),
    );
    try {
      await Promise.all(pollers.map((poller) => poller.kick()));
    } finally {
      await Promise.all(pollers.map((poller) => poller.stop()));
      await smtp.close();
    }

    const delivered = smtp.messages.map((message) => message.envelopeTo.join(','));
    expect(delivered.sort()).toEqual([...recipients].sort());
    expect((sentBy[0] ?? 0) + (sentBy[1] ?? 0)).toBe(recipients.length);
    const rows = await test.db.select().from(mailOutbox);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    // On PostgreSQL the second poller skips the row the first holds and takes the next one.
    if (process.env.BOTTEGA_TEST_DB === 'postgres') expect(sentBy.every((count) => count > 0)).toBe(true);
  });
});
