import { z } from 'zod';
import { dataOf, pageOf, paginationQuerySchema, requiredText, text } from './common';
import type { Ability } from './permissions';

// Internal tickets (spec §2 Management › ticket category and Tickets, §3 Ticket and Ticket category, §4, §5, §6,
// §8; issue 24). Shops ask the office for help through tickets filed under a category of a tree; a category is
// either a parent (holding other categories) or a leaf (holding tickets), and its assigned users handle the tickets
// filed under it or under any category below it.

const id = z.number().int().positive();

/** Ids of a list, each once. */
function distinctIds(max: number) {
  return z
    .array(id)
    .max(max)
    .superRefine((ids, context) => {
      if (new Set(ids).size === ids.length) return;
      context.addIssue({ code: 'custom', message: 'unique', params: { rule: 'unique' }, input: ids });
    });
}

// ——— Categories ———

export const ticketCategoryBodySchema = z.object({
  name: requiredText(100),
  /** The parent category it sits under (a category flagged as parent), or null at the top. */
  parentId: id.nullable().default(null),
  /** A parent holds other categories and no tickets; a leaf holds tickets and no categories. */
  isParent: z.boolean().default(false),
});
export type TicketCategoryBody = z.input<typeof ticketCategoryBodySchema>;

/** The new order of one parent's categories: every one of them, each once. */
export const ticketCategoryOrderBodySchema = z.object({
  parentId: id.nullable(),
  ids: distinctIds(500).min(1),
});
export type TicketCategoryOrderBody = z.input<typeof ticketCategoryOrderBodySchema>;

/** Who handles the category's tickets (and those of the categories below it); replaces the previous list. */
export const ticketCategoryAssigneesBodySchema = z.object({ userIds: distinctIds(200) });
export type TicketCategoryAssigneesBody = z.input<typeof ticketCategoryAssigneesBodySchema>;

export const ticketPersonSchema = z.object({ id: z.number().int(), name: z.string() });
export type TicketPerson = z.infer<typeof ticketPersonSchema>;

export const ticketCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  isParent: z.boolean(),
  /** Its place among its parent's categories, from 1. */
  position: z.number().int(),
  /** How deep in the tree: 0 at the top. */
  depth: z.number().int(),
  /** The names from the top down to it, for a select: ["IT", "Cassa"]. */
  path: z.array(z.string()),
  assignees: z.array(ticketPersonSchema),
});
export type TicketCategory = z.infer<typeof ticketCategorySchema>;
export const ticketCategoryAnswerSchema = dataOf(ticketCategorySchema);
/** The whole tree, depth first: each parent followed by its categories in their order. */
export const ticketCategoriesAnswerSchema = dataOf(z.array(ticketCategorySchema));
export const ticketAssignableUsersAnswerSchema = dataOf(z.array(ticketPersonSchema));

// ——— Tickets ———

/**
 * §6's three reaches, widest last: general reaches the person's own tickets and their shops'; assigned, those of the
 * categories they handle; manage, all. Each is served under its own path with its own abilities.
 */
export const ticketReaches = ['general', 'assigned', 'manage'] as const;
export type TicketReach = (typeof ticketReaches)[number];

/** Each reach's path and abilities (null: the reach has no such action); the server and the screens read both. */
export const ticketReachOf: Record<
  TicketReach,
  {
    prefix: string;
    list: Ability;
    archive: Ability;
    view: Ability;
    reply: Ability;
    close: Ability;
    reopen: Ability | null;
    move: Ability | null;
    remind: Ability | null;
    /** The category tree, to file a ticket under or to move one to. */
    categories: Ability;
  }
> = {
  general: {
    prefix: '/api/tickets',
    list: 'tickets.general.opened',
    archive: 'tickets.general.archive',
    view: 'tickets.general.view',
    reply: 'tickets.general.reply',
    close: 'tickets.general.close',
    reopen: null,
    move: null,
    remind: null,
    categories: 'tickets.general.add',
  },
  assigned: {
    prefix: '/api/tickets/assigned',
    list: 'tickets.assigned.list',
    archive: 'tickets.assigned.archive',
    view: 'tickets.assigned.view',
    reply: 'tickets.assigned.reply',
    close: 'tickets.assigned.close',
    reopen: 'tickets.assigned.reopen',
    move: 'tickets.assigned.editCategory',
    remind: null,
    categories: 'tickets.assigned.editCategory',
  },
  manage: {
    prefix: '/api/tickets/manage',
    list: 'tickets.manage.list',
    archive: 'tickets.manage.archive',
    view: 'tickets.manage.view',
    reply: 'tickets.manage.reply',
    close: 'tickets.manage.close',
    reopen: 'tickets.manage.reopen',
    move: 'tickets.manage.editCategory',
    remind: 'tickets.manage.remind',
    categories: 'tickets.manage.editCategory',
  },
};

