// Short-lived steps between two requests: the second step of a sign-in (after the password) and the
// WebAuthn ceremonies (options → response). The client holds an opaque token, the database its
// SHA-256; a step is used once.

import type { ErrorCode } from '@bottega/contracts/errors';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { hashToken, newToken } from '../../platform/crypto';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { authChallenges } from './auth.schema';

export type ChallengePurpose = 'mfaCode' | 'mfaSetup' | 'passkeySignIn' | 'passkeyRegistration' | 'presence';

/** How long each step may take: time to open an authenticator app, or to touch a fingerprint reader. */
const lifetimeSeconds: Record<ChallengePurpose, number> = {
  mfaCode: 600,
  mfaSetup: 900,
  passkeySignIn: 300,
  passkeyRegistration: 300,
  presence: 300,
};

/** What an unknown, used or expired step answers: a sign-in starts over; a ceremony "timed out or failed". */
const expiredError: Record<ChallengePurpose, ErrorCode> = {
  mfaCode: 'signInStepExpired',
  mfaSetup: 'signInStepExpired',
  passkeySignIn: 'passkeyFailed',
  passkeyRegistration: 'passkeyFailed',
  presence: 'passkeyFailed',
};

/** Expired steps are kept a day for the record, then removed when new ones are issued. */
const KEEP_EXPIRED_MS = 86_400_000;

export async function issueChallenge(
  db: Executor,
  options: { purpose: ChallengePurpose; userId: number | null; challenge?: string; remember?: boolean },
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date(now - KEEP_EXPIRED_MS)));
  await db.insert(authChallenges).values({
    tokenHash: hashToken(token),
    purpose: options.purpose,
    userId: options.userId,
    challenge: options.challenge ?? null,
    remember: options.remember ?? false,
    expiresAt: new Date(now + lifetimeSeconds[options.purpose] * 1000),
  });
  return token;
}

function usable(token: string, purpose: ChallengePurpose) {
  return and(
    eq(authChallenges.tokenHash, hashToken(token)),
    eq(authChallenges.purpose, purpose),
    isNull(authChallenges.usedAt),
    gt(authChallenges.expiresAt, new Date()),
  );
}

const columns = {
  userId: authChallenges.userId,
  challenge: authChallenges.challenge,
  remember: authChallenges.remember,
};

/** A step still open, without using it up (a wrong code may be typed again). */
export async function peekChallenge(db: Executor, token: string, purpose: ChallengePurpose) {
  const [row] = await db.select(columns).from(authChallenges).where(usable(token, purpose));
  if (!row) throw new AppError(expiredError[purpose]);
  return row;
}

/** Uses a step up, atomically: of two requests racing with the same token, one wins. */
export async function consumeChallenge(db: Executor, token: string, purpose: ChallengePurpose) {
  const [row] = await db
    .update(authChallenges)
    .set({ usedAt: new Date() })
    .where(usable(token, purpose))
    .returning(columns);
  if (!row) throw new AppError(expiredError[purpose]);
  return row;
}
