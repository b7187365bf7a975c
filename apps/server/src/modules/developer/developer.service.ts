// Developer tools: the mail outbox, newest first, and one mail with its text, HTML and attachments. Read-only.
import type { MailDetail, MailSummary } from '@bottega/contracts/developer';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { mailOutbox } from '../../platform/mail.schema';
import type { Storage } from '../../platform/storage';

const summaryColumns = {
  id: mailOutbox.id,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  lng: mailOutbox.lng,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
};

function summarize(row: {
  id: number;
  recipient: string;
  subject: string;
  template: string;
  lng: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
}): MailSummary {
  return { ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null };
}

export async function listOutboxMails(options: { db: Database; page: number; perPage: number; smtp: boolean }) {
  const { db, page, perPage } = options;
  const rows = await db
    .select(summaryColumns)
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(mailOutbox);
  return {
    data: rows.map(summarize),
    meta: { page, perPage, total: total?.value ?? 0, delivery: options.smtp ? ('smtp' as const) : ('outbox' as const) },
  };
}

export async function getOutboxMail(options: { db: Database; id: number }): Promise<MailDetail> {
  const [row] = await options.db
    .select({ ...summaryColumns, text: mailOutbox.text, html: mailOutbox.html, attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, options.id));
  if (!row) throw new AppError('notFound');
  const { attachments, ...mail } = row;
  return {
    ...summarize(mail),
    text: row.text,
    html: row.html,
    attachments: attachments.map(({ fileName, type, size }, index) => ({ index, fileName, type, size })),
  };
}

/** One file of a mail, as it was sent. */
export async function readOutboxAttachment(options: {
  db: Database;
  storage: Storage;
  id: number;
  index: number;
}): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  const [row] = await options.db
    .select({ attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, options.id));
  const attachment = row?.attachments[options.index];
  if (!attachment) throw new AppError('notFound');
  return { bytes: await options.storage.get(attachment.key), fileName: attachment.fileName, type: attachment.type };
}
