// Internal tickets (spec §2 Tickets, §3 Ticket, §4, §5, §6 Tickets; issue 24). A shop's person files a ticket under
// a leaf category; the category's assignees (and those of the categories above it) are told and answer; the
// conversation goes on until someone closes it, after which nobody replies (§5) until it is reopened. Three reaches
// (§6): general — a person's own tickets and their shops'; assigned — the tickets of the categories they handle;
// manage — all. Another's ticket answers 404. Every transition goes through ticketTransitions (contracts) and the
// audit log; the people concerned are told through notify(), and every change is pushed live (tickets.changed).
import { shopChannel, userChannel } from '@bottega/contracts/notifications';
import type { NotificationEvent } from '@bottega/contracts/permissions';
import {
  nextTicketState,
  type Ticket,
  type TicketAction,
  type TicketAttachment,
  type TicketMessage,
  type TicketReach,
  type TicketState,
  type TicketSummary,
  ticketAttachmentsPerMessage,
  type ticketCreateBodySchema,
  type ticketListQuerySchema,
  ticketRemindIntervalMs,
  ticketsChangedEvent,
} from '@bottega/contracts/tickets';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/file-transfer';
import { notify } from '../../platform/notify';
import type { Realtime } from '../../platform/realtime';
import type { SessionContext } from '../../platform/sessions';
import { type Storage, safeFileName } from '../../platform/storage';
import { users } from '../employees/employees.schema';
import { inspectUpload } from '../employees/employees.service';
import { shops } from '../shops/shops.schema';
import {
  assigneesOfCategory,
  categoriesHandledBy,
  listTicketCategories,
  listTicketHandlers,
  loadTicketCategory,
  withDescendants,
} from './ticket-categories.service';
import { sanitiseTicketMessage } from './ticket-message';
import { ticketAttachments, ticketMessages, ticketReads, tickets } from './tickets.schema';

export const ticketAuditEntity = 'ticket';

type Call = { db: Database; viewer: SessionContext; scope: TicketReach };
type Change = Call & { id: number; now: Date; ip?: string; realtime?: Realtime };
type TicketRow = typeof tickets.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Who sees what

/** The tickets the scope lets the viewer reach. */
async function reachOf(db: Executor, viewer: SessionContext, scope: TicketReach): Promise<SQL> {
  if (scope === 'manage') return sql`true`;
  if (scope === 'assigned') {
    const handled = await categoriesHandledBy(db, viewer.userId);
    return handled.length > 0 ? inArray(tickets.categoryId, handled) : sql`false`;
  }
  const shopIds = shopsInScope(viewer, 'shops');
  if (shopIds === 'all') return sql`true`;
  const own = eq(tickets.authorId, viewer.userId);
  return shopIds.length > 0 ? (or(own, inArray(tickets.shopId, shopIds)) as SQL) : own;
}

/** The ticket `id` as the scope reaches it, optionally taken for update; 404 outside it. */
async function loadReachableTicket(
  db: Executor,
  options: { viewer: SessionContext; scope: TicketReach; id: number; lock?: boolean },
): Promise<TicketRow> {
  const reach = await reachOf(db, options.viewer, options.scope);
  const query = db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, options.id), reach));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('notFound');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading

const author = alias(users, 'ticket_author');
const closer = alias(users, 'ticket_closer');
const replier = alias(users, 'ticket_replier');
const nameOf = (table: { name: AnyPgColumn; surname: AnyPgColumn }) =>
  sql<string | null>`${table.name} || ' ' || ${table.surname}`;

