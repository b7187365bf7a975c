// `npm run bench:automation`: the automation area after years of posts (issue 28). On a fresh PostgreSQL database
// (TEST_DATABASE_URL; made here and dropped after) it writes, with generate_series, 50 shops each with a Facebook Page
// and the company's Instagram account, 2,000 pictures and videos in the library, and 200,000 posts over five years
// (two accounts each, one picture each, their figures). It then measures, as the screens ask them:
// - the posts' list, first page of 25 with the total: everything, one account, failed posts, a word of the text,
//   for the marketing office (every shop) and for a shop's person (their Page and the company's account);
// - the month's calendar (six weeks) of everything and of one account;
// - the library's first page, a search in titles and tags, a tag;
// - the accounts' list with the figures of their posts;
// target p95 < 200 ms each.

import { sql } from 'drizzle-orm';
import { listAccounts, refreshAccountTotals } from '../apps/server/src/modules/automation/accounts.service';
import { listMedia } from '../apps/server/src/modules/automation/media.service';
import { refreshPostReach } from '../apps/server/src/modules/automation/post-reach';
import { listPosts, postCalendar } from '../apps/server/src/modules/automation/posts.service';
import { openDatabase } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/harness';
import { insertBenchShops, marketingViewer, measure, rowsOf } from './deposits-data';

