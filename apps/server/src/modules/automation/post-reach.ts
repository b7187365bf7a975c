// Who reaches a post, kept on the post from its accounts (automation_posts.company_wide, shop_ids): written when its
// accounts are chosen and when an account moves to another shop or company, read by every list as a test on the row.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/** Rewrites the reach of the posts `which` selects (a condition on automation_posts). */
export async function refreshPostReach(db: Executor, which: SQL): Promise<void> {
  await db.execute(sql`
    UPDATE automation_posts SET
      company_wide = EXISTS (SELECT 1 FROM automation_post_targets t JOIN automation_accounts a ON a.id = t.account_id
                             WHERE t.post_id = automation_posts.id AND a.shop_id IS NULL),
      shop_ids = ARRAY(SELECT DISTINCT a.shop_id FROM automation_post_targets t
                       JOIN automation_accounts a ON a.id = t.account_id
                       WHERE t.post_id = automation_posts.id AND a.shop_id IS NOT NULL ORDER BY a.shop_id)
    WHERE ${which}`);
}

/** The posts going to an account. */
export function postsOfAccount(accountId: number): SQL {
  return sql`automation_posts.id IN (SELECT post_id FROM automation_post_targets WHERE account_id = ${accountId})`;
}