function summaryColumns(viewerId: number) {
  return {
    id: tickets.id,
    subject: tickets.subject,
    state: tickets.state,
    shopId: tickets.shopId,
    shopCode: shops.code,
    shopName: shops.name,
    categoryId: tickets.categoryId,
    authorId: tickets.authorId,
    authorName: nameOf(author),
    openedAt: tickets.openedAt,
    closedAt: tickets.closedAt,
    closedById: tickets.closedBy,
    closedByName: nameOf(closer),
    reopenedAt: tickets.reopenedAt,
    lastReplyAt: tickets.lastReplyAt,
    lastReplyById: tickets.lastReplyBy,
    lastReplyByName: nameOf(replier),
    remindedAt: tickets.remindedAt,
    unread: sql<boolean>`coalesce(${tickets.lastMessageId} > (
      SELECT ${ticketReads.lastReadMessageId} FROM ${ticketReads}
      WHERE ${ticketReads.ticketId} = ${tickets.id} AND ${ticketReads.userId} = ${viewerId}
    ), true)`,
  };
}

function selectSummaries(db: Executor, viewerId: number) {
  return db
    .select(summaryColumns(viewerId))
    .from(tickets)
    .innerJoin(shops, eq(shops.id, tickets.shopId))
    .leftJoin(author, eq(author.id, tickets.authorId))
    .leftJoin(closer, eq(closer.id, tickets.closedBy))
    .leftJoin(replier, eq(replier.id, tickets.lastReplyBy));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

const person = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

/** Each category's path, from the tree (deleted categories keep their tickets and show their own name). */
async function categoryPaths(db: Executor): Promise<Map<number, string[]>> {
  const tree = await listTicketCategories({ db });
  return new Map(tree.map((category) => [category.id, category.path]));
}

function toSummary(row: SummaryRow, paths: Map<number, string[]>): TicketSummary {
  return {
    id: row.id,
    subject: row.subject,
    state: row.state,
    shop: { id: row.shopId, code: row.shopCode, name: row.shopName },
    category: { id: row.categoryId, path: paths.get(row.categoryId) ?? [] },
    author: person(row.authorId, row.authorName),
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: person(row.closedById, row.closedByName),
    reopenedAt: row.reopenedAt?.toISOString() ?? null,
    lastReplyAt: row.lastReplyAt.toISOString(),
    lastReplyBy: person(row.lastReplyById, row.lastReplyByName),
    unread: row.unread,
  };
}

/** Search words, each matched from its start in the subject or the messages ('simple': no stemming, any language). */
function searchCondition(searchValue: string | undefined): SQL | undefined {
  const words = searchValue?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  const query = words.map((word) => `${word}:*`).join(' & ');
  return sql`${tickets.search} @@ to_tsquery('simple', ${query})`;
}

/**
 * The open tickets (`list`) or the closed ones (`archive`) the scope reaches, the latest reply first (the archive:
 * the latest closed first), filtered by words, a category (and those below it) and a shop, a page at a time.
 */
export async function listTickets(
  options: Call & { state: TicketState; query: z.output<typeof ticketListQuerySchema> },
): Promise<{ data: TicketSummary[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, viewer, scope, state, query } = options;
  const [reach, paths] = await Promise.all([reachOf(db, viewer, scope), categoryPaths(db)]);
  const categoryIds = query.categoryId === undefined ? undefined : await withDescendants(db, query.categoryId);
  const condition = and(
    eq(tickets.state, state),
    reach,
    categoryIds === undefined ? undefined : inArray(tickets.categoryId, categoryIds),
    query.shopId === undefined ? undefined : eq(tickets.shopId, query.shopId),
    searchCondition(query.searchValue),
  );
  const order =
    state === 'open' ? [desc(tickets.lastReplyAt), desc(tickets.id)] : [desc(tickets.closedAt), desc(tickets.id)];
  const [rows, totals] = await Promise.all([
    selectSummaries(db, viewer.userId)
      .where(condition)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(tickets).where(condition),
  ]);
  return {
    data: rows.map((row) => toSummary(row, paths)),
    meta: { page: query.page, perPage: query.perPage, total: totals[0]?.value ?? 0 },
  };
}

async function readTicket(db: Executor, viewerId: number, id: number): Promise<Ticket> {
  const [[row], paths, messages, attachments] = await Promise.all([
    selectSummaries(db, viewerId).where(eq(tickets.id, id)),
    categoryPaths(db),
    db
      .select({
        id: ticketMessages.id,
        authorId: ticketMessages.authorId,
        authorName: nameOf(author),
        body: ticketMessages.body,
        createdAt: ticketMessages.createdAt,
      })
      .from(ticketMessages)
      .leftJoin(author, eq(author.id, ticketMessages.authorId))
      .where(eq(ticketMessages.ticketId, id))
      .orderBy(asc(ticketMessages.id)),
    db
      .select({
        messageId: ticketAttachments.messageId,
        id: ticketAttachments.id,
        fileName: ticketAttachments.fileName,
        contentType: ticketAttachments.contentType,
        size: ticketAttachments.size,
      })
      .from(ticketAttachments)
      .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
      .where(eq(ticketMessages.ticketId, id))
      .orderBy(asc(ticketAttachments.id)),
  ]);
  if (!row) throw new AppError('notFound');
  const conversation: TicketMessage[] = messages.map((message) => ({
    id: message.id,
    author: person(message.authorId, message.authorName),
    body: message.body,
    createdAt: message.createdAt.toISOString(),
    attachments: attachments
      .filter((attachment) => attachment.messageId === message.id)
      .map(({ messageId: _, ...attachment }) => attachment),
  }));
  return { ...toSummary(row, paths), messages: conversation, remindedAt: row.remindedAt?.toISOString() ?? null };
}

/** Marks the ticket's messages up to the last one seen by the person. */
async function markRead(db: Executor, userId: number, ticketId: number, messageId: number): Promise<void> {
  await db
    .insert(ticketReads)
    .values({ userId, ticketId, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [ticketReads.userId, ticketReads.ticketId],
      set: { lastReadMessageId: sql`greatest(${ticketReads.lastReadMessageId}, ${messageId})` },
    });
}

/**
 * One ticket with its whole conversation, oldest first (its page and its printable page): reading it marks its
 * replies as read for the viewer.
 */
export async function getTicket(options: Call & { id: number }): Promise<Ticket> {
  const { db, viewer, scope, id } = options;
  const row = await loadReachableTicket(db, { viewer, scope, id });
  if (row.lastMessageId !== null) await markRead(db, viewer.userId, id, row.lastMessageId);
  return readTicket(db, viewer.userId, id);
}

// ---------------------------------------------------------------------------------------------
// Changes

/** The sanitised message, or 422 on `message` when no text is left of it. */
function messageOf(html: string): { body: string; text: string } {
  const message = sanitiseTicketMessage(html);
  if (message.text === '') throw new AppError('validation', {}, { message: [{ rule: 'required' }] });
  return message;
}

/** A leaf category to file a ticket under, or 422. */
async function assertLeaf(db: Executor, categoryId: number): Promise<void> {
  const category = await loadTicketCategory(db, categoryId).catch(() => null);
  if (!category || category.isParent) throw new AppError('ticketCategoryNotLeaf');
}

/** The state `action` leads to from the ticket's, or 409 when the table refuses it there. */
function transition(row: TicketRow, action: TicketAction): TicketState {
  const to = nextTicketState(row.state, action);
  if (to === null) throw new AppError(row.state === 'closed' ? 'ticketClosed' : 'ticketNotClosed');
  return to;
}

/** Tells `userIds` of the ticket (never the actor, notify() sees to that), linking to its page. */
async function tellAbout(
  tx: Executor,
  options: {
    event: NotificationEvent;
    ticket: Pick<TicketRow, 'id' | 'shopId' | 'subject'>;
    userIds: readonly number[];
    actorId: number;
  },
): Promise<void> {
  const { ticket } = options;
  const [shop] = await tx.select({ code: shops.code, name: shops.name }).from(shops).where(eq(shops.id, ticket.shopId));
  await notify(tx, {
    event: options.event,
    userIds: options.userIds,
    params: { shop: shop ? `${shop.code} · ${shop.name}` : '', subject: ticket.subject },
    link: `/app/ticket/${ticket.id}`,
    actorId: options.actorId,
  });
}

/**
 * Tells everyone looking at the ticket or a list holding it: its shop, its author, its category's assignees and who
 * manages every ticket (their screens may show any shop's, whose channel they do not join).
 */
async function publishChange(db: Executor, realtime: Realtime | undefined, ticket: TicketRow, also: number[] = []) {
  if (!realtime) return;
  const payload = { ticketId: ticket.id, shopId: ticket.shopId };
  realtime.publish(shopChannel(ticket.shopId), ticketsChangedEvent, payload);
  const managers = await listTicketHandlers({ db, ability: 'tickets.manage.list' });
  const people = new Set([
    ...(await assigneesOfCategory(db, ticket.categoryId)),
    ...managers.map((manager) => manager.id),
    ...also,
  ]);
  if (ticket.authorId !== null) people.add(ticket.authorId);
  for (const userId of people) realtime.publish(userChannel(userId), ticketsChangedEvent, payload);
}

async function reloadRow(db: Executor, id: number): Promise<TicketRow> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  if (!row) throw new AppError('notFound');
  return row;
}

