// Mail: templates written in the recipient's language, a transactional outbox, and the loop that
// delivers it over SMTP. A mail is first a row of mail_outbox, written in the same transaction as
// the change that causes it, so a mail is never sent for a change that rolled back nor lost for one
// that committed. With SMTP_URL a poller sends pending rows; without it they stay in the outbox,
// where developers read them in the app (/app/developer/mail).
import { type Language, languageSchema } from '@bottega/contracts/common';
import { mailMaxAttempts } from '@bottega/contracts/developer';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, Executor } from './db';
import { translate } from './i18n';
import { mailOutbox } from './mail.schema';

// ---------------------------------------------------------------------------------------------
// Templates: texts in locales/<lng>/mail.json, rendered as plain text and as simple HTML.

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** What a template says: subject, greeting, paragraphs before and after one call to action. */
type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
};

/** Every mail the app writes; a template's params are what its texts need. */
const mailTemplates = {
  passwordReset: (t: Translate, params: { name: string; link: string; minutes: number }): MailContent => ({
    subject: t('passwordReset.subject'),
    greeting: t('layout.greeting', { name: params.name }),
    paragraphs: [t('passwordReset.intro')],
    action: { label: t('passwordReset.action'), url: params.link },
    after: [t('passwordReset.validity', { minutes: params.minutes }), t('passwordReset.ignore')],
  }),
} satisfies Record<string, (t: Translate, params: never) => MailContent>;

export type MailTemplate = keyof typeof mailTemplates;
export type MailParams<T extends MailTemplate> = Parameters<(typeof mailTemplates)[T]>[1];
export type RenderedMail = { subject: string; text: string; html: string };

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character] as string);
}

/** Only web links may become a button: anything else (javascript:, data:) is shown as text. */
function isWebLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The mail in the recipient's language. The text version is the translations as they are; in the
 * HTML version every piece of text, parameters included, is escaped, so a name like `<b>` stays text.
 */
export function renderMail<T extends MailTemplate>(template: T, lng: Language, params: MailParams<T>): RenderedMail {
  const t: Translate = (key, values) => translate(lng, `mail:${key}`, values);
  const render = mailTemplates[template] as (t: Translate, params: MailParams<T>) => MailContent;
  const content = render(t, params);
  const signature = t('layout.signature');
  const automatic = t('layout.automatic');

  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...(content.after ?? []),
    `${signature}\n${automatic}`,
  ].join('\n\n');

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  let action = '';
  if (content.action && isWebLink(content.action.url)) {
    const href = escapeHtml(content.action.url);
    action = [
      '<p style="margin:24px 0">',
      `<a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#228be6;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a>`,
      '</p>',
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(t('layout.linkHint'))}<br><a href="${href}" dir="ltr" style="color:#1c7ed6;word-break:break-all">${href}</a></p>`,
    ].join('');
  } else if (content.action) {
    action = paragraph(`${content.action.label}: ${content.action.url}`);
  }
  const direction = lng === 'ar' ? 'rtl' : 'ltr';
  const html = [
    '<!doctype html>',
    `<html lang="${lng}" dir="${direction}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    "<body style=\"margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic',sans-serif;color:#1a1b1e;line-height:1.5\">",
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    '<p style="margin:0 0 24px;font-size:20px;font-weight:700">Bottega</p>',
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    action,
    ...(content.after ?? []).map(paragraph),
    `<p style="margin:24px 0 0;font-size:13px;color:#555555">${escapeHtml(signature)}<br>${escapeHtml(automatic)}</p>`,
    '</div></body></html>',
  ].join('\n');

  return { subject: content.subject, text, html };
}

/**
 * Writes a mail to the outbox, in the caller's transaction. After that transaction commits, call
 * kickMailDelivery() so it leaves at once rather than at the next poll.
 */
