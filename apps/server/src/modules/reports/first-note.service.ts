// The first note (prima nota, spec §2 Accountancy › report/firstNote): one shop's cash book over some days — each
// day's takings by payment type from its closed cash report, the till expenses, the deposits with the bank credits
// they arrived in, the cash fund — with the running balance of cash still to deposit. The balance is the cash to
// deposit statement's (deposits/cash-to-deposit.service shopCashStatement), so the two screens never disagree.

import type { Language } from '@bottega/contracts/common';
import { businessDate, formatDate } from '@bottega/contracts/dates';
import {
  type FirstNote,
  type FirstNoteDay,
  type FirstNoteDeposit,
  firstNoteTotals,
  takingsByPayment,
} from '@bottega/contracts/reports';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { translate } from '../../platform/i18n';
import type { SessionContext } from '../../platform/sessions';
import { cashReports } from '../cash-register/cash-register.schema';
import { bankLines, depositBankLines } from '../deposits/bank-statements.schema';
import { shopCashStatement } from '../deposits/cash-to-deposit.service';
import { deposits } from '../deposits/deposits.schema';
import { expenseAuthorisations, expenses } from '../expenses/expenses.schema';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';
import { loadVisibleShop } from '../shops/shops.service';

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The last cash fund a closed report counted before `date` (strictly) or up to it. */
async function cashFundBefore(db: Executor, shopId: number, date: string, inclusive: boolean): Promise<number> {
  const [row] = await db
    .select({ cents: cashReports.cashFundCents })
    .from(cashReports)
    .where(
      and(
        eq(cashReports.shopId, shopId),
        eq(cashReports.status, 'closed'),
        isNotNull(cashReports.cashFundCents),
        inclusive ? lte(cashReports.businessDate, date) : lt(cashReports.businessDate, date),
      ),
    )
    .orderBy(desc(cashReports.businessDate))
    .limit(1);
  return row?.cents ?? 0;
}

/** One shop's first note from `from` to `to` (the viewer's shop, else 404). */
export async function getFirstNote(options: {
  db: Executor;
  viewer: SessionContext;
  shopId: number;
  from: string;
  to: string;
  now: Date;
}): Promise<FirstNote> {
  const { db, viewer, shopId, from } = options;
  // Up to today, as the cash to deposit statement: the days to come have no book yet.
  const today = businessDate(options.now);
  const to = [options.to, today].sort()[0] as string;
  const shop = await loadVisibleShop(db, viewer, shopId);
  const [statement, reports, dayExpenses, dayDeposits, openingFundCents, closingFundCents] = await Promise.all([
    shopCashStatement(db, shopId, from, to),
    db
      .select({
        id: cashReports.id,
        date: cashReports.businessDate,
        status: cashReports.status,
        totalCents: cashReports.totalCents,
        dailyCashCents: cashReports.dailyCashCents,
        creditCardCents: cashReports.creditCardCents,
        bancomatCents: cashReports.bancomatCents,
        vouchersCents: cashReports.vouchersCents,
        cashFundCents: cashReports.cashFundCents,
      })
      .from(cashReports)
      .where(
        and(eq(cashReports.shopId, shopId), gte(cashReports.businessDate, from), lte(cashReports.businessDate, to)),
      ),
    db
      .select({
        id: expenses.id,
        date: cashReports.businessDate,
        description: expenseAuthorisations.description,
        amountCents: expenses.amountCents,
      })
      .from(expenses)
      .innerJoin(cashReports, eq(cashReports.id, expenses.reportId))
      .innerJoin(expenseAuthorisations, eq(expenseAuthorisations.id, expenses.authorisationId))
      .where(
        and(eq(cashReports.shopId, shopId), gte(cashReports.businessDate, from), lte(cashReports.businessDate, to)),
      )
      .orderBy(asc(expenses.id)),
    db
      .select({ id: deposits.id, date: deposits.date, amountCents: deposits.amountCents, state: deposits.state })
      .from(deposits)
      .where(and(eq(deposits.shopId, shopId), gte(deposits.date, from), lte(deposits.date, to)))
      .orderBy(asc(deposits.id)),
    cashFundBefore(db, shopId, from, false),
    cashFundBefore(db, shopId, to, true),
  ]);
  const links =
    dayDeposits.length === 0
      ? []
      : await db
          .select({
            depositId: depositBankLines.depositId,
            id: bankLines.id,
            bookingDate: bankLines.bookingDate,
            amountCents: bankLines.amountCents,
            description: bankLines.description,
          })
          .from(depositBankLines)
          .innerJoin(bankLines, eq(bankLines.id, depositBankLines.bankLineId))
          .where(
            inArray(
              depositBankLines.depositId,
              dayDeposits.map((deposit) => deposit.id),
            ),
          )
          .orderBy(asc(bankLines.bookingDate), asc(bankLines.id));

  const reportOf = new Map(reports.map((report) => [report.date, report]));
  const expensesOf = groupBy(dayExpenses, (expense) => expense.date);
  const depositsOf = groupBy(dayDeposits, (deposit) => deposit.date);
  const linesOf = groupBy(links, (link) => link.depositId);

  const days: FirstNoteDay[] = statement.days.map((day) => {
    const report = reportOf.get(day.date);
    const closed = report?.status === 'closed';
    const ownExpenses = (expensesOf.get(day.date) ?? []).map(({ id, description, amountCents }) => ({
      id,
      description,
      amountCents,
    }));
    const ownDeposits: FirstNoteDeposit[] = (depositsOf.get(day.date) ?? []).map((deposit) => ({
      id: deposit.id,
      amountCents: deposit.amountCents,
      state: deposit.state,
      bankLines: (linesOf.get(deposit.id) ?? []).map(({ id, bookingDate, amountCents, description }) => ({
        id,
        bookingDate,
        amountCents,
        description,
      })),
    }));
    const takings = closed
      ? takingsByPayment({ ...report, expensesCents: day.expensesCents })
      : takingsByPayment({
          totalCents: 0,
          dailyCashCents: 0,
          creditCardCents: 0,
          bancomatCents: 0,
          vouchersCents: 0,
          expensesCents: 0,
        });
    return {
      date: day.date,
      reportId: report?.id ?? null,
      reportStatus: report?.status ?? null,
      ...takings,
      expenses: ownExpenses,
      // Only a closed report's expenses left the till for the book; an open one's are still being entered.
      expensesCents: closed ? day.expensesCents : 0,
      deposits: ownDeposits,
      depositsCents: day.depositsCents,
      cashFundCents: closed ? (report.cashFundCents ?? null) : null,
      balanceCents: day.balanceCents,
    };
  });
  const last = days.at(-1);
  return {
    shop: { id: shop.id, code: shop.code, name: shop.name },
    from,
    to,
    openingCents: statement.openingCents,
    closingCents: last ? last.balanceCents : statement.openingCents,
    openingFundCents,
    closingFundCents,
    days,
    totals: firstNoteTotals(days),
  };
}