/** Files a ticket in the session's shop under a leaf category; its assignees are told. */
export async function createTicket(
  options: Omit<Call, 'scope'> & {
    shopId: number;
    body: z.output<typeof ticketCreateBodySchema>;
    now: Date;
    ip?: string;
    realtime?: Realtime;
  },
): Promise<Ticket> {
  const { db, viewer, shopId, body, now } = options;
  const message = messageOf(body.message);
  const id = await db.transaction(async (tx) => {
    await assertLeaf(tx, body.categoryId);
    const [created] = await tx
      .insert(tickets)
      .values({
        subject: body.subject,
        shopId,
        categoryId: body.categoryId,
        authorId: viewer.userId,
        openedAt: now,
        lastReplyAt: now,
        lastReplyBy: viewer.userId,
        searchText: message.text,
      })
      .returning({ id: tickets.id });
    const ticketId = (created as { id: number }).id;
    const [first] = await tx
      .insert(ticketMessages)
      .values({ ticketId, authorId: viewer.userId, body: message.body, createdAt: now })
      .returning({ id: ticketMessages.id });
    const messageId = (first as { id: number }).id;
    await tx.update(tickets).set({ lastMessageId: messageId }).where(eq(tickets.id, ticketId));
    await markRead(tx, viewer.userId, ticketId, messageId);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'ticket.opened',
      entity: ticketAuditEntity,
      entityId: ticketId,
      toState: 'open',
      data: { shopId, categoryId: body.categoryId, subject: body.subject },
      ip: options.ip,
    });
    await tellAbout(tx, {
      event: 'tickets.created',
      ticket: { id: ticketId, shopId, subject: body.subject },
      userIds: await assigneesOfCategory(tx, body.categoryId),
      actorId: viewer.userId,
    });
    return ticketId;
  });
  await publishChange(db, options.realtime, await reloadRow(db, id));
  return readTicket(db, viewer.userId, id);
}

