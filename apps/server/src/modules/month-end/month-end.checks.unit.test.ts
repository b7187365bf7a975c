import { describe, expect, it } from 'vitest';
import { checkMonth, type MonthDayFigures } from './month-end.checks';

const clean = (date: string, overrides: Partial<MonthDayFigures> = {}): MonthDayFigures => ({
  date,
  report: { status: 'closed', totalCents: 100_00, posCents: 40_00, cashCents: 60_00, differenceAccepted: false },
  fiscalCents: 100_00,
  settledCents: 40_00,
  unconfirmedDeposits: 0,
  ...overrides,
});

const failing = (days: MonthDayFigures[], cashWaitingSince: string | null = null) =>
  Object.fromEntries(
    checkMonth(days, { cashWaitingSince }).map((check) => [
      check.check,
      check.days.map((day) => [day.date, day.problem]),
    ]),
  );

describe('the checks of a month', () => {
  it('hold for closed days that agree with the printer, the acquirer and the bank; a day without either is the shop closed', () => {
    const result = checkMonth(
      [clean('2026-10-01'), { ...clean('2026-10-02'), report: null, fiscalCents: null, settledCents: null }],
      {
        cashWaitingSince: null,
      },
    );
    expect(result.map((check) => check.ok)).toEqual([true, true, true]);
  });

  it('each fail alone, naming the day and why', () => {
    expect(failing([clean('2026-10-01', { fiscalCents: 99_00 })])).toEqual({
      compensation: [['2026-10-01', 'compensationDiffers']],
      pos: [],
      cash: [],
    });
    // Accepted when the day was closed: agreed.
    const accepted = clean('2026-10-01', { fiscalCents: 99_00 });
    if (accepted.report) accepted.report.differenceAccepted = true;
    expect(failing([accepted]).compensation).toEqual([]);
    expect(failing([clean('2026-10-01', { settledCents: null })])).toEqual({
      compensation: [],
      pos: [['2026-10-01', 'posDiffers']],
      cash: [],
    });
    expect(failing([clean('2026-10-01'), clean('2026-10-02')], '2026-10-02')).toEqual({
      compensation: [],
      pos: [],
      cash: [['2026-10-02', 'cashNotDeposited']],
    });
    expect(failing([clean('2026-10-01', { unconfirmedDeposits: 1 })]).cash).toEqual([
      ['2026-10-01', 'depositNotConfirmed'],
    ]);
  });

  it('want every report closed and every close matched by a report', () => {
    const open = clean('2026-10-01', {
      report: { status: 'open', totalCents: null, posCents: null, cashCents: null, differenceAccepted: false },
    });
    const orphan = clean('2026-10-02', { report: null });
    const noClose = clean('2026-10-03', { fiscalCents: null });
    expect(failing([open, orphan, noClose]).compensation).toEqual([
      ['2026-10-01', 'reportNotClosed'],
      ['2026-10-02', 'reportWithoutFiscalClose'],
      ['2026-10-03', 'fiscalCloseMissing'],
    ]);
  });
});