export async function enqueueMail<T extends MailTemplate>(options: {
  db: Executor;
  to: string;
  template: T;
  /** The recipient's language (users.lng); anything unknown falls back to Italian. */
  lng: string;
  params: MailParams<T>;
}): Promise<number> {
  const lng = languageSchema.catch('it').parse(options.lng);
  const mail = renderMail(options.template, lng, options.params);
  const [row] = await options.db
    .insert(mailOutbox)
    .values({
      recipient: options.to,
      subject: mail.subject.slice(0, 300),
      text: mail.text,
      html: mail.html,
      template: options.template,
      lng,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('the mail was not written to the outbox');
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Delivery: a small poller, one per server process, safe to run on every node.

export type OutgoingMail = { from: string; to: string; subject: string; text: string; html: string };

/** Where mails go; SMTP in production, anything with `send` in tests. */
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; close?: () => void };

/** nodemailer over SMTP_URL (e.g. smtp://user:pass@host:587, smtps://… for TLS from the start). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // Short timeouts: a send holds the row's lock (on PGlite, the whole database) while it waits.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/**
 * Seconds after creation before each attempt: the waits double from 30 s up to an hour, so a mail
 * that keeps failing is tried at 0 s, 30 s, 1.5 min, 3.5 min … and the tenth time about 3 hours
 * after it was written. The outbox has no "next attempt" column, so the plan counts from created_at.
 */
export function retrySchedule(baseSeconds = 30, capSeconds = 3600): number[] {
  const schedule = [0];
  for (let attempt = 1; attempt < mailMaxAttempts; attempt += 1) {
    const wait = Math.min(baseSeconds * 2 ** (attempt - 1), capSeconds);
    schedule.push((schedule[attempt - 1] as number) + wait);
  }
  return schedule;
}

export type DeliveryOutcome = 'sent' | 'failed' | 'none';

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}

/**
 * Sends the oldest mail that is due, if any. The row is claimed with FOR UPDATE SKIP LOCKED and
 * its lock held until the attempt is recorded, so two pollers (or two server nodes) never send the
 * same mail twice: the other one skips it and takes the next.
 */
export async function deliverNextMail(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  schedule?: number[];
}): Promise<DeliveryOutcome> {
  const schedule = options.schedule ?? retrySchedule();
  // Whole seconds written into the query: they are this module's numbers, never user input.
  const secondsAfterCreation = sql.raw(schedule.map((seconds) => String(Math.max(0, Math.trunc(seconds)))).join(', '));
  return options.db.transaction(async (tx) => {
    const [mail] = await tx
      .select()
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lt(mailOutbox.attempts, schedule.length),
          sql`${mailOutbox.createdAt} + make_interval(secs => (ARRAY[${secondsAfterCreation}]::int[])[${mailOutbox.attempts} + 1]) <= now()`,
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!mail) return 'none';
    try {
      await options.transport.send({
        from: options.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (error) {
      await tx
        .update(mailOutbox)
        .set({ attempts: mail.attempts + 1, lastError: describeError(error) })
        .where(eq(mailOutbox.id, mail.id));
      return 'failed';
    }
    // last_error is kept: it tells why earlier attempts failed.
    await tx
      .update(mailOutbox)
      .set({ attempts: mail.attempts + 1, sentAt: new Date() })
      .where(eq(mailOutbox.id, mail.id));
    return 'sent';
  });
}

export type MailDelivery = { kick: () => Promise<void>; stop: () => Promise<void> };

const runningDeliveries = new Set<MailDelivery>();

/** Wakes this process's delivery loops now, e.g. right after a transaction that wrote a mail has committed. */
export function kickMailDelivery(): void {
  for (const delivery of runningDeliveries) void delivery.kick();
}

/**
 * Polls the outbox every `intervalMs` (and whenever kicked) and sends what is due, at most
 * `batchSize` mails a round. One round runs at a time; a kick during a round asks for another.
 * A failed attempt usually means the SMTP server is down, so the poller then pauses (30 s, doubling
 * up to 5 minutes) instead of trying every other due mail against it, each waiting for its timeout.
 */
export function startMailDelivery(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  logger?: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
  schedule?: number[];
  pauseAfterFailureMs?: number;
}): MailDelivery {
  const batchSize = options.batchSize ?? 50;
  const pauseMs = options.pauseAfterFailureMs ?? 30_000;
  let failuresInARow = 0;
  let pausedUntil = 0;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const round = async () => {
    do {
      again = false;
      for (let sent = 0; sent < batchSize && !stopped && Date.now() >= pausedUntil; sent += 1) {
        const outcome = await deliverNextMail(options);
        if (outcome === 'none') break;
        if (outcome === 'sent') failuresInARow = 0;
        if (outcome === 'failed') {
          failuresInARow += 1;
          const pause = Math.min(pauseMs * 2 ** (failuresInARow - 1), 300_000);
          pausedUntil = Date.now() + pause;
          options.logger?.warn({ pauseMs: pause }, 'a mail could not be delivered; it will be retried');
        }
      }
    } while (again && !stopped && Date.now() >= pausedUntil);
  };

  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((error: unknown) => options.logger?.error({ err: error }, 'mail delivery failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void kick(), options.intervalMs ?? 5000);
  timer.unref();

  const delivery: MailDelivery = {
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      runningDeliveries.delete(delivery);
      await running;
      options.transport.close?.();
    },
  };
  runningDeliveries.add(delivery);
  return delivery;
}

/** With SMTP_URL, the app delivers its outbox while it listens and stops doing so when it closes. */
export function registerMailDelivery(app: FastifyInstance): void {
  const { smtpUrl, mailFrom } = app.config;
  if (!smtpUrl) return;
  let delivery: MailDelivery | undefined;
  app.addHook('onListen', async () => {
    delivery ??= startMailDelivery({
      db: app.db,
      transport: createSmtpTransport(smtpUrl),
      from: mailFrom,
      logger: app.log,
    });
    void delivery.kick();
  });
  app.addHook('onClose', async () => {
    await delivery?.stop();
  });
}