/**
 * A reply, only while the ticket is open (409 once closed, §5). The other side is told: a reply through the general
 * reach (the shop's side) tells the assignees, one through the assigned or the managing reach tells the author.
 */
export async function replyToTicket(options: Change & { message: string }): Promise<Ticket> {
  const { db, viewer, scope, id, now } = options;
  const message = messageOf(options.message);
  const row = await db.transaction(async (tx) => {
    const ticket = await loadReachableTicket(tx, { viewer, scope, id, lock: true });
    transition(ticket, 'reply');
    const [created] = await tx
      .insert(ticketMessages)
      .values({ ticketId: id, authorId: viewer.userId, body: message.body, createdAt: now })
      .returning({ id: ticketMessages.id });
    const messageId = (created as { id: number }).id;
    await tx
      .update(tickets)
      .set({
        lastMessageId: messageId,
        lastReplyAt: now,
        lastReplyBy: viewer.userId,
        // The search reads the whole conversation; a very long one keeps its first 200,000 characters.
        searchText: sql`left(${tickets.searchText} || ' ' || ${message.text}, 200000)`,
      })
      .where(eq(tickets.id, id));
    await markRead(tx, viewer.userId, id, messageId);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'ticket.replied',
      entity: ticketAuditEntity,
      entityId: id,
      fromState: ticket.state,
      toState: ticket.state,
      data: { messageId, scope },
      ip: options.ip,
    });
    const shopSide = scope === 'general';
    await tellAbout(tx, {
      event: shopSide ? 'tickets.replied' : 'tickets.answered',
      ticket,
      userIds: shopSide
        ? await assigneesOfCategory(tx, ticket.categoryId)
        : ticket.authorId === null
          ? []
          : [ticket.authorId],
      actorId: viewer.userId,
    });
    return ticket;
  });
  await publishChange(db, options.realtime, row);
  return readTicket(db, viewer.userId, id);
}

