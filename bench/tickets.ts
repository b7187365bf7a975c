// `npm run bench:tickets`: the ticket lists and their search over 100,000 tickets (issue 24: p95 < 200 ms). On a fresh
// PostgreSQL database (TEST_DATABASE_URL; made here and dropped after) it writes, with generate_series, 50 shops, a
// tree of 4 parents × 3 leaves with an assignee each, and 100,000 tickets of 20 people over two years, a fifth of them
// open, each with its opening message and a reply (their text in the search vector), then measures listTickets as the
// screens call it: the open list and the archive for management, a shop person's list, an assignee's list, and the
// search (one word, two words, with a category) — the first page of 25 with the total.

import type { TicketReach } from '@bottega/contracts/tickets';
import { sql } from 'drizzle-orm';
import { listTickets } from '../apps/server/src/modules/tickets/tickets.service';
import { openDatabase } from '../apps/server/src/platform/db';
import type { SessionContext } from '../apps/server/src/platform/sessions';
import { defaultGroupAbilities } from '../apps/server/src/seed';
import { createPostgresDatabase } from '../apps/server/test/harness';
import { insertBenchShops, measure, rowsOf } from './deposits-data';

const ticketCount = Number(process.env.BENCH_TICKETS ?? 100_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 50);
const target = 200;

const words = ['cassa', 'stampante', 'scontrino', 'rete', 'router', 'consegna', 'collo', 'busta', 'ferie', 'badge'];

function viewerOf(userId: number, options: { shopIds?: number[]; group: 'Ticket' | 'Dipendente' }): SessionContext {
  return {
    sessionId: 'bench',
    userId,
    shopId: options.shopIds?.[0] ?? null,
    shop: null,
    remember: false,
    user: { id: userId, name: 'Bench', surname: String(userId), avatar: null, lng: 'it' },
    groups: [{ id: 0, name: options.group }],
    abilities: new Set(defaultGroupAbilities[options.group]),
    isAdmin: false,
    shopIds: options.shopIds ?? [],
  };
}

