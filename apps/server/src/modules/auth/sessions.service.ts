// The user's own signed-in devices: listed with what they are and when they were last used, and
// revoked one by one. Revoking the current one is signing out.
import type { UserSession } from '@bottega/contracts/security';
import { sessionMethods } from '@bottega/contracts/security';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { revokeSession, type SessionContext } from '../../platform/sessions';
import { sessions } from '../../platform/sessions.schema';
import { describeUserAgent } from '../../platform/user-agent';

function methodOf(value: string): UserSession['method'] {
  return (sessionMethods as readonly string[]).includes(value) ? (value as UserSession['method']) : 'password';
}

export async function listUserSessions(options: { db: Database; session: SessionContext }): Promise<UserSession[]> {
  const { db, session } = options;
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      method: sessions.method,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, session.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    ip: row.ip,
    method: methodOf(row.method),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === session.sessionId,
  }));
}

/** Revokes one of the user's own sessions; another user's session is not found. */
export async function revokeUserSession(options: { db: Database; session: SessionContext; id: string; ip?: string }) {
  const { db, session, id } = options;
  if (!(await revokeSession(db, { userId: session.userId, sessionId: id }))) throw new AppError('notFound');
  await writeAudit(db, {
    actorId: session.userId,
    action: 'auth.sessionRevoked',
    entity: 'session',
    entityId: id,
    fromState: 'active',
    toState: 'revoked',
    data: { current: id === session.sessionId },
    ip: options.ip,
  });
}