/** Closes an open ticket (no more replies, §5) or reopens a closed one; 409 from the other state. */
export async function setTicketState(options: Change & { action: 'close' | 'reopen' }): Promise<Ticket> {
  const { db, viewer, scope, id, now, action } = options;
  const row = await db.transaction(async (tx) => {
    const ticket = await loadReachableTicket(tx, { viewer, scope, id, lock: true });
    const to = transition(ticket, action);
    await tx
      .update(tickets)
      .set(
        action === 'close'
          ? { state: to, closedAt: now, closedBy: viewer.userId }
          : { state: to, closedAt: null, closedBy: null, reopenedAt: now, reopenedBy: viewer.userId },
      )
      .where(eq(tickets.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: action === 'close' ? 'ticket.closed' : 'ticket.reopened',
      entity: ticketAuditEntity,
      entityId: id,
      fromState: ticket.state,
      toState: to,
      data: { scope },
      ip: options.ip,
    });
    return ticket;
  });
  await publishChange(db, options.realtime, row);
  return readTicket(db, viewer.userId, id);
}

/**
 * Moves the ticket to another leaf category; its new assignees are told. Moved out of the categories an assignee
 * handles, it leaves their reach: the answer is the ticket as it is now, which they may no longer open.
 */
export async function moveTicket(options: Change & { categoryId: number }): Promise<Ticket> {
  const { db, viewer, scope, id, categoryId } = options;
  const moved = await db.transaction(async (tx) => {
    const ticket = await loadReachableTicket(tx, { viewer, scope, id, lock: true });
    const to = transition(ticket, 'move');
    if (ticket.categoryId === categoryId) return null;
    await assertLeaf(tx, categoryId);
    await tx.update(tickets).set({ categoryId }).where(eq(tickets.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'ticket.moved',
      entity: ticketAuditEntity,
      entityId: id,
      fromState: ticket.state,
      toState: to,
      data: { fromCategoryId: ticket.categoryId, toCategoryId: categoryId, scope },
      ip: options.ip,
    });
    await tellAbout(tx, {
      event: 'tickets.moved',
      ticket,
      userIds: await assigneesOfCategory(tx, categoryId),
      actorId: viewer.userId,
    });
    return { ticket, formerAssignees: await assigneesOfCategory(tx, ticket.categoryId) };
  });
  if (moved) await publishChange(db, options.realtime, await reloadRow(db, id), moved.formerAssignees);
  return readTicket(db, viewer.userId, id);
}

