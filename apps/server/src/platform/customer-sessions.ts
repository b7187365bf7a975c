// The loyalty club's sessions: the customers' realm, apart from the staff's. A club token is found only in
// customer_sessions and a staff token only in sessions, so neither opens the other's routes (platform/access.ts).
// Read from the customers module's tables, never its services, like platform/sessions.ts.
import { clubSessionDays } from '@bottega/contracts/club';
import { and, eq, gt } from 'drizzle-orm';
import { customerSessions, customers } from '../modules/customers/customers.schema';
import { hashToken, newToken } from './crypto';
import type { Database, Executor } from './db';

const dayMs = 86_400_000;
/** Move the expiry on at most once an hour, so reads do not turn into writes. */
const slideAfterMs = 3_600_000;

export type CustomerContext = {
  sessionId: number;
  customerId: number;
  /** Both the email and the phone are confirmed: the club's own pages open. */
  confirmed: boolean;
  language: string;
};

export async function startCustomerSession(db: Executor, customerId: number, now: Date): Promise<string> {
  const token = `club_${newToken()}`;
  await db.insert(customerSessions).values({
    customerId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + clubSessionDays * dayMs),
  });
  return token;
}

export async function resolveCustomerSession(db: Database, token: string, now: Date): Promise<CustomerContext | null> {
  const [row] = await db
    .select({
      sessionId: customerSessions.id,
      customerId: customers.id,
      lastUsedAt: customerSessions.lastUsedAt,
      emailConfirmedAt: customers.emailConfirmedAt,
      phoneConfirmedAt: customers.phoneConfirmedAt,
      erasedAt: customers.erasedAt,
      language: customers.language,
    })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(and(eq(customerSessions.tokenHash, hashToken(token)), gt(customerSessions.expiresAt, now)));
  if (!row || row.erasedAt) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > slideAfterMs) {
    await db
      .update(customerSessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + clubSessionDays * dayMs) })
      .where(eq(customerSessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    customerId: row.customerId,
    confirmed: row.emailConfirmedAt !== null && row.phoneConfirmedAt !== null,
    language: row.language ?? 'it',
  };
}

export async function endCustomerSession(db: Executor, sessionId: number): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.id, sessionId));
}

/** Every session of the customer: a new password or a deleted account signs them all out. */
export async function endCustomerSessions(db: Executor, customerId: number): Promise<void> {
  await db.delete(customerSessions).where(eq(customerSessions.customerId, customerId));
}
