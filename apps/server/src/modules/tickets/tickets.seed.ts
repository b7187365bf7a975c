// The demo's tickets (issue 24): a small category tree — IT › Cassa and Rete, Logistica › Consegne, Personale › Buste
// paga — handled by Luca (group Ticket) and, for IT, Sara (Developer); and a handful of conversations in three shops,
// open and closed, so the lists, the archive, the unread marks and a conversation have something to show.
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { sanitiseTicketMessage } from './ticket-message';
import { ticketCategories, ticketCategoryAssignees, ticketMessages, ticketReads, tickets } from './tickets.schema';

const tree = [
  { name: 'IT', children: ['Cassa', 'Rete'], assignees: ['ticket', 'developer'] },
  { name: 'Logistica', children: ['Consegne'], assignees: ['ticket'] },
  { name: 'Personale', children: ['Buste paga'], assignees: ['ticket'] },
] as const;

type DemoTicket = {
  shop: string;
  category: string;
  subject: string;
  /** Who wrote each message, oldest first, and how many hours ago. */
  messages: { by: string; hoursAgo: number; body: string }[];
  closedBy?: string;
};

const demoTickets: DemoTicket[] = [
  {
    shop: 'MI01',
    category: 'Cassa',
    subject: 'La cassa 2 non stampa lo scontrino',
    messages: [
      {
        by: 'dipendente',
        hoursAgo: 30,
        body: '<p>Da stamattina la <strong>cassa 2</strong> chiude la vendita ma non stampa lo scontrino.</p>',
      },
      {
        by: 'developer',
        hoursAgo: 26,
        body: '<p>Prova a spegnere e riaccendere la stampante fiscale, poi controlla che il rotolo sia inserito bene.</p>',
      },
      { by: 'dipendente', hoursAgo: 3, body: '<p>Riavviata, ma stampa solo metà scontrino.</p>' },
    ],
  },
  {
    shop: 'MI01',
    category: 'Consegne',
    subject: 'Consegna di lunedì incompleta',
    messages: [
      {
        by: 'commessa',
        hoursAgo: 20,
        body: '<p>Mancano due colli della consegna di lunedì:</p><ul><li>maglieria uomo</li><li>accessori</li></ul>',
      },
    ],
  },
  {
    shop: 'MI02',
    category: 'Rete',
    subject: 'Wi-Fi del negozio lento',
    messages: [
      {
        by: 'dipendente',
        hoursAgo: 120,
        body: '<p>Il Wi-Fi del negozio è lentissimo, i POS faticano a collegarsi.</p>',
      },
      { by: 'developer', hoursAgo: 100, body: '<p>Sostituito il router: ora la linea è stabile.</p>' },
    ],
    closedBy: 'developer',
  },
  {
    shop: 'TO01',
    category: 'Buste paga',
    subject: 'Ore straordinarie mancanti in busta paga',
    messages: [
      {
        by: 'areacontrollo',
        hoursAgo: 50,
        body: '<p>Nella busta paga del mese scorso mancano le ore straordinarie.</p>',
      },
      { by: 'ticket', hoursAgo: 45, body: '<p>Segnalato allo studio paghe: saranno nel prossimo cedolino.</p>' },
    ],
  },
];

export async function seedDemoTickets(db: Executor, options: { now: Date }): Promise<void> {
  const people = new Map(
    (
      await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.username, ['dipendente', 'commessa', 'developer', 'ticket', 'areacontrollo']))
    ).map((row) => [row.username, row.id]),
  );
  const shopIds = new Map(
    (await db.select({ id: shops.id, code: shops.code }).from(shops)).map((row) => [row.code, row.id]),
  );
  const categoryIds = new Map<string, number>();
  for (const [index, parent] of tree.entries()) {
    const [row] = await db
      .insert(ticketCategories)
      .values({ name: parent.name, isParent: true, position: index + 1 })
      .returning({ id: ticketCategories.id });
    const parentId = row?.id as number;
    await db
      .insert(ticketCategoryAssignees)
      .values(parent.assignees.map((username) => ({ categoryId: parentId, userId: people.get(username) as number })));
    for (const [childIndex, name] of parent.children.entries()) {
      const [child] = await db
        .insert(ticketCategories)
        .values({ name, parentId, position: childIndex + 1 })
        .returning({ id: ticketCategories.id });
      categoryIds.set(name, child?.id as number);
    }
  }

  const at = (hoursAgo: number) => new Date(options.now.getTime() - hoursAgo * 3_600_000);
  for (const demo of demoTickets) {
    const first = demo.messages[0] as DemoTicket['messages'][number];
    const last = demo.messages.at(-1) as DemoTicket['messages'][number];
    const [row] = await db
      .insert(tickets)
      .values({
        subject: demo.subject,
        shopId: shopIds.get(demo.shop) as number,
        categoryId: categoryIds.get(demo.category) as number,
        authorId: people.get(first.by) as number,
        openedAt: at(first.hoursAgo),
        lastReplyAt: at(last.hoursAgo),
        lastReplyBy: people.get(last.by) as number,
        searchText: demo.messages.map((message) => sanitiseTicketMessage(message.body).text).join(' '),
        ...(demo.closedBy
          ? { state: 'closed' as const, closedAt: at(last.hoursAgo - 1), closedBy: people.get(demo.closedBy) as number }
          : {}),
      })
      .returning({ id: tickets.id });
    const ticketId = row?.id as number;
    const messages = await db
      .insert(ticketMessages)
      .values(
        demo.messages.map((message) => ({
          ticketId,
          authorId: people.get(message.by) as number,
          body: sanitiseTicketMessage(message.body).body,
          createdAt: at(message.hoursAgo),
        })),
      )
      .returning({ id: ticketMessages.id, authorId: ticketMessages.authorId });
    const lastMessageId = Math.max(...messages.map((message) => message.id));
    await db.update(tickets).set({ lastMessageId }).where(eq(tickets.id, ticketId));
    // Each writer has seen the conversation up to their own last message: what came after is unread for them.
    const seen = new Map<number, number>();
    for (const message of messages) if (message.authorId !== null) seen.set(message.authorId, message.id);
    await db
      .insert(ticketReads)
      .values([...seen].map(([userId, lastReadMessageId]) => ({ userId, ticketId, lastReadMessageId })));
  }
}
