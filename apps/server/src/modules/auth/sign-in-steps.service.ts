// The sign-in steps after the password: a code or a recovery code, or — for groups that must use
// two-factor and have not set it up — the setup itself, which the user cannot skip. And the
// passkey sign-in, which needs neither password nor code.
import type { SignedIn } from '@bottega/contracts/auth';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { LoginThrottle } from '../../platform/login-throttle';
import { type Client, openSession, type SignInConfig } from './auth.service';
import { type ChallengePurpose, consumeChallenge, peekChallenge } from './challenges';
import { beginTotpSetup, checkSecondFactor, confirmTotpSetup, type SecondFactor } from './mfa.service';
import { verifyPasskeyAssertion } from './passkeys.service';

type Context = {
  db: Database;
  config: SignInConfig & Pick<Config, 'appKey' | 'publicUrl'>;
  throttle: LoginThrottle;
  client: Client;
};

async function openStep(db: Database, challenge: string, purpose: ChallengePurpose) {
  const step = await peekChallenge(db, challenge, purpose);
  if (step.userId === null) throw new AppError('signInStepExpired');
  return { userId: step.userId, remember: step.remember };
}

export async function completeMfaSignIn(
  context: Context & { challenge: string; factor: SecondFactor },
): Promise<SignedIn> {
  const { db, challenge } = context;
  const step = await openStep(db, challenge, 'mfaCode');
  await checkSecondFactor({
    ...context,
    userId: step.userId,
    ip: context.client.ip,
    device: context.client.device?.presented(step.userId),
  });
  await consumeChallenge(db, challenge, 'mfaCode');
  return openSession({ ...context, ...step, method: 'mfa' });
}

export async function beginMfaSetupSignIn(context: Context & { challenge: string }) {
  const step = await openStep(context.db, context.challenge, 'mfaSetup');
  return beginTotpSetup({ ...context, userId: step.userId });
}

export async function completeMfaSetupSignIn(
  context: Context & { challenge: string; code: string },
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const { db, challenge } = context;
  const step = await openStep(db, challenge, 'mfaSetup');
  const recoveryCodes = await confirmTotpSetup({ ...context, userId: step.userId, ip: context.client.ip });
  await consumeChallenge(db, challenge, 'mfaSetup');
  return { ...(await openSession({ ...context, ...step, method: 'mfa' })), recoveryCodes };
}

/**
 * A passkey cannot be guessed, so it is not subject to the password lockout: whoever has registered
 * one can always get in, however many wrong passwords a stranger types for their account.
 */
export async function signInWithPasskey(
  context: Context & { challenge: string; response: Record<string, unknown>; remember: boolean },
): Promise<SignedIn> {
  const { db, client } = context;
  const verified = await verifyPasskeyAssertion({ ...context, purpose: 'passkeySignIn' }).catch(async (error) => {
    await writeAudit(db, {
      actorId: null,
      action: 'auth.signInFailed',
      entity: 'user',
      entityId: null,
      data: { method: 'passkey' },
      ip: client.ip,
    });
    throw error;
  });
  return openSession({ ...context, userId: verified.userId, method: 'passkey' });
}
