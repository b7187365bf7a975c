import { type CashReport, cashReportBodySchema, cashReportFields } from '@bottega/contracts/cash-register';
import { describe, expect, it } from 'vitest';
import {
  amountText,
  bodyOf,
  closeBlockers,
  compareField,
  formErrorsOf,
  formValuesOf,
  liveCheck,
  parseCount,
  reconcile,
  sameReport,
  signedAmount,
  signedCount,
  tidyText,
  unreadableFields,
} from './cash-report-form';

const system: CashReport['system'] = {
  totalCents: 150_000,
  creditCardCents: 60_000,
  bancomatCents: 40_000,
  posSubtotalCents: 100_000,
  cancelledCents: 1_000,
  returnsCents: 2_500,
  vouchersCents: 0,
  dailyCashCents: 48_000,
  returnedReceiptsCount: 2,
  returnedPiecesCount: 3,
  receiptsCount: 80,
  piecesCount: 120,
  loyaltyCustomersCount: 12,
};

const fiscal: NonNullable<CashReport['fiscal']> = {
  totalCents: 150_000,
  fiscalPosCents: 100_000,
  cancelledCents: 1_000,
  returnsCents: 2_500,
  closeNumber: 412,
  deviceSerial: '99MEY012345',
  closedAt: '2026-03-14T20:05:00+01:00',
  source: 'printer',
};

const emptyValues = Object.fromEntries(cashReportFields.map((field) => [field, null])) as CashReport['values'];

function emptyForm() {
  return formValuesOf({ values: emptyValues, cashCount: {}, comments: '' });
}

/** A form with every figure matching the register and the printer, and a count equal to the cash plus the fund. */
function matchingForm() {
  const form = emptyForm();
  form.values = {
    ...form.values,
    totalCents: '1.500,00',
    creditCardCents: '600',
    bancomatCents: '400,00',
    posSubtotalCents: '1000',
    fiscalPosCents: '1.000,00',
    cancelledCents: '10',
    returnsCents: '25,00',
    vouchersCents: '0',
    dailyCashCents: '480,00',
    cashFundCents: '150,00',
    returnedReceiptsCount: '2',
    returnedPiecesCount: '3',
    receiptsCount: '80',
    piecesCount: '120',
    loyaltyCustomersCount: '12',
  };
  // 400 + 100 + 100 + 20 + 10 = 630 €: the day's 480 € and the 150 € fund.
  form.cashCount = { ...form.cashCount, '20000': '2', '10000': '1', '5000': '2', '2000': '1', '1000': '1' };
  return form;
}

describe('parseCount', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['1.250', 1250],
    ['0', 0],
  ])('reads %s as %i', (text, count) => expect(parseCount(text)).toBe(count));

  it('answers null for nothing and NaN for what is no whole count', () => {
    expect(parseCount('')).toBeNull();
    for (const text of ['1,5', '-2', 'abc', '12.5']) expect(parseCount(text)).toBeNaN();
  });
});

describe('the form of a report', () => {
  it('shows the stored figures the Italian way and reads them back to the same cents', () => {
    const values = { ...emptyValues, totalCents: 123_456, receiptsCount: 1250, cashFundCents: 0 };
    const form = formValuesOf({ values, cashCount: { '50000': 1, '1': 3 }, comments: 'ok' });
    expect(form.values.totalCents).toBe('1.234,56');
    expect(form.values.receiptsCount).toBe('1250');
    expect(form.values.cashFundCents).toBe('0,00');
    expect(form.values.bancomatCents).toBe('');
    expect(form.cashCount['50000']).toBe('1');
    expect(form.cashCount['200']).toBe('');
    const body = bodyOf(form, 4);
    expect(body.values).toEqual(values);
    expect(body.cashCount).toEqual({ '50000': 1, '1': 3 });
    expect(body.version).toBe(4);
  });

  it('sends what is unreadable so that the shared schema refuses it on the right field', () => {
    const form = emptyForm();
    form.values.totalCents = '12,345';
    form.values.piecesCount = '3,5';
    form.cashCount['500'] = 'x';
    const result = cashReportBodySchema.safeParse(bodyOf(form, 0));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['cashCount.500', 'values.piecesCount', 'values.totalCents']);
  });

  it('names the inputs whose text is no amount or count', () => {
    const form = emptyForm();
    form.values.totalCents = '12,345';
    form.values.piecesCount = 'tre';
    form.values.receiptsCount = '12';
    form.cashCount['500'] = 'x';
    expect(unreadableFields(form)).toEqual(['values.totalCents', 'values.piecesCount', 'cashCount.500']);
    expect(unreadableFields(matchingForm())).toEqual([]);
  });

  it('accepts a draft with figures still empty', () => {
    expect(cashReportBodySchema.safeParse(bodyOf(emptyForm(), 0)).success).toBe(true);
  });

  it('tidies an amount or a count once typed, and leaves what it cannot read', () => {
    expect(tidyText('totalCents', '1234,5')).toBe('1.234,50');
    expect(tidyText('totalCents', '12.50')).toBe('12,50');
    expect(tidyText('totalCents', 'abc')).toBe('abc');
    expect(tidyText('receiptsCount', '1.250')).toBe('1250');
  });

  it('knows when nothing changed although the text differs', () => {
    const a = matchingForm();
    const b = matchingForm();
    b.values.totalCents = '1500';
    expect(sameReport(a, b)).toBe(true);
    b.values.totalCents = '1500,01';
    expect(sameReport(a, b)).toBe(false);
  });
});

