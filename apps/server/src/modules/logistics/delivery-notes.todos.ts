// The delivery notes' to-do on the dashboard (platform/todos.ts): for the shop's people who confirm arrivals, the
// delivery notes addressed to the chosen shop (processed or emailed) whose arrival nobody confirmed yet, since the
// oldest one's date. One count on the recipient-shop index, a prepared statement built once (the shop a placeholder).
import { and, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { deliveryNoteReceiveAbility } from './delivery-notes.service';
import { logisticsFiles } from './logistics.schema';

const toConfirmStatement = preparedPerDatabase((db) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(logisticsFiles.date) })
    .from(logisticsFiles)
    .where(
      and(
        eq(logisticsFiles.toShopId, sql.placeholder('shopId')),
        inArray(logisticsFiles.state, ['processed', 'emailed']),
        isNull(logisticsFiles.receivedAt),
      ),
    )
    .prepare('todo_deliveryNotesToConfirm'),
);

export const deliveryNotesToConfirmTodo: TodoProvider = {
  key: 'deliveryNotesToConfirm',
  ability: deliveryNoteReceiveAbility,
  async count({ db, shopId }) {
    const [row] = await toConfirmStatement(db).execute({ shopId });
    if (!row || row.count === 0 || !row.oldest) return null;
    return { count: row.count, oldest: row.oldest, link: '/app/shop/bds/archive' };
  },
};
