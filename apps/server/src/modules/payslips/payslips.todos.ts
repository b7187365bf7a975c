// The payslips' to-dos on the dashboard (platform/todos.ts): uploads whose payslips wait for review, for those who
// convalidate; and each person's own payslips and tax certificates not downloaded yet (former employees included:
// their dashboard has no shop, these need none).
import type { TodoKey } from '@bottega/contracts/dashboard';
import { businessDate } from '@bottega/contracts/dates';
import type { PayslipKind } from '@bottega/contracts/payslips';
import { payslipAbilities } from '@bottega/contracts/payslips';
import { and, eq, min, sql } from 'drizzle-orm';
import type { TodoProvider } from '../../platform/todos';
import { activeBlacklist } from './payslips.common';
import { payslips, payslipUploads } from './payslips.schema';
import { ownNewCondition } from './payslips.service';

export const payslipsToConvalidateTodo: TodoProvider = {
  key: 'payslipsToConvalidate',
  ability: payslipAbilities.payslip.convalidate,
  shopless: true,
  async count({ db }) {
    const [row] = await db
      .select({
        count: sql<number>`count(distinct ${payslips.uploadId})`.mapWith(Number),
        oldest: min(payslipUploads.createdAt),
      })
      .from(payslips)
      .innerJoin(payslipUploads, eq(payslipUploads.id, payslips.uploadId))
      .where(and(eq(payslips.kind, 'payslip'), eq(payslips.status, 'uploaded')));
    if (!row || row.count === 0) return null;
    return {
      count: row.count,
      oldest: row.oldest ? businessDate(row.oldest) : null,
      link: '/app/payslips/convalidate',
    };
  },
};

function ownNewTodo(key: TodoKey, kind: PayslipKind, link: string): TodoProvider {
  return {
    key,
    ability: payslipAbilities[kind].own,
    shopless: true,
    async count({ db, session, today }) {
      if ((await activeBlacklist(db, [session.userId], today)).has(session.userId)) return null;
      const [row] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(payslips.convalidatedAt) })
        .from(payslips)
        .where(ownNewCondition(session.userId, kind));
      if (!row || row.count === 0) return null;
      return { count: row.count, oldest: row.oldest ? businessDate(row.oldest) : null, link };
    },
  };
}

export const newPayslipsTodo = ownNewTodo('newPayslips', 'payslip', '/app/user/payslips');
export const newTaxCertificatesTodo = ownNewTodo('newTaxCertificates', 'taxCertificate', '/app/user/tax-certificates');
