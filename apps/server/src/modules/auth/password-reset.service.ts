// Password reset by email (spec §5 Passwords, §8 Password reset). Rules:
// - asking for a link answers the same whether or not the address belongs to someone ("link sent"),
//   unless PASSWORD_RESET_REVEAL_UNKNOWN_EMAIL says to tell (userNotFoundForEmail);
// - asking is throttled: one link per address every PASSWORD_RESET_THROTTLE_SECONDS, and a few per
//   network address in that time, for known and unknown addresses alike (so the answer reveals nothing);
// - the link carries 256 random bits, stored only as their SHA-256; it works once, only until it
//   expires (PASSWORD_RESET_MINUTES), and only the newest link of a person works;
// - a reset sets the new password and signs the person out everywhere (every session revoked);
// - the same link, lasting INVITATION_DAYS, invites a new employee to choose their first password
//   (and lets a manager send anyone a set-password link): completing it is the same reset;
// - the mail keeps the token only redacted in the outbox (platform/mail.ts): only the recipient gets it;
// - requests, refusals and resets are audited; an address that matches nobody is never stored,
//   only its keyed hash (HMAC with the app key), which is what the throttle counts on.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import { auditLog } from '../../platform/audit.schema';
import { hashToken, newToken, sign } from '../../platform/crypto';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { kickJobs } from '../../platform/jobs';
import { enqueueMail } from '../../platform/mail';
import { assertAcceptablePassword, hashPassword } from '../../platform/passwords';
import { invalidateSessions } from '../../platform/session-cache';
import { revokeUserSessions } from '../../platform/sessions';
import { passwordResets, users } from '../employees/employees.schema';

/** Requests are audited under this entity, keyed by the address's HMAC: the throttle reads them back. */
const requestEntity = 'passwordResetRequest';
const requestedAction = 'auth.passwordResetRequested';
/** How many links one network address may ask for within the throttle time (a shop's tablets share one). */
export const requestsPerAddress = 5;
/** Namespace of the advisory lock that serialises two requests for the same address. */
const lockNamespace = 7_220_452;

type LinkConfig = Pick<Config, 'appKey' | 'publicUrl' | 'passwordReset' | 'invitationDays'>;

/** The address as a keyed hash: equal for equal addresses (any case), meaningless without the app key. */
export function emailKey(appKey: string, email: string): string {
  return sign(appKey, 'password-reset-email', email.trim().toLowerCase());
}

/** Seconds to wait before this address (and this network address) may ask again; 0 when it may now. */
async function secondsToWait(db: Executor, options: { key: string; ip: string | null; throttleSeconds: number }) {
  const { key, ip, throttleSeconds } = options;
  if (throttleSeconds <= 0) return 0;
  // Counted on the database's clock, which also stamped the audit rows.
  const throttle = sql`make_interval(secs => ${throttleSeconds})`;
  const secondsLeft = sql<number>`ceil(extract(epoch from ${auditLog.at} + ${throttle} - now()))::int`;
  const recent = and(
    eq(auditLog.entity, requestEntity),
    eq(auditLog.action, requestedAction),
    gt(auditLog.at, sql`now() - ${throttle}`),
  );

  const [last] = await db
    .select({ secondsLeft })
    .from(auditLog)
    .where(and(recent, eq(auditLog.entityId, key)))
    .orderBy(desc(auditLog.at))
    .limit(1);
  let wait = last?.secondsLeft ?? 0;

  if (ip) {
    const fromAddress = await db
      .select({ secondsLeft })
      .from(auditLog)
      .where(and(recent, eq(auditLog.ip, ip)))
      .orderBy(desc(auditLog.at))
      .limit(requestsPerAddress);
    const oldest = fromAddress[requestsPerAddress - 1];
    if (oldest) wait = Math.max(wait, oldest.secondsLeft);
  }
  return Math.max(0, Math.min(wait, throttleSeconds));
}

/** The link of the mail: the public reset page (or, for an invitation, the set-password page) with the token. */
export function resetLink(
  publicUrl: string,
  token: string,
  page: 'reset-password' | 'set-password' = 'reset-password',
) {
  return `${publicUrl.replace(/\/+$/, '')}/${page}?token=${encodeURIComponent(token)}`;
}

/**
 * Writes a new single-use link for the person and mails it, in the caller's transaction: a reset
 * (valid PASSWORD_RESET_MINUTES) or an invitation to set the password (INVITATION_DAYS). Only the
 * newest link of a person works, so this retires the ones sent before. Call kickJobs() after commit.
 */
export async function issuePasswordLink(
  tx: Executor,
  options: {
    config: LinkConfig;
    user: { id: number; email: string; name: string; username: string; lng: string };
    purpose: 'reset' | 'invitation';
    ip: string | null;
  },
): Promise<{ resetId: number; mailId: number; link: string }> {
  const { config, user, purpose } = options;
  const now = new Date();
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
  const token = newToken();
  const validMs = purpose === 'reset' ? config.passwordReset.minutes * 60_000 : config.invitationDays * 86_400_000;
  const [reset] = await tx
    .insert(passwordResets)
    .values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + validMs),
      ip: options.ip,
    })
    .returning({ id: passwordResets.id });
  const secret = { value: token, appKey: config.appKey };
  const link = resetLink(config.publicUrl, token, purpose === 'reset' ? undefined : 'set-password');
  const mailId =
    purpose === 'reset'
      ? await enqueueMail({
          db: tx,
          to: user.email,
          template: 'passwordReset',
          lng: user.lng,
          params: { name: user.name, link, minutes: config.passwordReset.minutes },
          secret,
        })
      : await enqueueMail({
          db: tx,
          to: user.email,
          template: 'setPassword',
          lng: user.lng,
          params: {
            name: user.name,
            username: user.username,
            link,
            days: config.invitationDays,
          },
          secret,
        });
  // The link is the person's secret: the caller passes it on (the first administrator's console) but never logs it.
  return { resetId: reset?.id as number, mailId, link };
}

