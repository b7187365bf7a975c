// Passkeys (WebAuthn): a fingerprint reader, a phone or a security key registered from the profile,
// then used to sign in or to confirm that a person is present (shift punches). The relying party is
// the host of PUBLIC_URL, so a passkey only works on the address it was made for.
// User verification is required every time: the fingerprint (or PIN) is the second factor, so a
// passkey sign-in does not ask for a two-factor code.
import type { Passkey } from '@bottega/contracts/security';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { users } from '../employees/employees.schema';
import { passkeys } from './auth.schema';
import { type ChallengePurpose, consumeChallenge, issueChallenge } from './challenges';

type PublicUrl = Pick<Config, 'publicUrl'>;

const rpName = 'Bottega';
const ceremonyTimeoutMs = 120_000;

function relyingParty(config: PublicUrl) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

function toPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function credentialsOf(db: Executor, userId: number) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function listPasskeys(db: Executor, userId: number): Promise<Passkey[]> {
  return (await credentialsOf(db, userId)).map(toPasskey);
}

export async function hasPasskey(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

export async function passkeyRegistrationOptions(options: { db: Database; config: PublicUrl; userId: number }) {
  const { db, userId } = options;
  const [user] = await db
    .select({ username: users.username, name: users.name, surname: users.surname })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('notFound');
  const existing = await credentialsOf(db, userId);
  const webAuthnOptions = await generateRegistrationOptions({
    rpName,
    rpID: relyingParty(options.config).rpID,
    userName: user.username,
    userDisplayName: `${user.name} ${user.surname}`.trim(),
    // Stable per user, so registering again on the same authenticator replaces rather than piles up.
    userID: new TextEncoder().encode(`bottega-user-${userId}`),
    timeout: ceremonyTimeoutMs,
    attestationType: 'none',
    excludeCredentials: existing.map((credential) => ({
      id: credential.credentialId,
      transports: credential.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challenge = await issueChallenge(db, {
    purpose: 'passkeyRegistration',
    userId,
    challenge: webAuthnOptions.challenge,
  });
  return { challenge, options: webAuthnOptions as unknown as Record<string, unknown> };
}

export async function registerPasskey(options: {
  db: Database;
  config: PublicUrl;
  userId: number;
  challenge: string;
  name: string;
  response: Record<string, unknown>;
  ip?: string;
}): Promise<Passkey> {
  const { db, userId } = options;
  const step = await consumeChallenge(db, options.challenge, 'passkeyRegistration');
  if (step.userId !== userId || !step.challenge) throw new AppError('passkeyFailed');
  const { rpID, origin } = relyingParty(options.config);
  const verification = await verifyRegistrationResponse({
    response: options.response as unknown as RegistrationResponseJSON,
    expectedChallenge: step.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('passkeyFailed');
  const { credential } = verification.registrationInfo;
  const [taken] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
  if (taken) throw new AppError('passkeyAlreadyRegistered');
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: options.name,
    })
    .returning();
  if (!row) throw new AppError('passkeyFailed');
  await writeAudit(db, {
    actorId: userId,
    action: 'passkey.registered',
    entity: 'passkey',
    entityId: row.id,
    toState: 'registered',
    data: { userId, name: row.name },
    ip: options.ip,
  });
  return toPasskey(row);
}

export async function removePasskey(options: { db: Database; userId: number; id: number; ip?: string }) {
  const { db, userId, id } = options;
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  if (!removed) throw new AppError('notFound');
  await writeAudit(db, {
    actorId: userId,
    action: 'passkey.removed',
    entity: 'passkey',
    entityId: id,
    fromState: 'registered',
    toState: 'removed',
    data: { userId, name: removed.name },
    ip: options.ip,
  });
}

/**
 * Options for an assertion. For a sign-in nobody is named yet: the authenticator offers its
 * discoverable passkeys (so the answer never tells whether an account exists). For a presence check
 * only that user's passkeys are allowed.
 */
export async function passkeyAssertionOptions(options: {
  db: Database;
  config: PublicUrl;
  purpose: Extract<ChallengePurpose, 'passkeySignIn' | 'presence'>;
  userId: number | null;
}) {
  const { db, userId } = options;
  const allowCredentials =
    userId === null
      ? []
      : (await credentialsOf(db, userId)).map((credential) => ({
          id: credential.credentialId,
          transports: credential.transports,
        }));
  const webAuthnOptions = await generateAuthenticationOptions({
    rpID: relyingParty(options.config).rpID,
    allowCredentials,
    userVerification: 'required',
    timeout: ceremonyTimeoutMs,
  });
  const challenge = await issueChallenge(db, {
    purpose: options.purpose,
    userId,
    challenge: webAuthnOptions.challenge,
  });
  return { challenge, options: webAuthnOptions as unknown as Record<string, unknown> };
}

/**
 * Checks an assertion against its ceremony: whose passkey signed it (the expected user's only, for a
 * presence check), with user verification; the signature counter is kept. passkeyFailed otherwise.
 */
export async function verifyPasskeyAssertion(options: {
  db: Database;
  config: PublicUrl;
  purpose: Extract<ChallengePurpose, 'passkeySignIn' | 'presence'>;
  challenge: string;
  response: Record<string, unknown>;
  expectedUserId?: number;
}): Promise<{ userId: number; passkeyId: number }> {
  const { db } = options;
  const step = await consumeChallenge(db, options.challenge, options.purpose);
  const response = options.response as unknown as AuthenticationResponseJSON;
  if (!step.challenge || typeof response.id !== 'string') throw new AppError('passkeyFailed');
  const [credential] = await db
    .select()
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), isNull(users.deletedAt)));
  const expectedUserId = options.expectedUserId ?? step.userId;
  const ceremonyOfAnother = options.expectedUserId !== undefined && step.userId !== options.expectedUserId;
  if (!credential || ceremonyOfAnother || (expectedUserId !== null && credential.passkeys.userId !== expectedUserId)) {
    throw new AppError('passkeyFailed');
  }
  const { rpID, origin } = relyingParty(options.config);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: step.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: credential.passkeys.credentialId,
      publicKey: Buffer.from(credential.passkeys.publicKey, 'base64url'),
      counter: credential.passkeys.counter,
      transports: credential.passkeys.transports,
    },
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('passkeyFailed');
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, credential.passkeys.id));
  return { userId: credential.passkeys.userId, passkeyId: credential.passkeys.id };
}
