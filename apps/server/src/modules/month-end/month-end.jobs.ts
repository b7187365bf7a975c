// The transmission of a convalidated month to the accounting system (issue 22): its journal entries built from the
// month's closed reports and fiscal closes (integrations/accounting/accounting-file.ts), the file kept in Storage and
// sent to ACCOUNTING_URL. Every entry accepted: the month is confirmed. Any refused: the month stays unconfirmed with
// each refusal, shown with its §8 message, until it is sent again. An accounting system that cannot be reached is
// tried again with the jobs' back-off; given up, the month shows as refused with nothing named.

import { monthDays } from '@bottega/contracts/dates';
import { type AccountingEntryKind, accountingEntryKinds, type MonthRefusal } from '@bottega/contracts/month-end';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { z } from 'zod';
import { accountingFile, monthEntries, sendToAccounting } from '../../integrations/accounting/accounting-file';
import { writeAudit } from '../../platform/audit';
import { defineJob } from '../../platform/jobs';
import { cashReports } from '../cash-register/cash-register.schema';
import { fiscalCloses } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { monthlyReports } from './month-end.schema';

export const transmitMonthJob = defineJob({
  kind: 'monthEnd.transmit',
  payload: z.object({ monthlyReportId: z.number().int().positive() }),
  maxAttempts: 5,
  onGiveUp: async (tx, { payload }) => {
    await tx
      .update(monthlyReports)
      .set({ state: 'refused', refusals: [] })
      .where(and(eq(monthlyReports.id, payload.monthlyReportId), eq(monthlyReports.state, 'transmitting')));
  },
  run: async ({ db, config, storage, payload, complete, startedBy, now }) => {
    const [report] = await db.select().from(monthlyReports).where(eq(monthlyReports.id, payload.monthlyReportId));
    // Reopened meanwhile, or already answered by an earlier run.
    if (report?.state !== 'transmitting') return complete();
    const url = config.accounting.url;
    if (!url) throw new Error('ACCOUNTING_URL is not set');
    const { from, to } = monthDays(report.month);
    const [shop] = await db.select({ code: shops.code }).from(shops).where(eq(shops.id, report.shopId));
    const days = await db
      .select({ date: cashReports.businessDate, totalCents: cashReports.totalCents })
      .from(cashReports)
      .where(
        and(
          eq(cashReports.shopId, report.shopId),
          eq(cashReports.status, 'closed'),
          gte(cashReports.businessDate, from),
          lte(cashReports.businessDate, to),
        ),
      )
      .orderBy(asc(cashReports.businessDate));
    const closes = await db
      .select({ vat: fiscalCloses.vatBreakdown })
      .from(fiscalCloses)
      .where(
        and(
          eq(fiscalCloses.shopId, report.shopId),
          gte(fiscalCloses.businessDate, from),
          lte(fiscalCloses.businessDate, to),
        ),
      );
    const rates = new Map<number, { vatRate: number; taxableCents: number; taxCents: number }>();
    for (const close of closes)
      for (const line of close.vat) {
        const rate = rates.get(line.vatRate) ?? { vatRate: line.vatRate, taxableCents: 0, taxCents: 0 };
        rate.taxableCents += line.taxableCents;
        rate.taxCents += line.taxCents;
        rates.set(line.vatRate, rate);
      }
    const entries = monthEntries({
      shopCode: shop?.code ?? String(report.shopId),
      lastDay: to,
      days: days.map((day) => ({ date: day.date, totalCents: day.totalCents ?? 0 })),
      vat: [...rates.values()],
    });
    const file = accountingFile(entries);
    const fileKey = await storage.put(`accounting/${report.month}`, new TextEncoder().encode(file), 'csv');
    const answer = await sendToAccounting({ url, file, timeoutMs: config.accounting.timeoutMs });
    const kindOf = new Map(entries.map((entry) => [entry.line, entry.kind]));
    const refusals: MonthRefusal[] = answer.entries
      .filter((entry) => !entry.accepted)
      .map((entry) => {
        const kind = kindOf.get(entry.line);
        return {
          line: entry.line,
          kind: (kind && accountingEntryKinds.includes(kind) ? kind : 'debitCredit') as AccountingEntryKind,
          message: String(entry.message ?? '').slice(0, 500),
        };
      });
    const state = refusals.length === 0 ? ('confirmed' as const) : ('refused' as const);
    await complete(async (tx) => {
      await tx
        .update(monthlyReports)
        .set({ state, refusals, fileKey, transmittedAt: now() })
        .where(and(eq(monthlyReports.id, report.id), eq(monthlyReports.state, 'transmitting')));
      await writeAudit(tx, {
        actorId: startedBy,
        action: state === 'confirmed' ? 'monthlyReport.confirmed' : 'monthlyReport.refused',
        entity: 'monthlyReport',
        entityId: report.id,
        fromState: 'transmitting',
        toState: state,
        data: { entries: entries.length, refusals },
      });
      return { state, entries: entries.length, refused: refusals.length };
    });
  },
});