/**
 * Asks for a reset link. Resolves the same way whether or not the address belongs to someone;
 * throws resetThrottled (with the seconds to wait) when asked too often, and userNotFoundForEmail
 * only when the settings say to reveal unknown addresses.
 */
export async function requestPasswordReset(options: {
  db: Database;
  config: LinkConfig;
  email: string;
  ip?: string;
}): Promise<void> {
  const { db, config } = options;
  const settings = config.passwordReset;
  const key = emailKey(config.appKey, options.email);
  const ip = options.ip ?? null;

  const outcome = await db.transaction(async (tx) => {
    // Two requests for one address at the same moment would both pass the throttle otherwise.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockNamespace}, hashtext(${key}))`);
    const seconds = await secondsToWait(tx, { key, ip, throttleSeconds: settings.throttleSeconds });
    if (seconds > 0) {
      await writeAudit(tx, {
        actorId: null,
        action: 'auth.passwordResetThrottled',
        entity: requestEntity,
        entityId: key,
        data: { seconds },
        ip,
      });
      return { kind: 'throttled', seconds } as const;
    }

    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name, username: users.username, lng: users.lng })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${options.email.trim().toLowerCase()}`, isNull(users.deletedAt)))
      .limit(1);
    if (!user) {
      await writeAudit(tx, {
        actorId: null,
        action: requestedAction,
        entity: requestEntity,
        entityId: key,
        data: { unknownEmail: true },
        ip,
      });
      return { kind: 'unknown' } as const;
    }

    const { resetId, mailId } = await issuePasswordLink(tx, { config, user, purpose: 'reset', ip });
    await writeAudit(tx, {
      actorId: null,
      action: requestedAction,
      entity: requestEntity,
      entityId: key,
      data: { userId: user.id, resetId, mailId },
      ip,
    });
    return { kind: 'sent' } as const;
  });

  if (outcome.kind === 'throttled') throw new AppError('resetThrottled', { seconds: outcome.seconds });
  if (outcome.kind === 'unknown') {
    if (settings.revealUnknownEmail) throw new AppError('userNotFoundForEmail');
    return;
  }
  kickJobs();
}

type ResetRow = { id: number; userId: number; usedAt: Date | null; expiresAt: Date };

async function findReset(db: Executor, token: string, lock: boolean): Promise<ResetRow | undefined> {
  const query = db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      usedAt: passwordResets.usedAt,
      expiresAt: passwordResets.expiresAt,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(users.deletedAt)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: passwordResets }) : await query;
  return row;
}

/** Why a link cannot be used, or null when it can. */
function refusalOf(reset: ResetRow | undefined): 'resetTokenInvalid' | 'resetLinkExpired' | null {
  if (!reset || reset.usedAt) return 'resetTokenInvalid';
  if (reset.expiresAt.getTime() <= Date.now()) return 'resetLinkExpired';
  return null;
}

/** Whether a link can still be used, so the page says so before the new password is typed. */
export async function checkPasswordResetToken(options: { db: Database; token: string }): Promise<void> {
  const refusal = refusalOf(await findReset(options.db, options.token, false));
  if (refusal) throw new AppError(refusal);
}

/**
 * Sets the new password through a link, uses the link up and signs the person out everywhere. The new
 * password must pass the password policy (checked here, so every link that sets one goes through it).
 */
export async function resetPassword(options: {
  db: Database;
  token: string;
  password: string;
  ip?: string;
}): Promise<{ revokedSessions: number }> {
  const { db } = options;
  const ip = options.ip ?? null;
  // The policy needs the person, so it is checked on a usable link only; an unusable one is refused (and
  // audited) below, where the link is checked again under its lock.
  const pending = await findReset(db, options.token, false);
  if (pending && !refusalOf(pending)) {
    const [owner] = await db
      .select({ username: users.username, name: users.name, surname: users.surname, email: users.email })
      .from(users)
      .where(eq(users.id, pending.userId));
    if (owner) await assertAcceptablePassword(options.password, owner);
  }
  // Hashed before the transaction: argon2 is slow on purpose and must not hold the row's lock.
  const passwordHash = await hashPassword(options.password);

  const outcome = await db.transaction(async (tx) => {
    const reset = await findReset(tx, options.token, true);
    const refusal = refusalOf(reset);
    if (!reset || refusal) {
      await writeAudit(tx, {
        actorId: null,
        action: 'auth.passwordResetFailed',
        entity: 'user',
        entityId: reset?.userId ?? null,
        reason: refusal,
        data: reset ? { resetId: reset.id } : {},
        ip,
      });
      return { kind: 'refused', refusal: refusal ?? 'resetTokenInvalid' } as const;
    }
    const now = new Date();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
    await invalidateSessions(tx, { userId: reset.userId });
    // This link is used, and any other still open for the person dies with it.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    const revoked = await revokeUserSessions(tx, reset.userId);
    await writeAudit(tx, {
      actorId: reset.userId,
      action: 'auth.passwordReset',
      entity: 'user',
      entityId: reset.userId,
      data: { resetId: reset.id, revokedSessions: revoked },
      ip,
    });
    return { kind: 'reset', revokedSessions: revoked } as const;
  });

  if (outcome.kind === 'refused') throw new AppError(outcome.refusal);
  return { revokedSessions: outcome.revokedSessions };
}
