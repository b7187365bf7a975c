// Changing a person's sign-in email. Rules: the address never changes on someone's word alone; a new
// address is stored as pending and a link is mailed to it (256 random bits, stored only as their
// SHA-256, single use, valid EMAIL_CONFIRMATION_HOURS, only the newest request of a person works);
// the old address is told at once; the address changes when the link is opened, if nobody took it
// meanwhile. Requests, confirmations and refusals are audited.
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import { hashToken, newToken } from '../../platform/crypto';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail';
import { invalidateSessions } from '../../platform/session-cache';
import { emailChanges, users } from '../employees/employees.schema';

type EmailChangeConfig = Pick<Config, 'appKey' | 'publicUrl' | 'emailConfirmationHours'>;

/** The link of the confirmation mail: the public confirmation page with the token. */
function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/confirm-email?token=${encodeURIComponent(token)}`;
}

/** The address waiting for confirmation, or null: the newest request still open. */
export async function pendingEmailOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: emailChanges.email })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`)))
    .orderBy(desc(emailChanges.id))
    .limit(1);
  return row?.email ?? null;
}

async function assertEmailFree(db: Executor, email: string, userId: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)));
  if (taken) throw new AppError('validation', {}, { email: [{ rule: 'unique' }] });
}

/**
 * Asks for `email` to become the person's address, in the caller's transaction: the confirmation goes
 * to the new address, a notice to the old one. Call kickJobs() after commit.
 */
export async function requestEmailChange(
  tx: Executor,
  options: {
    config: EmailChangeConfig;
    user: { id: number; email: string; name: string; username: string; lng: string };
    email: string;
    actorId: number;
    ip: string | null;
  },
): Promise<void> {
  const { config, user, email } = options;
  await assertEmailFree(tx, email, user.id);
  const now = new Date();
  // Only the newest request works.
  await tx
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
  const token = newToken();
  const [change] = await tx
    .insert(emailChanges)
    .values({
      userId: user.id,
      email,
      tokenHash: hashToken(token),
      requestedBy: options.actorId,
      expiresAt: new Date(now.getTime() + config.emailConfirmationHours * 3_600_000),
    })
    .returning({ id: emailChanges.id });
  const confirmationMailId = await enqueueMail({
    db: tx,
    to: email,
    template: 'emailChange',
    lng: user.lng,
    params: {
      name: user.name,
      username: user.username,
      link: confirmationLink(config.publicUrl, token),
      hours: config.emailConfirmationHours,
    },
    secret: { value: token, appKey: config.appKey },
  });
  const noticeMailId = await enqueueMail({
    db: tx,
    to: user.email,
    template: 'emailChangeNotice',
    lng: user.lng,
    params: { name: user.name, email },
  });
  await writeAudit(tx, {
    actorId: options.actorId,
    action: 'user.emailChangeRequested',
    entity: 'user',
    entityId: user.id,
    data: { from: user.email, to: email, changeId: change?.id, confirmationMailId, noticeMailId },
    ip: options.ip,
  });
}

/** Opens the link: the pending address becomes the person's email. */
export async function confirmEmailChange(options: { db: Database; token: string; ip?: string }): Promise<void> {
  const ip = options.ip ?? null;
  const outcome = await options.db.transaction(async (tx) => {
    const [change] = await tx
      .select({
        id: emailChanges.id,
        userId: emailChanges.userId,
        email: emailChanges.email,
        usedAt: emailChanges.usedAt,
        expiresAt: emailChanges.expiresAt,
        before: users.email,
      })
      .from(emailChanges)
      .innerJoin(users, eq(users.id, emailChanges.userId))
      .where(and(eq(emailChanges.tokenHash, hashToken(options.token)), isNull(users.deletedAt)))
      .for('update', { of: emailChanges });
    let refusal: 'emailLinkInvalid' | 'emailLinkExpired' | null = null;
    if (!change || change.usedAt) refusal = 'emailLinkInvalid';
    else if (change.expiresAt.getTime() <= Date.now()) refusal = 'emailLinkExpired';
    if (!change || refusal) {
      await writeAudit(tx, {
        actorId: null,
        action: 'user.emailChangeFailed',
        entity: 'user',
        entityId: change?.userId ?? null,
        reason: refusal,
        data: change ? { changeId: change.id } : {},
        ip,
      });
      return { refusal: refusal ?? 'emailLinkInvalid' } as const;
    }
    await assertEmailFree(tx, change.email, change.userId);
    const now = new Date();
    await tx.update(users).set({ email: change.email, updatedAt: now }).where(eq(users.id, change.userId));
    await invalidateSessions(tx, { userId: change.userId });
    await tx.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.id, change.id));
    await writeAudit(tx, {
      actorId: change.userId,
      action: 'user.emailChanged',
      entity: 'user',
      entityId: change.userId,
      data: { changeId: change.id, from: change.before, to: change.email },
      ip,
    });
    return { refusal: null } as const;
  });
  if (outcome.refusal) throw new AppError(outcome.refusal);
}
