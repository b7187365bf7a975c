// The audit log: every state change is written here by the service that makes it.

import { auditLog } from './audit.schema';
import type { Executor } from './db';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  fromState?: string | null;
  toState?: string | null;
  reason?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
};

export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    fromState: entry.fromState ?? null,
    toState: entry.toState ?? null,
    reason: entry.reason ?? null,
    data: entry.data ?? null,
    ip: entry.ip ?? null,
  });
}
