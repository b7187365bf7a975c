// Prometheus metrics (issue 29): never public — GET /api/metrics is unknown without METRICS_TOKEN and answers only its
// bearer token; METRICS_PORT's listener answers /metrics and nothing else — and what they count: answers per route
// pattern and status, jobs per kind and state, receipts ingested, realtime connections, mail and Telegram deliveries.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, connectSocket, createTestApp, findShopId, signIn, type TestApp, testAppKey } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { startTelegramSimulator, type TelegramSimulator } from '../integrations/telegram/telegram-bot.simulator';
import { enqueueJob } from './jobs';
import { jobs } from './jobs.schema';
import { enqueueMail } from './mail';
import { telegramReplyJob } from './telegram';

const metricsToken = 'metrics-token-0123456789-abcdefghijklmnopqrstuvwxyz';

/** The value of the sample `name` whose labels are exactly `labels` in Prometheus' text format; undefined if none. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    const same =
      Object.keys(found).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => found[key] === value);
    if (same) return Number(match[3]);
  }
  return undefined;
}

describe('without METRICS_TOKEN', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test?.close());

  it('knows no /api/metrics, whatever the caller sends', async () => {
    for (const token of [undefined, metricsToken, '']) {
      const response = await api(test.app, { url: '/api/metrics', token, csrf: false });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('routeNotFound');
    }
    expect(test.app.metrics.listenerAddress()).toBeNull();
  });
});

describe('with METRICS_TOKEN and METRICS_PORT', () => {
  let test: TestApp;
  let smtp: TestSmtpServer;
  let telegram: TelegramSimulator;
  /** Whether the SMTP server refuses the next mails (451, try later). */
  let refuseMail = false;

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: () => (refuseMail ? { code: 451, message: 'try again later' } : null) });
    telegram = await startTelegramSimulator({ port: 0, token: 'metrics-bot-token' });
    test = await createTestApp({
      METRICS_TOKEN: metricsToken,
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: smtp.url,
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: telegram.token,
      // The tests run the jobs themselves (drain), even while the app listens for the realtime socket.
      JOBS_WORKER: 'false',
    });
    await test.app.ready();
  });
  afterAll(async () => {
    await test?.close();
    await smtp?.close();
    await telegram?.close();
  });

  const scrape = async () => {
    const response = await api(test.app, { url: '/api/metrics', token: metricsToken, csrf: false });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it('answers only the configured bearer token, with 401 otherwise', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${metricsToken.slice(0, -1)}x` },
      { authorization: `Basic ${Buffer.from(`prometheus:${metricsToken}`).toString('base64')}` },
      // A session's token or the app key is no metrics token either.
      { authorization: `Bearer ${await signIn(test.app, 'admin')}` },
      { authorization: `Bearer ${testAppKey}` },
    ];
    for (const headers of refused) {
      const response = await api(test.app, { url: '/api/metrics', headers, csrf: false });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
      expect(response.body).not.toContain('http_requests_total');
    }

    const response = await api(test.app, { url: '/api/metrics', token: metricsToken, csrf: false });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE http_requests_total counter');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    // The process's own, collected where metrics are served.
    expect(sampleOf(response.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleOf(response.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('is left out of the API document', async () => {
    const document = (await api(test.app, { url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/api/metrics');
  });

  it('counts answers by route pattern and status, an unknown URL as "unmatched"', async () => {
    await api(test.app, { url: '/health/live', csrf: false });
    await api(test.app, { url: '/health/live', csrf: false });
    await api(test.app, { url: '/api/employees/raw-id', csrf: false });
    await api(test.app, { url: '/api/no-such-thing', csrf: false });
    const text = await scrape();

    const live = { method: 'GET', route: '/health/live', status_code: '200' };
    expect(sampleOf(text, 'http_requests_total', live)).toBe(2);
    expect(sampleOf(text, 'http_request_duration_seconds_count', live)).toBe(2);
    expect(sampleOf(text, 'http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBe(2);
    const employee = { method: 'GET', route: '/api/employees/:id', status_code: '401' };
    expect(sampleOf(text, 'http_requests_total', employee)).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(sampleOf(text, 'http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
    // Raw URLs never become labels.
    expect(text).not.toContain('raw-id');
    expect(text).not.toContain('no-such-thing');
  });

  it('shows the jobs per kind and state, every defined kind at 0 when it has none', async () => {
    await test.db.delete(jobs);
    const [, running, failed] = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        enqueueMail({
          db: test.db,
          to: `${name}@bottega.example`,
          template: 'emailChangeNotice',
          lng: 'it',
          params: { name, email: `${name}@bottega.example` },
        }),
      ),
    );
    const rows = await test.db.select({ id: jobs.id, payload: jobs.payload }).from(jobs);
    const jobOf = (mailId: number | undefined) => rows.find((row) => row.payload.mailId === mailId)?.id ?? 0;
    await test.db
      .update(jobs)
      .set({ state: 'running' })
      .where(eq(jobs.id, jobOf(running)));
    await test.db
      .update(jobs)
      .set({ state: 'failed' })
      .where(eq(jobs.id, jobOf(failed)));

    const text = await scrape();
    for (const state of ['queued', 'running', 'failed']) {
      expect(sampleOf(text, 'bottega_jobs', { kind: 'mail.deliver', state }), state).toBe(1);
      expect(sampleOf(text, 'bottega_jobs', { kind: 'jobs.cleanup', state }), state).toBe(0);
    }
    // Finished jobs are history, not a state to watch.
    expect(sampleOf(text, 'bottega_jobs', { kind: 'mail.deliver', state: 'done' })).toBeUndefined();
    await test.db.delete(jobs);
  });

  it('counts the mails the SMTP server takes and those it refuses', async () => {
    await test.db.delete(jobs);
    const deliveries = async () => {
      const text = await scrape();
      return {
        sent: sampleOf(text, 'bottega_mail_deliveries_total', { outcome: 'sent' }),
        failed: sampleOf(text, 'bottega_mail_deliveries_total', { outcome: 'failed' }),
      };
    };
    expect(await deliveries()).toEqual({ sent: 0, failed: 0 });
    const send = async (to: string) => {
      await enqueueMail({
        db: test.db,
        to,
        template: 'emailChangeNotice',
        lng: 'it',
        params: { name: 'Test', email: to },
      });
      expect(await test.app.jobs.drain()).toBe(1);
    };

    await send('taken@bottega.example');
    expect(await deliveries()).toEqual({ sent: 1, failed: 0 });
    refuseMail = true;
    await send('refused@bottega.example');
    refuseMail = false;
    expect(await deliveries()).toEqual({ sent: 1, failed: 1 });
    expect(smtp.messages.map((message) => message.to)).toEqual(['taken@bottega.example']);
    await test.db.delete(jobs);
  });

  it('counts the Telegram messages the Bot API takes and those it refuses', async () => {
    await test.db.delete(jobs);
    telegram.sendFromChat(4242, '/start', 'Sara');
    const reply = async () => {
      await enqueueJob(test.db, telegramReplyJob, { chatId: '4242', text: 'Ciao Sara' });
      expect(await test.app.jobs.drain()).toBe(1);
      const text = await scrape();
      return {
        sent: sampleOf(text, 'bottega_telegram_deliveries_total', { outcome: 'sent' }),
        failed: sampleOf(text, 'bottega_telegram_deliveries_total', { outcome: 'failed' }),
      };
    };
    expect(await reply()).toEqual({ sent: 1, failed: 0 });
    telegram.setBlocked(4242, true);
    expect(await reply()).toEqual({ sent: 1, failed: 1 });
    expect(telegram.messagesTo(4242).map((message) => message.text)).toEqual(['Ciao Sara']);
  });

  it('counts the receipts the registers send, by outcome', async () => {
    const adminToken = await signIn(test.app, 'admin');
    const shopId = await findShopId(test.db, 'MI01');
    const created = await api(test.app, {
      method: 'POST',
      url: `/api/shops/${shopId}/sales-clients`,
      token: adminToken,
      body: { name: 'Cassa metriche' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const credential = `${created.json().data.clientId}.${created.json().data.secret}`;
    const receipt = (receiptNumber: number) => ({
      registerCode: 'M1',
      businessDate: '2026-03-10',
      issuedAt: '2026-03-10T10:15:00+01:00',
      receiptNumber,
      sequenceNumber: 5000 + receiptNumber,
      type: 'sale',
      employee: null,
      loyaltyCard: null,
      totalCents: 1500,
      discountCents: 0,
      pieces: 1,
      lines: [{ productCode: 'P1', quantity: 1, unitPriceCents: 1500, subtotalCents: 1500, vatRate: 2200 }],
      payments: [{ method: 'cash', amountCents: 1500 }],
    });
    const send = (records: unknown[]) =>
      api(test.app, {
        method: 'POST',
        url: '/api/sales/ingest/receipts',
        token: credential,
        csrf: false,
        body: { receipts: records },
      });
    const first = await send([receipt(1), receipt(2)]);
    expect(first.json().data, first.body).toMatchObject({ accepted: 2, duplicates: 0 });
    const second = await send([receipt(2), receipt(3), { ...receipt(4), totalCents: 'much' }]);
    expect(second.json().data, second.body).toMatchObject({ accepted: 1, duplicates: 1 });

    const text = await scrape();
    const ingested = (outcome: string) => sampleOf(text, 'bottega_sales_receipts_ingested_total', { outcome });
    expect([ingested('accepted'), ingested('duplicate'), ingested('rejected')]).toEqual([3, 1, 1]);
  });

  it('shows the realtime sockets connected to this process', async () => {
    const connections = async () => sampleOf(await scrape(), 'bottega_realtime_connections');
    expect(await connections()).toBe(0);
    const socket = await connectSocket(test.app);
    try {
      expect(await connections()).toBe(1);
    } finally {
      socket.disconnect();
    }
    await expect.poll(connections).toBe(0);
  });

  it('serves GET /metrics on METRICS_PORT, bound to HOST, and nothing else there', async () => {
    const address = test.app.metrics.listenerAddress();
    expect(address?.address).toBe('127.0.0.1');
    expect(address?.port).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${address?.port}`;

    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await metrics.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(sampleOf(text, 'bottega_mail_deliveries_total', { outcome: 'sent' })).toBe(1);

    for (const path of ['/', '/metrics/x', '/api/metrics', '/health/live', '/api/auth/user', '/index.html']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('http_requests_total');
    }
    const posted = await fetch(`${base}/metrics`, { method: 'POST', body: '{}' });
    expect(posted.status).toBe(404);
  });

  it('closes its listener with the app', async () => {
    const port = test.app.metrics.listenerAddress()?.port;
    await test.app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
