// The ticket categories (spec §2 Management › ticket category, §3 Ticket category, §8; issue 24): a tree of parents
// (holding categories) and leaves (holding tickets), ordered within each parent, each with the people who handle
// its tickets and those of every category below it. Structural changes take the tree's rows for update, so two
// moves at once cannot build a cycle between them. Every change is audited.
import type { Ability } from '@bottega/contracts/permissions';
import type {
  TicketCategory,
  TicketPerson,
  ticketCategoryAssigneesBodySchema,
  ticketCategoryBodySchema,
  ticketCategoryOrderBodySchema,
} from '@bottega/contracts/tickets';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import { type Database, type Executor, preparedPerDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { holdsAbility, type SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { ticketCategories, ticketCategoryAssignees, tickets } from './tickets.schema';

export const ticketCategoryAuditEntity = 'ticketCategory';

/**
 * Who may be assigned a category: people not deleted holding `tickets.assigned.view` (administrators hold every
 * ability), since an assignee must be able to open, through the assigned tickets, what they are told of.
 */
export const ticketHandlerAbility = 'tickets.assigned.view';

type CategoryBody = z.output<typeof ticketCategoryBodySchema>;
type Call = { db: Database; viewer: SessionContext; ip?: string };
type CategoryRow = { id: number; name: string; parentId: number | null; isParent: boolean; position: number };

const personName = sql<string>`${users.name} || ' ' || ${users.surname}`;

const liveCategory = isNull(ticketCategories.deletedAt);
const categoryColumns = {
  id: ticketCategories.id,
  name: ticketCategories.name,
  parentId: ticketCategories.parentId,
  isParent: ticketCategories.isParent,
  position: ticketCategories.position,
};

/** The live categories; `lock` takes them all for update (the tree is small and changed rarely). */
async function categoryRows(db: Executor, options: { lock?: boolean } = {}): Promise<CategoryRow[]> {
  const query = db.select(categoryColumns).from(ticketCategories).where(liveCategory);
  return options.lock ? query.for('update') : query;
}

/** The rows depth first, each parent followed by its categories in their order, with depth and path. */
function depthFirst(rows: readonly CategoryRow[]): (CategoryRow & { depth: number; path: string[] })[] {
  const byParent = new Map<number | null, CategoryRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const ordered: (CategoryRow & { depth: number; path: string[] })[] = [];
  const visit = (parentId: number | null, path: string[]) => {
    const children = [...(byParent.get(parentId) ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
    for (const child of children) {
      const childPath = [...path, child.name];
      ordered.push({ ...child, depth: path.length, path: childPath });
      visit(child.id, childPath);
    }
  };
  visit(null, []);
  return ordered;
}

/** The category and every live category below it. */
function subtreeIds(rows: readonly CategoryRow[], rootIds: readonly number[]): Set<number> {
  const found = new Set(rootIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && found.has(row.parentId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}

/** categoryRows without a lock, prepared: categoriesHandledBy reads it on every dashboard load of a handler. */
const liveCategoriesStatement = preparedPerDatabase((db) =>
  db.select(categoryColumns).from(ticketCategories).where(liveCategory).prepare('ticket_categories_live'),
);

const categoriesAssignedStatement = preparedPerDatabase((db) =>
  db
    .select({ categoryId: ticketCategoryAssignees.categoryId })
    .from(ticketCategoryAssignees)
    .where(eq(ticketCategoryAssignees.userId, sql.placeholder('userId')))
    .prepare('ticket_categories_assigned'),
);

/** The categories whose tickets `userId` handles: those assigned to them and every one below those. */
export async function categoriesHandledBy(db: Executor, userId: number): Promise<number[]> {
  // One after the other: `db` may be a transaction, whose one connection takes one statement at a time.
  const rows: CategoryRow[] = await liveCategoriesStatement(db).execute();
  const assigned = await categoriesAssignedStatement(db).execute({ userId });
  const live = new Set(rows.map((row) => row.id));
  const roots = assigned.map((row) => row.categoryId).filter((id) => live.has(id));
  return [...subtreeIds(rows, roots)];
}

/** The category and every live category below it: filtering by a parent takes its whole branch. */
export async function withDescendants(db: Executor, categoryId: number): Promise<number[]> {
  return [...subtreeIds(await categoryRows(db), [categoryId])];
}

/** Who handles tickets filed under `categoryId`: the assignees of it and of every category above it. */
export async function assigneesOfCategory(db: Executor, categoryId: number): Promise<number[]> {
  const rows = await categoryRows(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lineage: number[] = [];
  for (let current = byId.get(categoryId); current; current = byId.get(current.parentId ?? -1)) {
    lineage.push(current.id);
  }
  if (lineage.length === 0) return [];
  const assigned = await db
    .select({ userId: ticketCategoryAssignees.userId })
    .from(ticketCategoryAssignees)
    .innerJoin(users, eq(users.id, ticketCategoryAssignees.userId))
    .where(and(inArray(ticketCategoryAssignees.categoryId, lineage), isNull(users.deletedAt)));
  // Someone assigned to a category and to one above it is told once.
  return [...new Set(assigned.map((row) => row.userId))];
}

/** The live category `id`, or 404. */
export async function loadTicketCategory(db: Executor, id: number): Promise<CategoryRow> {
  const [row] = await db
    .select(categoryColumns)
    .from(ticketCategories)
    .where(and(eq(ticketCategories.id, id), liveCategory));
  if (!row) throw new AppError('notFound');
  return row;
}

/** The whole tree, depth first, with each category's assignees. */
export async function listTicketCategories(options: { db: Executor }): Promise<TicketCategory[]> {
  const { db } = options;
  const [rows, assignees] = await Promise.all([
    categoryRows(db),
    db
      .select({ categoryId: ticketCategoryAssignees.categoryId, id: users.id, name: personName })
      .from(ticketCategoryAssignees)
      .innerJoin(users, eq(users.id, ticketCategoryAssignees.userId))
      .where(isNull(users.deletedAt))
      .orderBy(asc(users.surname), asc(users.name), asc(users.id)),
  ]);
  return depthFirst(rows).map((row) => ({
    ...row,
    assignees: assignees
      .filter((assignee) => assignee.categoryId === row.id)
      .map((assignee) => ({ id: assignee.id, name: assignee.name })),
  }));
}

async function readCategory(db: Executor, id: number): Promise<TicketCategory> {
  const category = (await listTicketCategories({ db })).find((item) => item.id === id);
  if (!category) throw new AppError('notFound');
  return category;
}

/**
 * The people a category may be assigned to (see `ticketHandlerAbility`), by surname; with `ability`, those holding
 * that one instead (who manage every ticket, told live of each change).
 */
export async function listTicketHandlers(options: {
  db: Executor;
  userIds?: readonly number[];
  ability?: Ability;
}): Promise<TicketPerson[]> {
  const { db, userIds, ability = ticketHandlerAbility } = options;
  if (userIds?.length === 0) return [];
  const among = userIds
    ? sql`AND u.id IN (${sql.join(
        userIds.map((userId) => sql`${userId}`),
        sql`, `,
      )})`
    : sql``;
  // The first group decides administrators (spec §6), who hold every ability whatever their groups store.
  const answer = await db.execute(sql`
    SELECT u.id, u.name || ' ' || u.surname AS name
    FROM users u
    WHERE u.deleted_at IS NULL ${among}
      AND ${holdsAbility(ability)}
    ORDER BY u.surname, u.name, u.id`);
  return (answer as unknown as { rows: TicketPerson[] }).rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** The parent a category may sit under: a live category flagged as parent, or the top (null). */
function assertParent(rows: readonly CategoryRow[], parentId: number | null): void {
  if (parentId === null) return;
  const parent = rows.find((row) => row.id === parentId);
  if (!parent?.isParent) throw new AppError('ticketCategoryParentInvalid');
}

/** Names are unique among a parent's categories, whatever their case. */
function assertNameFree(rows: readonly CategoryRow[], body: CategoryBody, exceptId?: number): void {
  const name = body.name.toLocaleLowerCase('it');
  const taken = rows.some(
    (row) => row.id !== exceptId && row.parentId === body.parentId && row.name.toLocaleLowerCase('it') === name,
  );
  if (taken) throw new AppError('ticketCategoryExists');
}

/** A leaf with tickets filed under it, open or closed, stays a leaf and is not deleted: §8 says how many. */
async function assertNoTickets(tx: Executor, categoryId: number): Promise<void> {
  const [filed] = await tx.select({ value: count() }).from(tickets).where(eq(tickets.categoryId, categoryId));
  const total = filed?.value ?? 0;
  if (total > 0) throw new AppError('ticketCategoryHasTickets', { count: total });
}

const nextPosition = (rows: readonly CategoryRow[], parentId: number | null) =>
  Math.max(0, ...rows.filter((row) => row.parentId === parentId).map((row) => row.position)) + 1;

export async function createTicketCategory(options: Call & { body: CategoryBody }): Promise<TicketCategory> {
  const { db, viewer, body } = options;
  const id = await db.transaction(async (tx) => {
    const rows = await categoryRows(tx, { lock: true });
    assertParent(rows, body.parentId);
    assertNameFree(rows, body);
    const [created] = await tx
      .insert(ticketCategories)
      .values({ ...body, position: nextPosition(rows, body.parentId) })
      .returning({ id: ticketCategories.id });
    const categoryId = (created as { id: number }).id;
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'ticketCategory.created',
      entity: ticketCategoryAuditEntity,
      entityId: categoryId,
      toState: body.isParent ? 'parent' : 'leaf',
      data: { ...body },
      ip: options.ip,
    });
    return categoryId;
  });
  return readCategory(db, id);
}

/**
 * Renames the category, moves it under another parent (last among its new siblings) or turns it into a parent or a
 * leaf. It cannot go under itself or a category below it; a parent with categories stays a parent, and a leaf
 * with tickets (`ticketsFiledUnder`) stays a leaf.
 */
export async function updateTicketCategory(
  options: Call & { id: number; body: CategoryBody },
): Promise<TicketCategory> {
  const { db, viewer, id, body } = options;
  await db.transaction(async (tx) => {
    const rows = await categoryRows(tx, { lock: true });
    const current = rows.find((row) => row.id === id);
    if (!current) throw new AppError('notFound');
    const moved = current.parentId !== body.parentId;
    if (moved && body.parentId !== null && subtreeIds(rows, [id]).has(body.parentId)) {
      throw new AppError('ticketCategoryCycle');
    }
    if (moved) assertParent(rows, body.parentId);
    assertNameFree(rows, body, id);
    if (current.isParent && !body.isParent) {
      const children = rows.filter((row) => row.parentId === id).length;
      if (children > 0) throw new AppError('ticketCategoryHasChildren', { count: children });
    }
    if (!current.isParent && body.isParent) await assertNoTickets(tx, id);
    await tx
      .update(ticketCategories)
      .set({
        ...body,
        position: moved ? nextPosition(rows, body.parentId) : current.position,
        updatedAt: sql`now()`,
      })
      .where(eq(ticketCategories.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: moved ? 'ticketCategory.moved' : 'ticketCategory.changed',
      entity: ticketCategoryAuditEntity,
      entityId: id,
      fromState: current.isParent ? 'parent' : 'leaf',
      toState: body.isParent ? 'parent' : 'leaf',
      data: {
        from: { name: current.name, parentId: current.parentId, isParent: current.isParent },
        to: { ...body },
      },
      ip: options.ip,
    });
  });
  return readCategory(db, id);
}

/** Puts one parent's categories in the given order; the list must hold every one of them, as they are now. */
export async function reorderTicketCategories(
  options: Call & { body: z.output<typeof ticketCategoryOrderBodySchema> },
): Promise<TicketCategory[]> {
  const { db, viewer, body } = options;
  await db.transaction(async (tx) => {
    const rows = await categoryRows(tx, { lock: true });
    if (body.parentId !== null && !rows.some((row) => row.id === body.parentId && row.isParent)) {
      throw new AppError('notFound');
    }
    const siblings = rows.filter((row) => row.parentId === body.parentId).map((row) => row.id);
    const same = siblings.length === body.ids.length && body.ids.every((id) => siblings.includes(id));
    // Someone added, moved or deleted one of them meanwhile: the order the person saw is no longer the list.
    if (!same) throw new AppError('ticketCategoryOrderStale');
    for (const [index, id] of body.ids.entries()) {
      await tx
        .update(ticketCategories)
        .set({ position: index + 1, updatedAt: sql`now()` })
        .where(eq(ticketCategories.id, id));
    }
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'ticketCategory.reordered',
      entity: ticketCategoryAuditEntity,
      entityId: body.parentId,
      data: {
        from: [...rows]
          .filter((row) => row.parentId === body.parentId)
          .sort((a, b) => a.position - b.position || a.id - b.id)
          .map((row) => row.id),
        to: body.ids,
      },
      ip: options.ip,
    });
  });
  return listTicketCategories({ db });
}

/** Replaces who handles the category's tickets; each must hold `ticketHandlerAbility`. */
export async function setTicketCategoryAssignees(
  options: Call & { id: number; body: z.output<typeof ticketCategoryAssigneesBodySchema> },
): Promise<TicketCategory> {
  const { db, viewer, id, body } = options;
  await db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: ticketCategories.id })
      .from(ticketCategories)
      .where(and(eq(ticketCategories.id, id), liveCategory))
      .for('update');
    if (!category) throw new AppError('notFound');
    const handlers = await listTicketHandlers({ db: tx, userIds: body.userIds });
    if (handlers.length !== body.userIds.length) throw new AppError('ticketAssigneeNotAllowed');
    const before = await tx
      .select({ userId: ticketCategoryAssignees.userId })
      .from(ticketCategoryAssignees)
      .where(eq(ticketCategoryAssignees.categoryId, id));
    await tx.delete(ticketCategoryAssignees).where(eq(ticketCategoryAssignees.categoryId, id));
    if (body.userIds.length > 0) {
      await tx.insert(ticketCategoryAssignees).values(body.userIds.map((userId) => ({ categoryId: id, userId })));
    }
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'ticketCategory.assigned',
      entity: ticketCategoryAuditEntity,
      entityId: id,
      data: { from: before.map((row) => row.userId).sort((a, b) => a - b), to: body.userIds },
      ip: options.ip,
    });
  });
  return readCategory(db, id);
}

/** Deletes (softly) a category holding no categories and no tickets; otherwise says how many it holds. */
export async function deleteTicketCategory(options: Call & { id: number }): Promise<void> {
  const { db, viewer, id } = options;
  await db.transaction(async (tx) => {
    const rows = await categoryRows(tx, { lock: true });
    const current = rows.find((row) => row.id === id);
    if (!current) throw new AppError('notFound');
    const children = rows.filter((row) => row.parentId === id).length;
    if (children > 0) throw new AppError('ticketCategoryHasChildren', { count: children });
    await assertNoTickets(tx, id);
    await tx
      .update(ticketCategories)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(ticketCategories.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'ticketCategory.deleted',
      entity: ticketCategoryAuditEntity,
      entityId: id,
      fromState: current.isParent ? 'parent' : 'leaf',
      toState: 'deleted',
      data: { name: current.name, parentId: current.parentId },
      ip: options.ip,
    });
  });
}