/** The export's columns, in order; their headings are reports:firstNote.columns.<name> in the requester's language. */
export const firstNoteColumns = [
  'date',
  'report',
  'total',
  'cash',
  'creditCard',
  'bancomat',
  'vouchers',
  'other',
  'expenses',
  'deposits',
  'cashFund',
  'balance',
  'documents',
] as const;

type Cell = string | number | null;

/** The documents behind a day, as one cell: the report, the expenses, the deposits and their bank credits. */
function documents(day: FirstNoteDay, lng: Language): string {
  const parts: string[] = [];
  if (day.reportId !== null) parts.push(`${translate(lng, 'reports:firstNote.documents.report')} #${day.reportId}`);
  for (const expense of day.expenses) parts.push(`${expense.description} ${decimalComma(expense.amountCents)}`);
  for (const deposit of day.deposits) {
    const lines = deposit.bankLines.map((line) => `${formatDate(line.bookingDate)} ${decimalComma(line.amountCents)}`);
    parts.push(
      `${translate(lng, 'reports:firstNote.documents.deposit')} #${deposit.id}` +
        (lines.length > 0 ? ` (${translate(lng, 'reports:firstNote.documents.bank')} ${lines.join(', ')})` : ''),
    );
  }
  return parts.join(' · ');
}

/** The rows of the export, amounts in cents (numbers) and text; the opening and the totals framing the days. */
function firstNoteRows(note: FirstNote, lng: Language): Cell[][] {
  const rows: Cell[][] = [
    [
      formatDate(note.from),
      translate(lng, 'reports:firstNote.opening'),
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      note.openingFundCents,
      note.openingCents,
      '',
    ],
  ];
  for (const day of note.days) {
    const closed = day.reportStatus === 'closed';
    rows.push([
      formatDate(day.date),
      day.reportStatus === null ? '' : translate(lng, `reports:firstNote.status.${day.reportStatus}`),
      closed ? day.totalCents : null,
      closed ? day.cashCents : null,
      closed ? day.creditCardCents : null,
      closed ? day.bancomatCents : null,
      closed ? day.vouchersCents : null,
      closed ? day.otherCents : null,
      day.expensesCents,
      day.depositsCents,
      day.cashFundCents,
      day.balanceCents,
      documents(day, lng),
    ]);
  }
  const totals = note.totals;
  rows.push([
    formatDate(note.to),
    translate(lng, 'reports:firstNote.closing'),
    totals.totalCents,
    totals.cashCents,
    totals.creditCardCents,
    totals.bancomatCents,
    totals.vouchersCents,
    totals.otherCents,
    totals.expensesCents,
    totals.depositsCents,
    note.closingFundCents,
    note.closingCents,
    '',
  ]);
  return rows;
}

/** The first note as a file: CSV in Italian Excel's format, or an XLSX workbook with euro numbers. */
export async function firstNoteFile(
  note: FirstNote,
  format: 'csv' | 'xlsx',
  lng: Language,
): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  const headings = firstNoteColumns.map((column) => translate(lng, `reports:firstNote.columns.${column}`));
  const rows = firstNoteRows(note, lng);
  const base = `${translate(lng, 'reports:firstNote.fileName')}-${note.shop.code}-${note.from}_${note.to}`;
  if (format === 'csv') {
    const body = rows.map((row) =>
      row.map((cell) => (cell === null ? '' : typeof cell === 'number' ? decimalComma(cell) : spreadsheetText(cell))),
    );
    const bytes = Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows([headings, ...body])]);
    return { bytes, fileName: `${base}.csv`, type: 'text/csv; charset=utf-8' };
  }
  // Loaded on the first workbook asked for (as the shift analytics' export): exceljs is a large tree.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lng, 'reports:firstNote.sheet'), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: lng === 'ar' }],
  });
  sheet.addRow([`${note.shop.code} · ${note.shop.name}`]).font = { bold: true };
  sheet.addRow(headings).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 2, rightToLeft: lng === 'ar' }];
  for (const row of rows) {
    sheet.addRow(row.map((cell) => (typeof cell === 'number' ? cell / 100 : cell)));
  }
  const moneyColumns = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  for (const index of moneyColumns) sheet.getColumn(index).numFmt = '#,##0.00';
  sheet.columns.forEach((column, index) => {
    column.width = index === firstNoteColumns.length - 1 ? 60 : Math.max(12, (headings[index] ?? '').length + 2);
  });
  return {
    bytes: new Uint8Array(await workbook.xlsx.writeBuffer()),
    fileName: `${base}.xlsx`,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