/** §4: open, then closed (no more replies, §5), then open again when reopened. */
export const ticketStates = ['open', 'closed'] as const;
export type TicketState = (typeof ticketStates)[number];

/**
 * The one transition table (§4, §5): a reply or a reminder only while open (closing is irreversible for replies);
 * closing an open ticket, reopening a closed one; moving to another category in either state.
 */
export const ticketTransitions = {
  reply: { open: 'open' },
  close: { open: 'closed' },
  reopen: { closed: 'open' },
  move: { open: 'open', closed: 'closed' },
  remind: { open: 'open' },
} as const satisfies Record<string, Partial<Record<TicketState, TicketState>>>;
export type TicketAction = keyof typeof ticketTransitions;

/** The state an action leads to from `from`, or null when the action is refused there. */
export function nextTicketState(from: TicketState, action: TicketAction): TicketState | null {
  return (ticketTransitions[action] as Partial<Record<TicketState, TicketState>>)[from] ?? null;
}

/** A reminder per ticket at most once an hour (issue 24). */
export const ticketRemindIntervalMs = 60 * 60 * 1000;

/** A message as typed (formatted text, HTML), before sanitising: at most 64 KiB of it. */
export const ticketMessageMaxLength = 65_536;
/** An attachment: an image (JPEG, PNG, WebP) or a PDF, told by its content, of at most 10 MiB… */
export const ticketAttachmentMaxBytes = 10 * 1024 * 1024;
/** …and at most this many to a message. */
export const ticketAttachmentsPerMessage = 10;

const messageText = requiredText(ticketMessageMaxLength, { multiLine: true });

/** A ticket is filed in the session's shop, under a leaf category. */
export const ticketCreateBodySchema = z.object({
  subject: requiredText(200),
  categoryId: id,
  message: messageText,
});
export type TicketCreateBody = z.input<typeof ticketCreateBodySchema>;

export const ticketReplyBodySchema = z.object({ message: messageText });
export type TicketReplyBody = z.input<typeof ticketReplyBodySchema>;

export const ticketMoveBodySchema = z.object({ categoryId: id });

export const ticketMessageParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  messageId: z.coerce.number().int().positive(),
});
export const ticketAttachmentParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

/** The list (open tickets) and the archive (closed ones): §3 client state keeps categoryId and searchValue. */
export const ticketListQuerySchema = paginationQuerySchema.extend({
  /** Words of the subject or of the messages, each matched from its start. */
  searchValue: text(100).optional(),
  /** A category, and every category below it. */
  categoryId: z.coerce.number().int().positive().optional(),
  /** Only for who sees all shops; for others it narrows their own shops. */
  shopId: z.coerce.number().int().positive().optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  state: z.enum(ticketStates),
  shop: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  category: z.object({ id: z.number().int(), path: z.array(z.string()) }),
  author: ticketPersonSchema.nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: ticketPersonSchema.nullable(),
  /** When it was last reopened, or null if never. */
  reopenedAt: z.string().nullable(),
  lastReplyAt: z.string(),
  lastReplyBy: ticketPersonSchema.nullable(),
  /** A message came after the last one this person saw. */
  unread: z.boolean(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
export const ticketPageSchema = pageOf(ticketSummarySchema);

export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;
export const ticketAttachmentAnswerSchema = dataOf(ticketAttachmentSchema);

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  author: ticketPersonSchema.nullable(),
  /** Sanitised HTML: safe to render as it is. */
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** One ticket with its whole conversation, oldest first: what its page and its printable page show. */
export const ticketSchema = ticketSummarySchema.extend({
  messages: z.array(ticketMessageSchema),
  remindedAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketAnswerSchema = dataOf(ticketSchema);

/** Pushed on the shop's channel and each assignee's own after every change of a ticket. */
export const ticketsChangedEvent = 'tickets.changed';
export type TicketsChangedPayload = { ticketId: number; shopId: number };
