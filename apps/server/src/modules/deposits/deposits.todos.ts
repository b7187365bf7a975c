// The deposits' to-dos on the dashboard (platform/todos.ts): the chosen shop's cash that has waited days to be taken
// to the bank, for whoever records its deposits; and the bank's credits not yet checked against the deposits, for
// accounting. Both statements are prepared once: they run on every dashboard load.
import { and, eq, gt, min, notExists, sql } from 'drizzle-orm';
import { shopsInScopeValue } from '../../platform/access';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { creditScopePlaceholder } from './bank-matching.service';
import { bankLines, depositBankLines } from './bank-statements.schema';
import { shopCashWaiting } from './cash-to-deposit.service';

/** Cash waiting this many days or more is asked for: a shop goes to the bank twice a week. */
export const cashWaitingDaysTodo = 4;

export const cashToDepositTodo: TodoProvider = {
  key: 'cashToDeposit',
  ability: 'shops.bank.deposits.add',
  async count({ db, shopId, today }) {
    const waiting = await shopCashWaiting(db, shopId, today);
    if (waiting.balanceCents <= 0 || waiting.waitingDays === null || waiting.waitingDays < cashWaitingDaysTodo)
      return null;
    return { count: waiting.waitingDays, oldest: waiting.waitingSince, link: '/app/shop/deposit/add' };
  },
};

const creditsToCheckStatement = preparedPerDatabase((db) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(bankLines.bookingDate) })
    .from(bankLines)
    .where(
      and(
        gt(bankLines.amountCents, 0),
        notExists(
          db.select({ one: sql`1` }).from(depositBankLines).where(eq(depositBankLines.bankLineId, bankLines.id)),
        ),
        creditScopePlaceholder,
      ),
    )
    .prepare('todo_bankCreditsToCheck'),
);

export const bankCreditsToCheckTodo: TodoProvider = {
  key: 'bankCreditsToCheck',
  ability: 'shops.bank.deposits.check',
  shopless: true,
  async count({ db, session }) {
    const [row] = await creditsToCheckStatement(db).execute({ creditShops: shopsInScopeValue(session, 'shops') });
    if (!row || row.count === 0) return null;
    return { count: row.count, oldest: row.oldest, link: '/app/deposit/check' };
  },
};
