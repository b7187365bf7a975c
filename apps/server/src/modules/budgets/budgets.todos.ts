// The budgets' to-do on the dashboard (platform/todos.ts), and so the sign-in popup "budget convalidate": the chosen
// shop's months sent to its staff and not confirmed yet, the oldest first. One statement, prepared once: it runs on
// every dashboard load.
import { and, eq, min, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { budgets } from './budgets.schema';

const budgetToConfirmStatement = preparedPerDatabase((db) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(budgets.month) })
    .from(budgets)
    .where(and(eq(budgets.shopId, sql.placeholder('shopId')), eq(budgets.state, 'sent')))
    .prepare('todo_budgetToConfirm'),
);

export const budgetToConfirmTodo: TodoProvider = {
  key: 'budgetToConfirm',
  ability: 'employees.popups.budgetConvalidate',
  async count({ db, shopId }) {
    const [row] = await budgetToConfirmStatement(db).execute({ shopId });
    if (!row || row.count === 0 || !row.oldest) return null;
    return {
      count: row.count,
      oldest: `${row.oldest}-01`,
      link: `/app/shop/manage/budget/convalidate?month=${row.oldest}`,
    };
  },
};