async function bench(): Promise<boolean> {
  const created = await createPostgresDatabase();
  const handle = openDatabase({ databaseUrl: created.url });
  let met = true;
  try {
    await handle.migrate();
    const { db } = handle;
    const started = performance.now();
    await insertBenchShops(db, 50);
    await db.execute(sql`
      INSERT INTO users (username, email, password_hash, name, surname)
      SELECT 'bench' || n, 'bench' || n || '@bench.example', 'x', 'Nome' || n, 'Cognome' || n
      FROM generate_series(1, 20) AS n`);
    await db.execute(sql`
      INSERT INTO ticket_categories (name, is_parent, position)
      SELECT 'Reparto ' || p, true, p FROM generate_series(1, 4) AS p`);
    await db.execute(sql`
      INSERT INTO ticket_categories (name, parent_id, position)
      SELECT 'Voce ' || c, parent.id, c FROM ticket_categories parent CROSS JOIN generate_series(1, 3) AS c`);
    // bench1…bench4 handle one department each.
    await db.execute(sql`
      INSERT INTO ticket_category_assignees (category_id, user_id)
      SELECT c.id, u.id FROM ticket_categories c JOIN users u ON u.username = 'bench' || c.position
      WHERE c.is_parent`);
    const wordList = sql.raw(`ARRAY[${words.map((word) => `'${word}'`).join(',')}]`);
    await db.execute(sql`
      INSERT INTO tickets (subject, shop_id, category_id, author_id, state, opened_at, closed_at, last_reply_at,
                           last_reply_by, search_text)
      SELECT 'Problema ' || (${wordList})[1 + n % 10] || ' numero ' || n,
        (SELECT id FROM shops ORDER BY id OFFSET n % 50 LIMIT 1),
        (SELECT id FROM ticket_categories WHERE NOT is_parent ORDER BY id OFFSET n % 12 LIMIT 1),
        (SELECT id FROM users WHERE username = 'bench' || (1 + n % 20)),
        CASE WHEN n % 5 = 0 THEN 'open' ELSE 'closed' END,
        now() - make_interval(hours => n / 5),
        CASE WHEN n % 5 = 0 THEN NULL ELSE now() - make_interval(hours => n / 5 - 2) END,
        now() - make_interval(hours => n / 5 - 1),
        (SELECT id FROM users WHERE username = 'bench' || (1 + (n * 7) % 20)),
        'Buongiorno, il ' || (${wordList})[1 + (n * 3) % 10] || ' del negozio non funziona. Risposta: controllato il '
          || (${wordList})[1 + (n * 7) % 10] || ', ticket ' || n
      FROM generate_series(1, ${ticketCount}) AS n`);
    await db.execute(sql`
      INSERT INTO ticket_messages (ticket_id, author_id, body, created_at)
      SELECT t.id, t.author_id, '<p>' || t.search_text || '</p>', t.opened_at FROM tickets t`);
    await db.execute(sql`
      UPDATE tickets t SET last_message_id = m.id FROM ticket_messages m WHERE m.ticket_id = t.id`);
    await db.execute(sql`ANALYZE`);
    const [counts] = await rowsOf<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*) FROM tickets)::int AS tickets, (SELECT count(*) FROM ticket_messages)::int AS messages,
        (SELECT count(*) FROM tickets WHERE state = 'open')::int AS open`,
    );
    console.log(`generated ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const people = await rowsOf<{ id: number; username: string }>(
      db,
      sql`SELECT id, username FROM users WHERE username IN ('bench1', 'bench5')`,
    );
    const [firstShop] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM shops ORDER BY id LIMIT 1`);
    const [department] = await rowsOf<{ id: number }>(
      db,
      sql`SELECT id FROM ticket_categories WHERE is_parent LIMIT 1`,
    );
    const idOf = (username: string) => people.find((person) => person.username === username)?.id ?? 0;
    const manager = viewerOf(idOf('bench5'), { group: 'Ticket' });
    const assignee = viewerOf(idOf('bench1'), { group: 'Ticket' });
    const shopPerson = viewerOf(idOf('bench5'), { group: 'Dipendente', shopIds: [firstShop?.id ?? 0] });

    const page = { page: 1, perPage: 25 };
    let turn = 0;
    const cases: {
      label: string;
      viewer: SessionContext;
      scope: TicketReach;
      state: 'open' | 'closed';
      query: () => object;
    }[] = [
      { label: 'manage: open list', viewer: manager, scope: 'manage', state: 'open', query: () => ({}) },
      {
        label: 'manage: archive, page 40',
        viewer: manager,
        scope: 'manage',
        state: 'closed',
        query: () => ({ page: 40 }),
      },
      {
        label: 'general: a shop person’s open list',
        viewer: shopPerson,
        scope: 'general',
        state: 'open',
        query: () => ({}),
      },
      {
        label: 'assigned: a department’s open list',
        viewer: assignee,
        scope: 'assigned',
        state: 'open',
        query: () => ({}),
      },
      {
        label: 'manage: archive, search one word',
        viewer: manager,
        scope: 'manage',
        state: 'closed',
        query: () => ({ searchValue: words[turn % words.length] }),
      },
      {
        label: 'manage: archive, search two words from their start',
        viewer: manager,
        scope: 'manage',
        state: 'closed',
        query: () => ({
          searchValue: `${words[turn % words.length]?.slice(0, 4)} ${words[(turn + 3) % words.length]}`,
        }),
      },
      {
        label: 'manage: open, search within a department (a parent category)',
        viewer: manager,
        scope: 'manage',
        state: 'open',
        query: () => ({ searchValue: words[turn % words.length], categoryId: department?.id }),
      },
    ];
    for (const item of cases) {
      met =
        (await measure(item.label, { samples, target }, () => {
          turn += 1;
          return listTickets({
            db,
            viewer: item.viewer,
            scope: item.scope,
            state: item.state,
            query: { ...page, ...item.query() },
          });
        })) && met;
    }
  } finally {
    await handle.close();
    await created.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:tickets needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
if (!(await bench())) process.exitCode = 1;
