// The payslips' to-dos on the dashboard (platform/todos.ts), each one query prepared once per database (they run on
// every dashboard load): uploads whose payslips wait for review, for those who convalidate; and each person's own
// payslips and tax certificates not downloaded yet (former employees included: their dashboard has no shop, these
// need none).
import type { TodoKey } from '@bottega/contracts/dashboard';
import { businessDate } from '@bottega/contracts/dates';
import type { PayslipKind } from '@bottega/contracts/payslips';
import { payslipAbilities } from '@bottega/contracts/payslips';
import { and, eq, min, notExists, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { blacklistActiveOn } from './payslips.common';
import { payslipBlacklist, payslips, payslipUploads } from './payslips.schema';
import { ownNewCondition } from './payslips.service';

const payslipsToConvalidateStatement = preparedPerDatabase((db) =>
  db
    .select({
      count: sql<number>`count(distinct ${payslips.uploadId})`.mapWith(Number),
      oldest: min(payslipUploads.createdAt),
    })
    .from(payslips)
    .innerJoin(payslipUploads, eq(payslipUploads.id, payslips.uploadId))
    .where(and(eq(payslips.kind, 'payslip'), eq(payslips.status, 'uploaded')))
    .prepare('todo_payslipsToConvalidate'),
);

export const payslipsToConvalidateTodo: TodoProvider = {
  key: 'payslipsToConvalidate',
  ability: payslipAbilities.payslip.convalidate,
  shopless: true,
  async count({ db }) {
    const [row] = await payslipsToConvalidateStatement(db).execute();
    if (!row || row.count === 0) return null;
    return {
      count: row.count,
      oldest: row.oldest ? businessDate(row.oldest) : null,
      link: '/app/payslips/convalidate',
    };
  },
};

/**
 * The person's own new documents of a kind, none while they are on the blacklist on `today` (as `activeBlacklist`
 * has it): they cannot download them then, so nothing is asked.
 */
function ownNewStatement(key: TodoKey, kind: PayslipKind) {
  return preparedPerDatabase((db) =>
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(payslips.convalidatedAt) })
      .from(payslips)
      .where(
        and(
          ownNewCondition(sql.placeholder('userId'), kind),
          notExists(
            db
              .select({ one: sql`1` })
              .from(payslipBlacklist)
              .where(
                and(
                  eq(payslipBlacklist.userId, sql.placeholder('userId')),
                  blacklistActiveOn(sql.placeholder('today')),
                ),
              ),
          ),
        ),
      )
      .prepare(`todo_${key}`),
  );
}

function ownNewTodo(key: TodoKey, kind: PayslipKind, link: string): TodoProvider {
  const statement = ownNewStatement(key, kind);
  return {
    key,
    ability: payslipAbilities[kind].own,
    shopless: true,
    async count({ db, session, today }) {
      const [row] = await statement(db).execute({ userId: session.userId, today });
      if (!row || row.count === 0) return null;
      return { count: row.count, oldest: row.oldest ? businessDate(row.oldest) : null, link };
    },
  };
}

export const newPayslipsTodo = ownNewTodo('newPayslips', 'payslip', '/app/user/payslips');
export const newTaxCertificatesTodo = ownNewTodo('newTaxCertificates', 'taxCertificate', '/app/user/tax-certificates');
