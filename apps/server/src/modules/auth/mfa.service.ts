// Two-factor sign-in with an authenticator app (TOTP) and ten single-use recovery codes.
// - The key is sealed with the app key; a setup is pending until a first code confirms it.
// - A code works once (the accepted step is remembered atomically) and every wrong code counts
//   towards the sign-in lockout of the account, so six digits cannot be guessed.
// - "Must use MFA" is read from the groups' own abilities, never implied by the admin rule: it is
//   an obligation, not a power, and every admin would otherwise be forced through it.

import { randomInt } from 'node:crypto';
import { recoveryCodeCount } from '@bottega/contracts/security';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import { decryptSecret, encryptSecret, sign } from '../../platform/crypto';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { accountKey, type LoginThrottle } from '../../platform/login-throttle';
import { users } from '../employees/employees.schema';
import { userGroupMembers, userGroups } from '../user-groups/user-groups.schema';
import { mfaRecoveryCodes, userMfa } from './auth.schema';
import { acceptedTotpStep, newTotpSecret, totpEnrolment } from './totp';

const mustUseMfaAbility = 'security.mustUseMfa';
/** Recovery codes avoid look-alike characters (0/O, 1/I): ten of 32 symbols, 50 bits each. */
const recoveryAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type AppKey = Pick<Config, 'appKey'>;

export type SecondFactor = { code: string } | { recoveryCode: string };

/** A change the user makes by proving their second factor with a current code, under the sign-in lockout. */
type CodeCall = { db: Database; config: AppKey; throttle: LoginThrottle; userId: number; code: string; ip: string };

export async function mustUseMfa(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userGroups.id })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(and(eq(userGroupMembers.userId, userId), sql`${mustUseMfaAbility} = any(${userGroups.permissions})`))
    .limit(1);
  return row !== undefined;
}

async function enabledMfa(db: Executor, userId: number) {
  const [row] = await db
    .select({ secretSealed: userMfa.secretSealed, lastUsedStep: userMfa.lastUsedStep, enabledAt: userMfa.enabledAt })
    .from(userMfa)
    .where(and(eq(userMfa.userId, userId), isNotNull(userMfa.enabledAt)));
  return row;
}

/** What comes after a right password: a code, a forced setup, or nothing. */
export async function secondStepFor(db: Executor, userId: number): Promise<'mfaCode' | 'mfaSetup' | null> {
  if (await enabledMfa(db, userId)) return 'mfaCode';
  return (await mustUseMfa(db, userId)) ? 'mfaSetup' : null;
}

export async function mfaStatus(db: Executor, userId: number) {
  const mfa = await enabledMfa(db, userId);
  const [codes] = await db
    .select({ left: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return {
    enabled: mfa !== undefined,
    enabledAt: mfa?.enabledAt?.toISOString() ?? null,
    required: await mustUseMfa(db, userId),
    recoveryCodesLeft: mfa ? (codes?.left ?? 0) : 0,
  };
}

/** A new key, pending until confirmed (a second setup replaces an unconfirmed one). */
export async function beginTotpSetup(options: { db: Database; config: AppKey; userId: number }) {
  const { db, config, userId } = options;
  if (await enabledMfa(db, userId)) throw new AppError('mfaAlreadyEnabled');
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('notFound');
  const secret = newTotpSecret();
  const secretSealed = encryptSecret(config.appKey, secret);
  await db
    .insert(userMfa)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({ target: userMfa.userId, set: { secretSealed, lastUsedStep: null, createdAt: new Date() } });
  return totpEnrolment(secret, user.username);
}

function recoveryCodeHash(config: AppKey, code: string): string {
  return sign(config.appKey, 'recovery-code', code);
}

function newRecoveryCode(): string {
  const symbols = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
  return `${symbols.slice(0, 5).join('')}-${symbols.slice(5).join('')}`;
}

/** Replaces the user's recovery codes with ten new ones: shown once, stored only as keyed hashes. */
async function replaceRecoveryCodes(tx: Executor, config: AppKey, userId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx
    .insert(mfaRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(config, code.replace('-', '')) })));
  return codes;
}

/** Accepts a TOTP code once: the step is stored only if it is later than the last one used. */
async function useTotpCode(db: Executor, config: AppKey, userId: number, code: string, pending = false) {
  const [row] = await db
    .select({ secretSealed: userMfa.secretSealed, lastUsedStep: userMfa.lastUsedStep })
    .from(userMfa)
    .where(and(eq(userMfa.userId, userId), pending ? isNull(userMfa.enabledAt) : isNotNull(userMfa.enabledAt)));
  if (!row) return false;
  const step = acceptedTotpStep({
    secret: decryptSecret(config.appKey, row.secretSealed),
    code,
    at: new Date(),
    lastUsedStep: row.lastUsedStep,
  });
  if (step === null) return false;
  const [claimed] = await db
    .update(userMfa)
    .set({ lastUsedStep: step })
    .where(and(eq(userMfa.userId, userId), sql`(${userMfa.lastUsedStep} is null or ${userMfa.lastUsedStep} < ${step})`))
    .returning({ userId: userMfa.userId });
  return claimed !== undefined;
}

