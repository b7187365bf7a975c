// User groups: their abilities and notification channels. Rules: a group with members cannot be
// deleted; the admin groups (id 1 and BOSS) always hold every ability and can be neither renamed,
// narrowed nor deleted, so no change can leave the company without an admin. Every change is audited
// with what changed, and the group's page reads that history back. Delegation: nobody creates, changes
// or deletes a group holding (before or after the change) an ability they do not hold, nor turns on
// an event's notifications they could not receive themselves; only admins touch the admin groups.
import {
  type Ability,
  ADMIN_GROUP_ID,
  allAbilities,
  BOSS_GROUP_NAME,
  isAbility,
  isAdminGroup,
  mayDelegate,
  type NotificationChannel,
  type NotificationEvent,
  notificationChannels,
  notificationEventCatalog,
  notificationEvents,
} from '@bottega/contracts/permissions';
import type {
  GroupNotifications,
  UserGroup,
  UserGroupBody,
  UserGroupHistoryEntry,
  UserGroupSummary,
} from '@bottega/contracts/user-groups';
import { and, asc, count, desc, eq, ilike, isNull, ne, sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import { auditLog } from '../../platform/audit.schema';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { invalidateSessions } from '../../platform/session-cache';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { userGroupMembers, userGroupNotifications, userGroups } from './user-groups.schema';

const auditEntity = 'userGroup';

/**
 * Groups with their count of current (not soft-deleted) members. A join rather than a correlated
 * subquery: in a single-table select Drizzle writes the columns of an sql`` field without their
 * table, so a subquery's `group_id = id` silently compared with users.id instead of the group's id.
 */
function selectGroupsWithMemberCount(db: Executor) {
  return db
    .select({
      id: userGroups.id,
      name: userGroups.name,
      permissions: userGroups.permissions,
      memberCount: sql<number>`count(${users.id})::int`,
    })
    .from(userGroups)
    .leftJoin(userGroupMembers, eq(userGroupMembers.groupId, userGroups.id))
    .leftJoin(users, and(eq(users.id, userGroupMembers.userId), isNull(users.deletedAt)))
    .groupBy(userGroups.id)
    .$dynamic();
}

function summarize(row: { id: number; name: string; permissions: string[]; memberCount: number }): UserGroupSummary {
  const isAdmin = isAdminGroup(row);
  return {
    id: row.id,
    name: row.name,
    isAdmin,
    abilityCount: isAdmin ? allAbilities.length : row.permissions.filter(isAbility).length,
    memberCount: Number(row.memberCount),
  };
}

export async function listUserGroups(options: { db: Database; page: number; perPage: number; search?: string }) {
  const { db, page, perPage } = options;
  const where = options.search ? ilike(userGroups.name, containsPattern(options.search)) : undefined;
  const rows = await selectGroupsWithMemberCount(db)
    .where(where)
    .orderBy(asc(userGroups.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(userGroups).where(where);
  return { data: rows.map(summarize), meta: { page, perPage, total: total?.value ?? 0 } };
}

async function loadGroup(db: Executor, id: number) {
  const [row] = await selectGroupsWithMemberCount(db).where(eq(userGroups.id, id));
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * Serialises changes to one group: a concurrent save waits, and adding a member (whose foreign key
 * check takes a share lock on the group) cannot slip between the member count and the delete.
 */
async function lockGroup(tx: Executor, id: number): Promise<void> {
  const [row] = await tx.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.id, id)).for('update');
  if (!row) throw new AppError('notFound');
}

/** Shown on the group's page; the full member list belongs to the employees screens. */
const MEMBERS_SHOWN = 50;

export async function getUserGroup(options: { db: Database; id: number }): Promise<UserGroup> {
  const { db, id } = options;
  const row = await loadGroup(db, id);
  const members = await db
    .select({ id: users.id, name: sql<string>`${users.name} || ' ' || ${users.surname}` })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(and(eq(userGroupMembers.groupId, id), isNull(users.deletedAt)))
    .orderBy(asc(users.surname), asc(users.name))
    .limit(MEMBERS_SHOWN);
  const summary = summarize(row);
  return {
    ...summary,
    permissions: summary.isAdmin ? [...allAbilities] : row.permissions.filter(isAbility),
    members,
  };
}

async function assertNameFree(db: Executor, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        sql`lower(${userGroups.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(userGroups.id, exceptId),
      ),
    );
  if (taken) throw new AppError('validation', {}, { name: [{ rule: 'unique' }] });
}

/** Stored in catalog order, so diffs and screens read the same way every time. */
function normalize(permissions: readonly Ability[]): Ability[] {
  const wanted = new Set(permissions);
  return allAbilities.filter((ability) => wanted.has(ability));
}

/** 403 abilityNotHeld unless the session may delegate every one of the groups (see mayDelegate). */
function assertMayDelegate(
  session: SessionContext,
  ...groups: { id: number; name: string; permissions: readonly string[] }[]
): void {
  if (!groups.every((group) => mayDelegate(session, group))) throw new AppError('abilityNotHeld');
}

export async function createUserGroup(options: { db: Database; session: SessionContext; body: UserGroupBody }) {
  const { db, session, body } = options;
  const actorId = session.userId;
  const permissions = normalize(body.permissions);
  // id 0: a new group is never the first (admin) one; the BOSS name is taken, so it is refused below anyway.
  assertMayDelegate(session, { id: 0, name: body.name, permissions });
  return db.transaction(async (tx) => {
    await assertNameFree(tx, body.name);
    const [created] = await tx
      .insert(userGroups)
      .values({ name: body.name, permissions })
      .returning({ id: userGroups.id });
    const id = created?.id as number;
    await writeAudit(tx, {
      actorId,
      action: 'userGroup.created',
      entity: auditEntity,
      entityId: id,
      toState: body.name,
      data: { added: permissions, removed: [] },
    });
    return id;
  });
}

function isProtected(group: { id: number; name: string }): boolean {
  return group.id === ADMIN_GROUP_ID || group.name === BOSS_GROUP_NAME;
}

export async function updateUserGroup(options: {
  db: Database;
  session: SessionContext;
  id: number;
  body: UserGroupBody;
}) {
  const { db, session, id, body } = options;
  const actorId = session.userId;
  await db.transaction(async (tx) => {
    await lockGroup(tx, id);
    const before = await loadGroup(tx, id);
    const permissions = normalize(body.permissions);
    // Before and after: neither widening a group beyond one's own abilities nor narrowing one that holds more.
    assertMayDelegate(session, before, { id, name: body.name, permissions });
    const previous = normalize(before.permissions.filter(isAbility));
    const added = permissions.filter((ability) => !previous.includes(ability));
    const removed = previous.filter((ability) => !permissions.includes(ability));
    const renamed = body.name !== before.name;
    if (isProtected(before)) {
      // The admin groups keep every ability: only a no-op save is accepted.
      // Compared with what they hold (every ability), not with what is stored (often nothing).
      const narrowed = permissions.length !== allAbilities.length;
      if (renamed || narrowed) throw new AppError('adminGroupProtected');
      return;
    }
    if (renamed) await assertNameFree(tx, body.name, id);
    if (!renamed && added.length === 0 && removed.length === 0) return;
    await tx.update(userGroups).set({ name: body.name, permissions }).where(eq(userGroups.id, id));
    // Every member's abilities change: groups change rarely, so every cached session is read again.
    await invalidateSessions(tx, { all: true });
    await writeAudit(tx, {
      actorId,
      action: 'userGroup.updated',
      entity: auditEntity,
      entityId: id,
      fromState: renamed ? before.name : null,
      toState: renamed ? body.name : null,
      data: { added, removed },
    });
  });
}

export async function deleteUserGroup(options: { db: Database; session: SessionContext; id: number }) {
  const { db, session, id } = options;
  const actorId = session.userId;
  await db.transaction(async (tx) => {
    await lockGroup(tx, id);
    const group = await loadGroup(tx, id);
    assertMayDelegate(session, group);
    if (isProtected(group)) throw new AppError('adminGroupProtected');
    // Former members keep their rows (soft delete), so any membership blocks the deletion.
    const [members] = await tx
      .select({ value: count() })
      .from(userGroupMembers)
      .where(eq(userGroupMembers.groupId, id));
    if ((members?.value ?? 0) > 0) throw new AppError('groupHasMembers', { count: members?.value ?? 0 });
    await tx.delete(userGroups).where(eq(userGroups.id, id));
    await invalidateSessions(tx, { all: true });
    await writeAudit(tx, {
      actorId,
      action: 'userGroup.deleted',
      entity: auditEntity,
      entityId: id,
      fromState: group.name,
      data: { removed: normalize(group.permissions.filter(isAbility)) },
    });
  });
}

export async function getGroupNotifications(options: { db: Executor; id: number }): Promise<GroupNotifications> {
  const { db, id } = options;
  await loadGroup(db, id);
  const rows = await db
    .select({ event: userGroupNotifications.event, channels: userGroupNotifications.channels })
    .from(userGroupNotifications)
    .where(eq(userGroupNotifications.groupId, id));
  const stored = new Map(rows.map((row) => [row.event, row.channels]));
  return {
    events: notificationEvents.map((event) => ({
      event,
      channels: notificationChannels.filter((channel) => stored.get(event)?.includes(channel)),
    })),
  };
}

export async function setGroupNotifications(options: {
  db: Database;
  session: SessionContext;
  id: number;
  events: { event: NotificationEvent; channels: NotificationChannel[] }[];
}) {
  const { db, session, id } = options;
  const actorId = session.userId;
  const wanted = new Map(options.events.map((entry) => [entry.event, entry.channels]));
  const changes: Record<string, { from: NotificationChannel[]; to: NotificationChannel[] }> = {};
  await db.transaction(async (tx) => {
    await lockGroup(tx, id);
    assertMayDelegate(session, await loadGroup(tx, id));
    const before = await getGroupNotifications({ db: tx, id });
    for (const { event, channels: previous } of before.events) {
      if (!wanted.has(event)) continue;
      const channels = notificationChannels.filter((channel) => wanted.get(event)?.includes(channel));
      if (channels.join() === previous.join()) continue;
      // An event reaches the holders of its ability: changing who receives it is granting what that ability shows.
      if (!session.isAdmin && !session.abilities.has(notificationEventCatalog[event].ability)) {
        throw new AppError('abilityNotHeld');
      }
      changes[event] = { from: previous, to: channels };
      await tx
        .insert(userGroupNotifications)
        .values({ groupId: id, event, channels })
        .onConflictDoUpdate({
          target: [userGroupNotifications.groupId, userGroupNotifications.event],
          set: { channels },
        });
    }
    if (Object.keys(changes).length > 0) {
      await writeAudit(tx, {
        actorId,
        action: 'userGroup.notificationsUpdated',
        entity: auditEntity,
        entityId: id,
        data: { changes },
      });
    }
  });
  return getGroupNotifications({ db, id });
}

export async function listUserGroupHistory(options: { db: Database; id: number; page: number; perPage: number }) {
  const { db, id, page, perPage } = options;
  const where = and(eq(auditLog.entity, auditEntity), eq(auditLog.entityId, String(id)));
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
      action: auditLog.action,
      fromState: auditLog.fromState,
      toState: auditLog.toState,
      data: auditLog.data,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(auditLog).where(where);
  const data: UserGroupHistoryEntry[] = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  return { data, meta: { page, perPage, total: total?.value ?? 0 } };
}