const postCount = Number(process.env.BENCH_POSTS ?? 200_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 50);

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
      SELECT 'author' || n, 'author' || n || '@bench.example', 'x', 'Autore', 'N' || n FROM generate_series(1, 5) AS n`);
    await db.execute(sql`
      INSERT INTO automation_accounts (network, name, handle, shop_id, external_id, token_encrypted)
      SELECT 'facebook', 'Pagina ' || code, lower(code), id, (100000 + id)::text, 'sealed' FROM shops`);
    await db.execute(sql`
      INSERT INTO automation_accounts (network, name, handle, company_id, external_id, token_encrypted)
      SELECT 'instagram', 'Instagram ' || name, '@bottega', id, '17841400000000001', 'sealed' FROM companies LIMIT 1`);
    await db.execute(sql`
      INSERT INTO automation_media (kind, title, tags, mime_type, size_bytes, duration_ms, storage_key, created_at)
      SELECT CASE WHEN n % 4 = 0 THEN 'video' ELSE 'image' END, 'Foto ' || n || ' vetrina',
        ARRAY['tag' || (n % 40), 'stagione' || (n % 4)],
        CASE WHEN n % 4 = 0 THEN 'video/mp4' ELSE 'image/jpeg' END, 100000 + n,
        CASE WHEN n % 4 = 0 THEN 15000 END, 'automation/media/' || n || '.jpg', now() - make_interval(hours => n)
      FROM generate_series(1, 2000) AS n`);
    // Post n: five years back to a month ahead; states as a real history has them (most published, some failed,
    // scheduled ahead, drafts).
    await db.execute(sql`
      INSERT INTO automation_posts (text, state, scheduled_at, published_at, author_id, created_at, updated_at)
      SELECT 'Post numero ' || n || ' sulle novità del negozio #bottega',
        CASE WHEN n > ${postCount} - 300 THEN 'scheduled' WHEN n % 50 = 0 THEN 'failed' WHEN n % 97 = 0 THEN 'draft'
             ELSE 'published' END,
        at, CASE WHEN n > ${postCount} - 300 OR n % 50 = 0 OR n % 97 = 0 THEN NULL ELSE at END,
        (SELECT id FROM users ORDER BY id OFFSET n % 5 LIMIT 1), at, at
      FROM (SELECT n, now() - make_interval(mins => ((${postCount} - 300 - n)::bigint * 5 * 365 * 24 * 60 / ${postCount})::int) AS at
            FROM generate_series(1, ${postCount}) AS n) AS posts`);
    await db.execute(sql`
      INSERT INTO automation_post_targets (post_id, account_id, state, attempts, published_at, likes, comments, shares,
                                           reach, figures_at)
      SELECT p.id, a.id, CASE p.state WHEN 'published' THEN 'published' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
        1, p.published_at, p.id % 300, p.id % 40, p.id % 12, p.id % 5000, p.published_at
      FROM automation_posts p
      JOIN automation_accounts a ON a.id = (SELECT id FROM automation_accounts WHERE network = 'facebook'
                                            ORDER BY id OFFSET p.id % 50 LIMIT 1)
                                  OR a.network = 'instagram'`);
    await db.execute(sql`
      INSERT INTO automation_post_media (post_id, media_id, position)
      SELECT id, 1 + id % 2000, 0 FROM automation_posts`);
    // Written straight to the tables: who reaches each post and each account's totals, as the services keep them.
    await refreshPostReach(db, sql`true`);
    await refreshAccountTotals(
      db,
      (await rowsOf<{ id: number }>(db, sql`SELECT id FROM automation_accounts`)).map((row) => row.id),
    );
    await db.execute(sql`ANALYZE`);
    const [counts] = await rowsOf<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*) FROM automation_posts)::int AS posts,
        (SELECT count(*) FROM automation_post_targets)::int AS targets,
        (SELECT count(*) FROM automation_media)::int AS media`,
    );
    console.log(`generated ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const [firstShop] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM shops ORDER BY id LIMIT 1`);
    const [page] = await rowsOf<{ id: number }>(
      db,
      sql`SELECT id FROM automation_accounts WHERE shop_id = ${firstShop?.id ?? 0}`,
    );
    const office = marketingViewer([
      'automation.posts',
      'automation.accounts',
      'automation.allShops',
      'automation.videos',
    ]);
    const shopPerson = marketingViewer(['automation.posts', 'automation.accounts'], [firstShop?.id ?? 0]);
    const accountId = page?.id ?? 0;
    const list = { page: 1, perPage: 25 };
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 35 * 86_400_000).toISOString().slice(0, 10);
    let turn = 0;

    const cases: { label: string; run: () => Promise<unknown> }[] = [
      { label: 'posts: first page, everything', run: () => listPosts({ db, viewer: office, query: list }) },
      { label: 'posts: one account', run: () => listPosts({ db, viewer: office, query: { ...list, accountId } }) },
      {
        label: 'posts: failed ones',
        run: () => listPosts({ db, viewer: office, query: { ...list, state: 'failed' } }),
      },
      {
        label: 'posts: a word of the text',
        run: () => listPosts({ db, viewer: office, query: { ...list, search: `numero ${1000 + (turn++ % 900)}` } }),
      },
      { label: 'posts: a shop person’s first page', run: () => listPosts({ db, viewer: shopPerson, query: list }) },
      {
        label: 'calendar: six weeks of everything',
        run: () => postCalendar({ db, viewer: office, query: { from: monthAgo, to: today } }),
      },
      {
        label: 'calendar: six weeks of one account',
        run: () => postCalendar({ db, viewer: office, query: { from: monthAgo, to: today, accountId } }),
      },
      { label: 'library: first page', run: () => listMedia({ db, viewer: office, query: { page: 1, perPage: 24 } }) },
      {
        label: 'library: a search in titles and tags',
        run: () => listMedia({ db, viewer: office, query: { page: 1, perPage: 24, search: `vetrina ${turn++ % 40}` } }),
      },
      {
        label: 'library: a tag',
        run: () => listMedia({ db, viewer: office, query: { page: 1, perPage: 24, tag: `tag${turn++ % 40}` } }),
      },
      {
        label: 'accounts with their figures',
        run: () => listAccounts({ db, viewer: office, query: { page: 1, perPage: 25 } }),
      },
    ];
    for (const item of cases) met = (await measure(item.label, { samples, target: 200 }, item.run)) && met;
  } finally {
    await handle.close();
    await created.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:automation needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
if (!(await bench())) process.exitCode = 1;