async function useRecoveryCode(db: Executor, config: AppKey, userId: number, code: string) {
  const [used] = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, recoveryCodeHash(config, code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used !== undefined;
}

/**
 * Checks a second factor under the sign-in lockout: refused outright while the account is locked on
 * this address (or, at sign-in in a browser with a device cookie, that cookie is), and every wrong
 * answer counts. Throws invalidMfaCode (or tooManyAttempts).
 */
export async function checkSecondFactor(
  options: Omit<CodeCall, 'code'> & { factor: SecondFactor; pending?: boolean; device?: string },
): Promise<void> {
  const { db, config, userId, factor, throttle } = options;
  const attempt = { account: accountKey(userId, ''), ip: options.ip, device: options.device };
  await throttle.assertAllowed(attempt);
  const accepted =
    'code' in factor
      ? await useTotpCode(db, config, userId, factor.code, options.pending)
      : !options.pending && (await useRecoveryCode(db, config, userId, factor.recoveryCode));
  if (accepted) {
    if ('recoveryCode' in factor) {
      await writeAudit(db, {
        actorId: userId,
        action: 'auth.recoveryCodeUsed',
        entity: 'user',
        entityId: userId,
        ip: options.ip,
      });
    }
    return;
  }
  await writeAudit(db, {
    actorId: userId,
    action: 'auth.mfaCodeRefused',
    entity: 'user',
    entityId: userId,
    data: { kind: 'code' in factor ? 'code' : 'recoveryCode' },
    ip: options.ip,
  });
  await throttle.recordFailure({ ...attempt, userId });
  throw new AppError('invalidMfaCode');
}

/** Confirms a pending setup with its first code: two-factor is on, and here are the recovery codes. */
export async function confirmTotpSetup(options: CodeCall): Promise<string[]> {
  const { db, config, userId } = options;
  if (await enabledMfa(db, userId)) throw new AppError('mfaAlreadyEnabled');
  await checkSecondFactor({ ...options, factor: { code: options.code }, pending: true });
  return db.transaction(async (tx) => {
    await tx.update(userMfa).set({ enabledAt: new Date() }).where(eq(userMfa.userId, userId));
    const codes = await replaceRecoveryCodes(tx, config, userId);
    await writeAudit(tx, {
      actorId: userId,
      action: 'auth.mfaEnabled',
      entity: 'user',
      entityId: userId,
      fromState: 'off',
      toState: 'on',
      ip: options.ip,
    });
    return codes;
  });
}

export async function regenerateRecoveryCodes(options: CodeCall): Promise<string[]> {
  const { db, config, userId } = options;
  if (!(await enabledMfa(db, userId))) throw new AppError('mfaNotEnabled');
  await checkSecondFactor({ ...options, factor: { code: options.code } });
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, config, userId);
    await writeAudit(tx, {
      actorId: userId,
      action: 'auth.recoveryCodesRegenerated',
      entity: 'user',
      entityId: userId,
      ip: options.ip,
    });
    return codes;
  });
}

async function removeMfa(tx: Executor, userId: number): Promise<boolean> {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  const removed = await tx
    .delete(userMfa)
    .where(eq(userMfa.userId, userId))
    .returning({ enabledAt: userMfa.enabledAt });
  return removed.some((row) => row.enabledAt !== null);
}

/** The user turns two-factor off with a current code; not when their group must use it. */
export async function disableMfa(options: CodeCall): Promise<void> {
  const { db, userId } = options;
  if (!(await enabledMfa(db, userId))) throw new AppError('mfaNotEnabled');
  if (await mustUseMfa(db, userId)) throw new AppError('mfaRequired');
  await checkSecondFactor({ ...options, factor: { code: options.code } });
  await db.transaction(async (tx) => {
    await removeMfa(tx, userId);
    await writeAudit(tx, {
      actorId: userId,
      action: 'auth.mfaDisabled',
      entity: 'user',
      entityId: userId,
      fromState: 'on',
      toState: 'off',
      ip: options.ip,
    });
  });
}

/**
 * Someone with "can reset MFA" clears another user's two-factor (a lost phone): they sign in with
 * their password and, if their group must use it, set it up again.
 */
export async function resetMfa(options: { db: Database; actorId: number; userId: number; ip?: string }) {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    if (!(await removeMfa(tx, userId))) throw new AppError('mfaNotEnabled');
    await writeAudit(tx, {
      actorId: options.actorId,
      action: 'auth.mfaReset',
      entity: 'user',
      entityId: userId,
      fromState: 'on',
      toState: 'off',
      ip: options.ip,
    });
  });
}