describe('the live check', () => {
  it('finds nothing wrong in a report matching register, printer and count', () => {
    const { check } = liveCheck(matchingForm(), { system, fiscal });
    expect(check).toMatchObject({
      missing: [],
      systemMismatches: [],
      fiscalMismatches: [],
      cashCountTotalCents: 63_000,
      cashCountMatches: true,
      posSubtotalAdds: true,
    });
  });

  it('marks a typed figure that differs from the register with its signed difference', () => {
    const form = matchingForm();
    form.values.totalCents = '1.490,00';
    const { values, check } = liveCheck(form, { system, fiscal });
    expect(check.systemMismatches).toEqual(['totalCents']);
    const total = compareField({ field: 'totalCents', values, system, fiscal, check });
    expect(total).toMatchObject({ system: 150_000, expected: 150_000, difference: -1000, mismatch: true });
    expect(signedAmount(total.difference ?? 0)).toBe('-€ 10,00');
  });

  it('holds the fiscal POS against the printer and shows the printer against the register', () => {
    const form = matchingForm();
    form.values.fiscalPosCents = '990';
    const printer = { ...fiscal, totalCents: 151_000 };
    const { values, check } = liveCheck(form, { system, fiscal: printer });
    expect(check.fiscalMismatches.sort()).toEqual(['fiscalPosCents', 'totalCents']);
    const pos = compareField({ field: 'fiscalPosCents', values, system, fiscal: printer, check });
    expect(pos).toMatchObject({ system: 100_000, expected: 100_000, difference: -1000, mismatch: true });
    expect(pos.fiscalMismatch).toBe(false);
    const total = compareField({ field: 'totalCents', values, system, fiscal: printer, check });
    expect(total).toMatchObject({ mismatch: false, fiscal: 151_000, fiscalDifference: 1000, fiscalMismatch: true });
  });

  it('compares nothing with the printer while its close is missing', () => {
    const { values, check } = liveCheck(matchingForm(), { system, fiscal: null });
    const pos = compareField({ field: 'fiscalPosCents', values, system, fiscal: null, check });
    expect(pos).toMatchObject({ expected: null, difference: null, mismatch: false, fiscal: null });
  });

  it('has no expected value for the cash fund', () => {
    const { values, check } = liveCheck(matchingForm(), { system, fiscal });
    expect(compareField({ field: 'cashFundCents', values, system, fiscal, check })).toMatchObject({
      system: null,
      expected: null,
      mismatch: false,
    });
  });

  it('counts notes and coins against the daily cash plus the fund and ignores what is unreadable', () => {
    const form = matchingForm();
    form.cashCount['1'] = 'abc';
    form.cashCount['5'] = '2';
    const { check } = liveCheck(form, { system, fiscal });
    expect(check.cashCountTotalCents).toBe(63_010);
    expect(check.cashCountMatches).toBe(false);
  });

  it('treats an unreadable figure as not entered', () => {
    const form = matchingForm();
    form.values.receiptsCount = 'tanti';
    const { check } = liveCheck(form, { system, fiscal });
    expect(check.missing).toEqual(['receiptsCount']);
    expect(check.systemMismatches).toEqual([]);
  });

  it('checks the POS subtotal adds card and bancomat', () => {
    const form = matchingForm();
    form.values.posSubtotalCents = '999';
    expect(liveCheck(form, { system, fiscal }).check.posSubtotalAdds).toBe(false);
  });
});

