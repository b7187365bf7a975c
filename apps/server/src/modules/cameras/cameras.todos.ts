// The cameras' to-do on the dashboard (platform/todos.ts): for who manages the shop's cameras, those that did not
// answer their last health check, since the oldest went offline. One count over a partial index, a prepared statement
// built once (the shop a placeholder).
import { businessDate } from '@bottega/contracts/dates';
import { and, count, eq, min, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { cameras } from './cameras.schema';

// 'offline' is written into the SQL, not bound: once PostgreSQL plans the prepared statement generically, a bound
// state could no longer prove the partial index's condition.
const offlineStatement = preparedPerDatabase((db) =>
  db
    .select({ count: count(), oldest: min(cameras.offlineSince) })
    .from(cameras)
    .where(and(eq(cameras.shopId, sql.placeholder('shopId')), sql`${cameras.state} = 'offline'`))
    .prepare('todo_camerasOffline'),
);

export const camerasOfflineTodo: TodoProvider = {
  key: 'camerasOffline',
  ability: 'security.video.list',
  async count({ db, shopId }) {
    const [row] = await offlineStatement(db).execute({ shopId });
    if (!row || row.count === 0 || !row.oldest) return null;
    return { count: row.count, oldest: businessDate(row.oldest), link: '/app/security/video/list?state=offline' };
  },
};
