// Mail: templates written in the recipient's language, a transactional outbox, and the job that
// delivers each mail over SMTP. A mail is first a row of mail_outbox, written with its delivery job in
// the same transaction as the change that causes it, so a mail is never sent for a change that rolled
// back nor lost for one that committed. With SMTP_URL the job sends it; without it stays in the
// outbox, where developers read it in the app (/app/developer/mail).
// A mail's secret (the token of a reset, invitation or confirmation link) is meant for its recipient
// alone: the outbox keeps the body with the secret shown as [redacted] and the secret itself sealed
// with the app key, unsealed only into the copy handed to SMTP and dropped once the mail has left.
// Neither a developer reading the outbox nor someone reading the database can use it.
import { type Language, storedLanguageSchema } from '@bottega/contracts/common';
import { mailMaxAttempts } from '@bottega/contracts/developer';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { decryptSecret, encryptSecret } from './crypto';
import type { Executor } from './db';
import { translate } from './i18n';
import { defineJob, enqueueJob } from './jobs';
import { mailOutbox } from './mail.schema';
import { countDelivery } from './metrics';
import type { Storage } from './storage';
import { tellNotSent } from './web-notifications';

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
  setPassword: (t: Translate, params: { name: string; username: string; link: string; days: number }): MailContent => ({
    subject: t('setPassword.subject'),
    greeting: t('layout.greeting', { name: params.name }),
    paragraphs: [t('setPassword.intro', { username: params.username })],
    action: { label: t('setPassword.action'), url: params.link },
    after: [t('setPassword.validity', { days: params.days }), t('setPassword.ignore')],
  }),
  /** To the new address: the change happens only when this link is opened. */
  emailChange: (
    t: Translate,
    params: { name: string; username: string; link: string; hours: number },
  ): MailContent => ({
    subject: t('emailChange.subject'),
    greeting: t('layout.greeting', { name: params.name }),
    paragraphs: [t('emailChange.intro', { username: params.username })],
    action: { label: t('emailChange.action'), url: params.link },
    after: [t('emailChange.validity', { hours: params.hours }), t('emailChange.ignore')],
  }),
  /** To the old address, so a change nobody expected is noticed. */
  emailChangeNotice: (t: Translate, params: { name: string; email: string }): MailContent => ({
    subject: t('emailChangeNotice.subject'),
    greeting: t('layout.greeting', { name: params.name }),
    paragraphs: [t('emailChangeNotice.intro', { email: params.email }), t('emailChangeNotice.ignore')],
  }),
  /** A notification by email (notify()): the event's text in the recipient's language and a link to its page. */
  notification: (t: Translate, params: { name: string; text: string; link: string | null }): MailContent => ({
    subject: t('notification.subject', { text: params.text }),
    greeting: t('layout.greeting', { name: params.name }),
    paragraphs: [params.text],
    ...(params.link ? { action: { label: t('notification.action'), url: params.link } } : {}),
    after: [t('notification.why')],
  }),
  /** A club customer's one-time code (issue 27): to confirm their email, or to choose a new password. */
  clubCode: (
    t: Translate,
    params: { name: string; code: string; minutes: number; purpose: 'confirm' | 'reset' },
  ): MailContent => ({
    subject: t(params.purpose === 'confirm' ? 'clubCode.subjectConfirm' : 'clubCode.subjectReset'),
    greeting: t('layout.greeting', { name: params.name }),
    paragraphs: [
      t(params.purpose === 'confirm' ? 'clubCode.introConfirm' : 'clubCode.introReset'),
      t('clubCode.code', { code: params.code }),
    ],
    after: [t('clubCode.validity', { minutes: params.minutes }), t('clubCode.ignore')],
  }),
  /** A transport document to the other side of a logistics file, its DDT attached (issue 25). */
  logisticsDocument: (
    t: Translate,
    params: {
      name: string;
      number: string;
      date: string;
      sender: string;
      recipient: string;
      lines: number;
      quantity: number;
    },
  ): MailContent => ({
    subject: t('logisticsDocument.subject', { number: params.number, date: params.date, sender: params.sender }),
    greeting: t('layout.greeting', { name: params.name }),
    paragraphs: [
      t('logisticsDocument.intro', {
        number: params.number,
        date: params.date,
        sender: params.sender,
        recipient: params.recipient,
      }),
      t('logisticsDocument.goods', { lines: params.lines, quantity: params.quantity }),
    ],
    after: [t('logisticsDocument.attached')],
  }),
} satisfies Record<string, (t: Translate, params: never) => MailContent>;

