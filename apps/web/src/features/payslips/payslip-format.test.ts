import { describe, expect, it } from 'vitest';
import {
  defaultUploadPeriod,
  isConvalidatable,
  itemsPath,
  monthName,
  monthOptions,
  pageRanges,
  payslipFileName,
  pendingPayslips,
  periodLabel,
  personName,
  recentYears,
  selectionSummary,
} from './payslip-format';

describe('pageRanges', () => {
  it('joins consecutive pages into runs with an en dash', () => {
    expect(pageRanges([1, 2, 4])).toBe('1–2, 4');
    expect(pageRanges([7, 8, 9, 1, 3])).toBe('1, 3, 7–9');
  });

  it('reads one page, repeated pages and none', () => {
    expect(pageRanges([5])).toBe('5');
    expect(pageRanges([2, 2, 3])).toBe('2–3');
    expect(pageRanges([])).toBe('');
  });
});

describe('periodLabel', () => {
  it('names the month as the reader’s language writes it, with the year', () => {
    expect(periodLabel({ month: 3, year: 2026 }, 'it')).toBe('marzo 2026');
    expect(periodLabel({ month: 3, year: 2026 }, 'de')).toBe('März 2026');
    expect(periodLabel({ month: 12, year: 2025 }, 'en')).toBe('December 2025');
  });

  it('is the year alone for a tax certificate', () => {
    expect(periodLabel({ month: null, year: 2026 }, 'it')).toBe('2026');
  });

  it('keeps Latin digits and Arabic month names in Arabic', () => {
    const label = periodLabel({ month: 1, year: 2026 }, 'ar');
    expect(label.endsWith('2026')).toBe(true);
    expect(label).toMatch(/[\u0600-\u06ff]/);
  });

  it('offers the twelve months', () => {
    const months = monthOptions('it');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '1', label: 'gennaio' });
    expect(monthName(8, 'bg')).toBe('август');
  });
});

describe('personName and payslipFileName', () => {
  const employee = { name: 'Niccolò', surname: "D'Àmico" };

  it('puts the surname first', () => {
    expect(personName(employee)).toBe("D'Àmico Niccolò");
    expect(personName(null)).toBe('');
  });

  it('names a payslip by kind, period and person, in letters any disk takes', () => {
    expect(payslipFileName('Busta paga', { month: 3, year: 2026, employee })).toBe(
      'busta-paga-2026-03-d-amico-niccolo.pdf',
    );
    expect(payslipFileName('CU', { month: null, year: 2025, employee })).toBe('cu-2025-d-amico-niccolo.pdf');
    expect(payslipFileName('قسيمة', { month: 1, year: 2026, employee })).toBe('payslip-2026-01-d-amico-niccolo.pdf');
  });
});

describe('the review of an upload', () => {
  const item = (
    outcome: 'payslip' | 'fiscalCodeOnce' | 'alreadyExists',
    payslipId: number | null,
    status: 'uploaded' | 'convalidated' | null,
  ) => ({
    outcome,
    payslipId,
    status,
  });

  it('picks only payslips still uploaded', () => {
    expect(isConvalidatable(item('payslip', 4, 'uploaded'))).toBe(true);
    expect(isConvalidatable(item('payslip', 4, 'convalidated'))).toBe(false);
    expect(isConvalidatable(item('alreadyExists', null, null))).toBe(false);
  });

  it('sends the ticked payslips and counts the held ones among them', () => {
    expect(
      selectionSummary([
        item('payslip', 1, 'uploaded'),
        item('fiscalCodeOnce', 2, 'uploaded'),
        item('payslip', 3, 'convalidated'),
        item('alreadyExists', null, null),
      ]),
    ).toEqual({ payslipIds: [1, 2], held: 1 });
  });

  it('counts what waits in an upload', () => {
    expect(pendingPayslips({ counts: { payslips: 40, convalidated: 12, problems: 3 } })).toBe(28);
    expect(pendingPayslips({ counts: { payslips: 0, convalidated: 0, problems: 3 } })).toBe(0);
  });

  it('links each kind’s review', () => {
    expect(itemsPath('payslip', 7)).toBe('/app/payslips/upload-logs/7/items');
    expect(itemsPath('taxCertificate', 7, { pending: true })).toBe('/app/tax/upload-logs/7/items?pending=true');
  });
});

describe('periods offered', () => {
  it('starts payslips on the month just ended, tax certificates on this year', () => {
    expect(defaultUploadPeriod('payslip', '2026-04-03')).toEqual({ year: 2026, month: 3 });
    expect(defaultUploadPeriod('payslip', '2026-01-10')).toEqual({ year: 2025, month: 12 });
    expect(defaultUploadPeriod('taxCertificate', '2026-03-01')).toEqual({ year: 2026, month: null });
  });

  it('lists this year and the ones before, newest first', () => {
    expect(recentYears('2026-05-01', 3)).toEqual([2026, 2025, 2024]);
  });
});
