import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../modules/employees/employees.schema';

/** Every state change: who, when, what, from which state to which, and why. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 100 }).notNull(),
    entity: varchar('entity', { length: 100 }).notNull(),
    entityId: varchar('entity_id', { length: 100 }),
    fromState: text('from_state'),
    toState: text('to_state'),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.at.desc()),
    index('audit_log_actor_idx').on(table.actorId, table.at.desc()),
  ],
);