describe('formatting and refusals', () => {
  it('signs differences', () => {
    expect(signedAmount(1250)).toBe('+€ 12,50');
    expect(signedAmount(0)).toBe('€ 0,00');
    expect(signedCount(3)).toBe('+3');
    expect(signedCount(-2)).toBe('-2');
    expect(amountText(null)).toBe('');
  });

  it("places the server's field errors on the inputs", () => {
    expect(formErrorsOf({ totalCents: 'a', 'values.piecesCount': 'b', 'cashCount.500': 'c', comments: 'd' })).toEqual({
      'values.totalCents': 'a',
      'values.piecesCount': 'b',
      'cashCount.500': 'c',
      comments: 'd',
    });
  });
});

describe('a newer report from the server (issue 17: no false conflict)', () => {
  /** The report as the server would store `form`, at `version`. */
  function stored(form: ReturnType<typeof emptyForm>, version: number) {
    const body = bodyOf(form, version);
    return { version, values: body.values, cashCount: body.cashCount, comments: body.comments };
  }

  it('keeps the form when the version is the one it was filled from', () => {
    const base = { version: 3, values: matchingForm() };
    expect(reconcile(base, matchingForm(), stored(matchingForm(), 3))).toEqual({ kind: 'same' });
  });

  it('shows the newer report when nothing typed would be lost', () => {
    const base = { version: 1, values: emptyForm() };
    expect(reconcile(base, emptyForm(), stored(matchingForm(), 2))).toEqual({
      kind: 'reset',
      values: formValuesOf(stored(matchingForm(), 2)),
    });
  });

  it('adopts the version that holds just what is typed, a count typed with zeros included', () => {
    const typed = matchingForm();
    typed.cashCount = { ...typed.cashCount, '500': '0', '1': '0' };
    const base = { version: 1, values: emptyForm() };
    const next = reconcile(base, typed, stored(matchingForm(), 2));
    expect(next.kind).toBe('adopt');
  });

  it('adopts a version whose figures are the base’s (an expense, a withdrawn confirmation), keeping what is typed', () => {
    const typed = matchingForm();
    typed.values.totalCents = '1.499,00';
    const base = { version: 4, values: matchingForm() };
    expect(reconcile(base, typed, stored(matchingForm(), 5))).toMatchObject({ kind: 'adopt' });
  });

  it('leaves the conflict for the next save only when somebody else changed the figures', () => {
    const typed = matchingForm();
    typed.values.totalCents = '1.499,00';
    const theirs = matchingForm();
    theirs.values.vouchersCents = '5,00';
    const base = { version: 4, values: matchingForm() };
    expect(reconcile(base, typed, stored(theirs, 5))).toEqual({ kind: 'stale' });
  });

  it('does not send denominations counted as zero', () => {
    const form = matchingForm();
    form.cashCount = { ...form.cashCount, '500': '0' };
    expect(bodyOf(form, 0).cashCount).toEqual(bodyOf(matchingForm(), 0).cashCount);
  });
});

describe('closeBlockers', () => {
  it('counts nothing when the confirmed figures still match', () => {
    const { check } = liveCheck(matchingForm(), { system, fiscal });
    expect(closeBlockers(check, { mayAcceptFiscal: false })).toBe(0);
  });

  it('counts each figure that no longer matches the register, and a count that does not add up', () => {
    const { check } = liveCheck(matchingForm(), { system: { ...system, totalCents: 151_000 }, fiscal });
    // The total differs from the register, and the printer's total from the register too.
    expect(closeBlockers(check, { mayAcceptFiscal: false })).toBe(2);
    expect(closeBlockers(check, { mayAcceptFiscal: true })).toBe(1);
    const short = matchingForm();
    short.cashCount = { ...short.cashCount, '1000': '' };
    expect(closeBlockers(liveCheck(short, { system, fiscal }).check, { mayAcceptFiscal: false })).toBe(1);
  });
});
