// The automation area's to-dos on the dashboard (platform/todos.ts): for who publishes, the posts an account refused,
// waiting for a retry, since the oldest; for who manages the accounts, those whose token the network no longer takes.
// Both are the person's reach, not the chosen shop's: a company's account speaks for every shop. Both counts are
// prepared statements built once, the person's reach their placeholders.
import { businessDate } from '@bottega/contracts/dates';
import { and, count, eq, min } from 'drizzle-orm';
import { shopsInScopeValue } from '../../platform/access';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { accountInScopeOfPlaceholder } from './accounts.service';
import { automationAccounts } from './automation.schema';
import { failedPosts } from './posts.service';

export const postsFailedTodo: TodoProvider = {
  key: 'postsFailed',
  ability: 'automation.publish',
  shopless: true,
  async count({ db, session }) {
    const row = await failedPosts({ db, viewer: session });
    if (row.count === 0 || !row.oldest) return null;
    return { count: row.count, oldest: businessDate(row.oldest), link: '/app/automation/posts?state=failed' };
  },
};

const expiredAccountsStatement = preparedPerDatabase((db) =>
  db
    .select({ count: count(), oldest: min(automationAccounts.lastCheckedAt) })
    .from(automationAccounts)
    .where(and(eq(automationAccounts.state, 'expired'), accountInScopeOfPlaceholder))
    .prepare('todo_socialAccountsToReconnect'),
);

export const accountsToReconnectTodo: TodoProvider = {
  key: 'socialAccountsToReconnect',
  ability: 'automation.accounts',
  shopless: true,
  async count({ db, session }) {
    const [row] = await expiredAccountsStatement(db).execute({ scope: shopsInScopeValue(session, 'automation') });
    if (!row || row.count === 0) return null;
    return {
      count: row.count,
      oldest: row.oldest ? businessDate(row.oldest) : null,
      link: '/app/automation/users?state=expired',
    };
  },
};