/** Reminds the assignees of an open ticket (by email, as their groups choose), at most once an hour (429). */
export async function remindTicket(options: Change): Promise<Ticket> {
  const { db, viewer, scope, id, now } = options;
  const row = await db.transaction(async (tx) => {
    const ticket = await loadReachableTicket(tx, { viewer, scope, id, lock: true });
    const to = transition(ticket, 'remind');
    const waitMs = ticket.remindedAt ? ticket.remindedAt.getTime() + ticketRemindIntervalMs - now.getTime() : 0;
    if (waitMs > 0) throw new AppError('ticketRemindedRecently', { minutes: Math.ceil(waitMs / 60_000) });
    await tx.update(tickets).set({ remindedAt: now }).where(eq(tickets.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'ticket.reminded',
      entity: ticketAuditEntity,
      entityId: id,
      fromState: ticket.state,
      toState: to,
      data: { scope },
      ip: options.ip,
    });
    await tellAbout(tx, {
      event: 'tickets.reminded',
      ticket,
      userIds: await assigneesOfCategory(tx, ticket.categoryId),
      actorId: viewer.userId,
    });
    return ticket;
  });
  await publishChange(db, options.realtime, row);
  return readTicket(db, viewer.userId, id);
}

// ---------------------------------------------------------------------------------------------
// Attachments

/**
 * Adds a file to one of the viewer's own messages while the ticket is open: an image or a PDF told by its content
 * (as the file manager and the cash report do), within the size limit and the number per message. The ticket is
 * checked before the file is read, and again, locked, when the row is written; bytes stored for a refused row go.
 */
export async function attachToTicketMessage(
  options: Change & { messageId: number; storage: Storage; read: () => Promise<Upload> },
): Promise<TicketAttachment> {
  const { db, viewer, scope, id, messageId, storage } = options;
  const check = async (tx: Executor, lock: boolean) => {
    const ticket = await loadReachableTicket(tx, { viewer, scope, id, lock });
    transition(ticket, 'reply');
    const [message] = await tx
      .select({ authorId: ticketMessages.authorId, attached: count(ticketAttachments.id) })
      .from(ticketMessages)
      .leftJoin(ticketAttachments, eq(ticketAttachments.messageId, ticketMessages.id))
      .where(and(eq(ticketMessages.id, messageId), eq(ticketMessages.ticketId, id)))
      .groupBy(ticketMessages.id);
    // Only one's own message takes files; another's answers as if it did not exist.
    if (!message || message.authorId !== viewer.userId) throw new AppError('notFound');
    if (message.attached >= ticketAttachmentsPerMessage) {
      throw new AppError('ticketAttachmentsFull', { count: ticketAttachmentsPerMessage });
    }
    return ticket;
  };
  await check(db, false);
  const upload = await options.read();
  const type = inspectUpload(upload);
  const fileName = safeFileName(upload.fileName);
  const storageKey = await storage.put(`tickets/${id}`, upload.bytes, type.extension);
  try {
    const { ticket, attachmentId } = await db.transaction(async (tx) => {
      const locked = await check(tx, true);
      const [created] = await tx
        .insert(ticketAttachments)
        .values({ messageId, storageKey, fileName, contentType: type.mimeType, size: upload.bytes.byteLength })
        .returning({ id: ticketAttachments.id });
      const newId = (created as { id: number }).id;
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'ticket.attached',
        entity: ticketAuditEntity,
        entityId: id,
        data: { messageId, attachmentId: newId, fileName, contentType: type.mimeType, size: upload.bytes.byteLength },
        ip: options.ip,
      });
      return { ticket: locked, attachmentId: newId };
    });
    await publishChange(db, options.realtime, ticket);
    return { id: attachmentId, fileName, contentType: type.mimeType, size: upload.bytes.byteLength };
  } catch (error) {
    await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** An attachment's bytes, with the type sniffed when it was stored and its name; 404 outside the reach. */
export async function readTicketAttachment(
  options: Call & { id: number; attachmentId: number; storage: Storage },
): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
  const { db, viewer, scope, id, attachmentId } = options;
  await loadReachableTicket(db, { viewer, scope, id });
  const [row] = await db
    .select({
      storageKey: ticketAttachments.storageKey,
      fileName: ticketAttachments.fileName,
      contentType: ticketAttachments.contentType,
    })
    .from(ticketAttachments)
    .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketMessages.ticketId, id)));
  if (!row) throw new AppError('notFound');
  return { bytes: await options.storage.get(row.storageKey), fileName: row.fileName, contentType: row.contentType };
}
