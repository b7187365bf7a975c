// The three checks of a shop's month (spec §4 Monthly reports), pure: the service gathers each day's figures and
// these rules say which days keep the month from being convalidated.
// - Total compensation: every report of the month closed, and each closed day's total the fiscal printer's close of
//   that day (all its devices), unless the difference was accepted when the day was closed (edit reports, with a
//   reason); a close with no report, or a closed report with no close, is a day that differs.
// - Total POS: each closed day's POS subtotal what the acquirer settled that day (nothing settled counts as 0).
// - Total cash: the month's cash all taken to the bank (deposits pay the oldest cash first, so the days from the first
//   one still waiting) and every deposit of the month confirmed by the bank (convalidated against its statement).
import type { CashReportStatus } from '@bottega/contracts/cash-register';
import type { MonthCheckResult, MonthDay } from '@bottega/contracts/month-end';

export type MonthDayFigures = {
  date: string;
  report: {
    status: CashReportStatus;
    totalCents: number | null;
    posCents: number | null;
    cashCents: number | null;
    /** The day was closed with its difference from the fiscal close accepted (edit reports, with a reason). */
    differenceAccepted: boolean;
  } | null;
  /** The day's fiscal closes summed; null when the printer sent none. */
  fiscalCents: number | null;
  /** What the acquirer settled that day; null when nothing. */
  settledCents: number | null;
  /** Deposits dated that day not yet convalidated against the bank. */
  unconfirmedDeposits: number;
};

export function checkMonth(days: MonthDayFigures[], options: { cashWaitingSince: string | null }): MonthCheckResult[] {
  const compensation: MonthDay[] = [];
  const pos: MonthDay[] = [];
  const cash: MonthDay[] = [];
  for (const day of days) {
    const { report } = day;
    const closed = report?.status === 'closed';
    if (report && !closed) {
      compensation.push({
        date: day.date,
        problem: 'reportNotClosed',
        reportCents: report.totalCents,
        otherCents: null,
      });
    } else if (closed && day.fiscalCents === null) {
      compensation.push({
        date: day.date,
        problem: 'fiscalCloseMissing',
        reportCents: report.totalCents,
        otherCents: null,
      });
    } else if (!report && day.fiscalCents !== null) {
      compensation.push({
        date: day.date,
        problem: 'reportWithoutFiscalClose',
        reportCents: null,
        otherCents: day.fiscalCents,
      });
    } else if (closed && !report.differenceAccepted && (report.totalCents ?? 0) !== day.fiscalCents) {
      compensation.push({
        date: day.date,
        problem: 'compensationDiffers',
        reportCents: report.totalCents ?? 0,
        otherCents: day.fiscalCents,
      });
    }
    if (closed && (report.posCents ?? 0) !== (day.settledCents ?? 0)) {
      pos.push({
        date: day.date,
        problem: 'posDiffers',
        reportCents: report.posCents ?? 0,
        otherCents: day.settledCents ?? 0,
      });
    }
    const waiting = options.cashWaitingSince !== null && day.date >= options.cashWaitingSince;
    if (closed && waiting && (report.cashCents ?? 0) > 0) {
      cash.push({ date: day.date, problem: 'cashNotDeposited', reportCents: report.cashCents, otherCents: null });
    }
    if (day.unconfirmedDeposits > 0) {
      cash.push({ date: day.date, problem: 'depositNotConfirmed', reportCents: null, otherCents: null });
    }
  }
  return [
    { check: 'compensation', ok: compensation.length === 0, days: compensation },
    { check: 'pos', ok: pos.length === 0, days: pos },
    { check: 'cash', ok: cash.length === 0, days: cash },
  ];
}
