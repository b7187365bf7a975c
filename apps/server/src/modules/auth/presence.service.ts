// "Is user X here?" — confirmed by X's passkey (fingerprint) when they have one, or by X's password.
// Shift punches (start, break, stop) are confirmed with it: the session may be a shop's shared
// tablet, so X is either the signed-in user or a member of the shop the session works in.
// Wrong passwords count towards X's sign-in lockout, like at the login screen.
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { accountKey, type LoginThrottle } from '../../platform/login-throttle';
import { verifyPassword } from '../../platform/passwords';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { userShops } from '../shops/shops.schema';
import { hasPasskey, passkeyAssertionOptions, verifyPasskeyAssertion } from './passkeys.service';

export type PresenceProof = { password: string } | { challenge: string; response: Record<string, unknown> };

export type PresenceConfirmation = { userId: number; method: 'password' | 'passkey'; confirmedAt: string };

/** The person, when the session may ask for them: themselves, or a member of the session's shop. */
async function presentable(db: Database, session: SessionContext, userId: number) {
  const [user] = await db
    .select({ id: users.id, name: users.name, surname: users.surname, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('notFound');
  if (userId === session.userId) return user;
  if (session.shopId === null) throw new AppError('forbidden');
  const [member] = await db
    .select({ userId: userShops.userId })
    .from(userShops)
    .where(and(eq(userShops.userId, userId), eq(userShops.shopId, session.shopId)));
  if (!member) throw new AppError('forbidden');
  return user;
}

/** Who is asked for, and a passkey ceremony when they have a passkey (otherwise: the password). */
export async function presenceOptions(options: {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  session: SessionContext;
  userId: number;
}) {
  const { db, userId } = options;
  const user = await presentable(db, options.session, userId);
  const passkey = (await hasPasskey(db, userId))
    ? await passkeyAssertionOptions({ ...options, purpose: 'presence', userId })
    : null;
  return { userId, name: `${user.name} ${user.surname}`.trim(), passkey };
}

/** Confirms that the user is present, by passkey or password; audited. The check shift punches use. */
export async function confirmPresence(options: {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  throttle: LoginThrottle;
  session: SessionContext;
  userId: number;
  proof: PresenceProof;
  ip: string;
}): Promise<PresenceConfirmation> {
  const { db, userId, proof, throttle, ip } = options;
  const user = await presentable(db, options.session, userId);
  let method: PresenceConfirmation['method'];
  if ('password' in proof) {
    const attempt = { account: accountKey(userId, ''), ip };
    await throttle.assertAllowed(attempt);
    if (!(await verifyPassword(user.passwordHash, proof.password))) {
      await writeAudit(db, {
        actorId: options.session.userId,
        action: 'presence.refused',
        entity: 'user',
        entityId: userId,
        data: { method: 'password' },
        ip,
      });
      await throttle.recordFailure({ ...attempt, userId });
      throw new AppError('wrongPassword');
    }
    method = 'password';
  } else {
    await verifyPasskeyAssertion({ ...options, purpose: 'presence', ...proof, expectedUserId: userId });
    method = 'passkey';
  }
  const confirmedAt = new Date();
  await writeAudit(db, {
    actorId: options.session.userId,
    action: 'presence.confirmed',
    entity: 'user',
    entityId: userId,
    data: { method },
    ip,
  });
  return { userId, method, confirmedAt: confirmedAt.toISOString() };
}