export type MailTemplate = keyof typeof mailTemplates;
export type MailParams<T extends MailTemplate> = Parameters<(typeof mailTemplates)[T]>[1];

/** The templates whose link carries a secret: they are only ever written with it, so it is never stored readable. */
const secretTemplates = new Set<MailTemplate>(['passwordReset', 'setPassword', 'emailChange', 'clubCode']);
type SecretTemplate = 'passwordReset' | 'setPassword' | 'emailChange' | 'clubCode';
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
 * A file a mail carries (a transport document's PDF): kept in Storage under `mail/`, named in the outbox row, read
 * back when the mail leaves and when a developer opens it in the outbox.
 */
export type MailAttachment = { key: string; fileName: string; type: string; size: number };

/** Keeps a file for a mail about to be written; a mail that is then not written leaves it unused, never exposed. */
export async function storeMailAttachment(
  storage: Storage,
  file: { fileName: string; type: string; bytes: Uint8Array; extension: string },
): Promise<MailAttachment> {
  const key = await storage.put('mail', file.bytes, file.extension);
  return { key, fileName: file.fileName, type: file.type, size: file.bytes.byteLength };
}

/** What the outbox shows in place of a mail's secret. */
export const redactedSecret = '[redacted]';

/** The stored body with its secret put back: only for the copy that goes to the recipient. */
function revealSecret(body: string, secret: string): string {
  return body.replaceAll(redactedSecret, secret);
}

/**
 * Writes a mail to the outbox and queues its delivery job, in the caller's transaction. After that transaction
 * commits, call kickJobs() so it leaves at once rather than at the next poll. A `secret` (a link's token, which
 * must appear in the params as it is) is stored only redacted in the body and sealed aside. `triggeredBy` is told
 * ("notification not sent") when the mail finally cannot be delivered.
 */
export async function enqueueMail<T extends MailTemplate>(
  options: {
    db: Executor;
    to: string;
    template: T;
    /** The recipient's language (users.lng); anything unknown falls back to Italian. */
    lng: string;
    params: MailParams<T>;
    triggeredBy?: number | null;
    /** Files already kept with storeMailAttachment. */
    attachments?: MailAttachment[];
  } & (T extends SecretTemplate ? { secret: { value: string; appKey: string } } : { secret?: never }),
): Promise<number> {
  const lng = storedLanguageSchema.parse(options.lng);
  const mail = renderMail(options.template, lng, options.params);
  const secret = options.secret as { value: string; appKey: string } | undefined;
  if (secretTemplates.has(options.template) !== Boolean(secret)) {
    throw new Error(`the ${options.template} mail is written ${secret ? 'with' : 'without'} a secret`);
  }
  if (secret && !mail.text.includes(secret.value)) throw new Error('the secret is not in the mail it belongs to');
  const redact = (body: string) => (secret ? body.replaceAll(secret.value, redactedSecret) : body);
  const [row] = await options.db
    .insert(mailOutbox)
    .values({
      recipient: options.to,
      subject: mail.subject.slice(0, 300),
      text: redact(mail.text),
      html: redact(mail.html),
      template: options.template,
      lng,
      sealedSecret: secret ? encryptSecret(secret.appKey, secret.value) : null,
      attachments: options.attachments ?? [],
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('the mail was not written to the outbox');
  await enqueueJob(options.db, deliverMailJob, { mailId: row.id, triggeredBy: options.triggeredBy ?? null });
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Delivery: one job per mail (platform/jobs.ts), retried with the jobs' back-off up to mailMaxAttempts.

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** Where mails go; SMTP in production, anything with `send` in tests. */
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; close?: () => void };

/** nodemailer over SMTP_URL (e.g. smtp://user:pass@host:587, smtps://… for TLS from the start). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // Short timeouts: a slow server delays only its own mail's job, and a dead one is found out quickly.
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

/** One transport per SMTP_URL for the life of the process (nodemailer keeps no connection between mails). */
const transports = new Map<string, MailTransport>();
function transportFor(smtpUrl: string): MailTransport {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = createSmtpTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}

/**
 * Sends one mail of the outbox. With SMTP: the secret is unsealed into the copy handed over, then dropped with the
 * mail marked sent; a refusal is written on the mail (attempts, error) and the job retried. Without SMTP the mail
 * stays in the outbox for developers; its secret can reach its recipient no other way, so when
 * MAIL_SECRETS_TO_CONSOLE says so (the demo and development on one machine) it is written once to the server's
 * console, for whoever runs the server, and dropped.
 */
export const deliverMailJob = defineJob({
  kind: 'mail.deliver',
  payload: z.object({ mailId: z.number().int(), triggeredBy: z.number().int().nullable() }),
  maxAttempts: mailMaxAttempts,
  run: async ({ payload, db, log, now, config: settings, complete, storage, metrics }) => {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, payload.mailId));
    if (!mail || mail.sentAt) return complete();
    const secret = mail.sealedSecret ? decryptSecret(settings.appKey, mail.sealedSecret) : null;
    const reveal = (body: string) => (secret ? revealSecret(body, secret) : body);
    const transport = settings.smtpUrl ? transportFor(settings.smtpUrl) : undefined;
    if (!transport) {
      if (!secret || !settings.mailSecretsToConsole) return complete();
      log.info(`Mail ${mail.id} to ${mail.recipient} (no SMTP_URL, so only here):\n${reveal(mail.text)}`);
      return complete(async (tx) => {
        await tx.update(mailOutbox).set({ sealedSecret: null }).where(eq(mailOutbox.id, mail.id));
        return undefined;
      });
    }
    const attempts = mail.attempts + 1;
    try {
      const attachments = await Promise.all(
        mail.attachments.map(async (attachment) => ({
          filename: attachment.fileName,
          content: Buffer.from(await storage.get(attachment.key)),
          contentType: attachment.type,
        })),
      );
      await countDelivery(metrics?.mailDeliveries, () =>
        transport.send({
          from: settings.mailFrom,
          to: mail.recipient,
          subject: mail.subject,
          text: reveal(mail.text),
          html: reveal(mail.html),
          ...(attachments.length > 0 ? { attachments } : {}),
        }),
      );
    } catch (error) {
      await db
        .update(mailOutbox)
        // A mail that will not be tried again has no use for its secret.
        .set({
          attempts,
          lastError: describeError(error),
          ...(attempts >= mailMaxAttempts ? { sealedSecret: null } : {}),
        })
        .where(eq(mailOutbox.id, mail.id));
      throw error;
    }
    // last_error is kept: it tells why earlier attempts failed.
    await complete(async (tx) => {
      await tx
        .update(mailOutbox)
        .set({ attempts, sentAt: now(), sealedSecret: null })
        .where(eq(mailOutbox.id, mail.id));
      return undefined;
    });
  },
  onGiveUp: async (tx, job) => {
    await tx.update(mailOutbox).set({ sealedSecret: null }).where(eq(mailOutbox.id, job.payload.mailId));
    if (job.payload.triggeredBy !== null) {
      await tellNotSent(tx, { userId: job.payload.triggeredBy, channel: 'email', error: job.lastError });
    }
  },
});
