// The cameras' to-do on the dashboard (platform/todos.ts): for who manages the shop's cameras, those that did not
// answer their last health check, since the oldest went offline. One count over a partial index.
import { businessDate } from '@bottega/contracts/dates';
import { and, count, eq, min } from 'drizzle-orm';
import type { TodoProvider } from '../../platform/todos';
import { cameras } from './cameras.schema';

export const camerasOfflineTodo: TodoProvider = {
  key: 'camerasOffline',
  ability: 'security.video.list',
  async count({ db, shopId }) {
    const [row] = await db
      .select({ count: count(), oldest: min(cameras.offlineSince) })
      .from(cameras)
      .where(and(eq(cameras.shopId, shopId), eq(cameras.state, 'offline')));
    if (!row || row.count === 0 || !row.oldest) return null;
    return { count: row.count, oldest: businessDate(row.oldest), link: '/app/security/video/list?state=offline' };
  },
};
