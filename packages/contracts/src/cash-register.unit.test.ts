import { describe, expect, it } from 'vitest';
import {
  type CashReportValues,
  type CashSystemValues,
  cashCountSchema,
  cashCountTotal,
  cashReportCorrectionBodySchema,
  cashReportFields,
  checkCashReport,
  systemCheckedFields,
  weeklyCashNeedsNote,
} from './cash-register';

/** A day of the system register that adds up: 1.000 € taken, 300 by card, 200 by bancomat, 480 in cash. */
const system: CashSystemValues = {
  totalCents: 100_000,
  creditCardCents: 30_000,
  bancomatCents: 20_000,
  posSubtotalCents: 50_000,
  cancelledCents: 1_500,
  returnsCents: 2_000,
  vouchersCents: 2_000,
  dailyCashCents: 48_000,
  returnedReceiptsCount: 1,
  returnedPiecesCount: 2,
  receiptsCount: 40,
  piecesCount: 75,
  loyaltyCustomersCount: 12,
};

/** The fiscal close of that day, agreeing with the register. */
const fiscal = { totalCents: 100_000, fiscalPosCents: 50_000, cancelledCents: 1_500, returnsCents: 2_000 };

/** Figures entered exactly as the register has them, with a cash fund of 100 €. */
function entered(overrides: Partial<CashReportValues> = {}): CashReportValues {
  return { ...system, fiscalPosCents: 50_000, cashFundCents: 10_000, ...overrides };
}

/** The whole drawer, 580 €: the day's 480 € and the 100 € fund, as 11 × 50 €, 1 × 20 €, 1 × 10 €. */
const count580 = { '5000': 11, '2000': 1, '1000': 1 };

describe('cashCountTotal', () => {
  it('adds every note and coin by its value in cents', () => {
    expect(cashCountTotal(count580)).toBe(58_000);
    expect(cashCountTotal({ '50000': 2, '1': 3, '2': 1, '5': 1, '50': 1 })).toBe(100_060);
  });

  it('is zero for an empty count and ignores what is no euro denomination', () => {
    expect(cashCountTotal({})).toBe(0);
    expect(cashCountTotal({ '300': 4 })).toBe(0);
  });

  it('is checked by the schema: only euro denominations, whole non-negative counts', () => {
    expect(cashCountSchema.safeParse(count580).success).toBe(true);
    expect(cashCountSchema.safeParse({ '300': 1 }).success).toBe(false);
    expect(cashCountSchema.safeParse({ '500': -1 }).success).toBe(false);
    expect(cashCountSchema.safeParse({ '500': 1.5 }).success).toBe(false);
  });
});

describe('checkCashReport', () => {
  it('finds nothing wrong when everything agrees', () => {
    const check = checkCashReport({ values: entered(), cashCount: count580, system, fiscal });
    expect(check).toEqual({
      missing: [],
      systemMismatches: [],
      fiscalMismatches: [],
      cashCountTotalCents: 58_000,
      cashCountMatches: true,
      posSubtotalAdds: true,
    });
  });

  it('lists the fields still empty, and compares only the entered ones', () => {
    const values = entered({ totalCents: null, cashFundCents: null, receiptsCount: null });
    const check = checkCashReport({ values, cashCount: count580, system, fiscal });
    expect(check.missing).toEqual(['totalCents', 'cashFundCents', 'receiptsCount']);
    expect(check.systemMismatches).toEqual([]);
  });

  it('lists every entered value that differs from the system register', () => {
    const values = entered({ totalCents: 99_990, piecesCount: 74, dailyCashCents: 47_000 });
    const check = checkCashReport({ values, cashCount: count580, system, fiscal });
    expect(check.systemMismatches).toEqual(['totalCents', 'dailyCashCents', 'piecesCount']);
  });

  it('never compares the fiscal POS and the cash fund with the system register', () => {
    expect(systemCheckedFields).not.toContain('fiscalPosCents');
    expect(systemCheckedFields).not.toContain('cashFundCents');
    expect(systemCheckedFields.every((field) => (cashReportFields as readonly string[]).includes(field))).toBe(true);
    const check = checkCashReport({
      values: entered({ cashFundCents: 1 }),
      cashCount: count580,
      system,
      fiscal: null,
    });
    expect(check.systemMismatches).toEqual([]);
  });

  it('lists the fiscal values that differ from the system register', () => {
    const check = checkCashReport({
      values: entered(),
      cashCount: count580,
      system,
      fiscal: { ...fiscal, totalCents: 100_100, returnsCents: 0 },
    });
    expect(check.fiscalMismatches).toEqual(['totalCents', 'returnsCents']);
  });

  it('compares the fiscal POS with credit card + bancomat, and the entered fiscal POS with the printer’s', () => {
    const printerOff = checkCashReport({
      values: entered(),
      cashCount: count580,
      system,
      fiscal: { ...fiscal, fiscalPosCents: 49_000 },
    });
    expect(printerOff.fiscalMismatches).toEqual(['fiscalPosCents']);
    const typedOff = checkCashReport({
      values: entered({ fiscalPosCents: 49_000 }),
      cashCount: count580,
      system,
      fiscal,
    });
    expect(typedOff.fiscalMismatches).toEqual(['fiscalPosCents']);
    // Both wrong: listed once.
    const both = checkCashReport({
      values: entered({ fiscalPosCents: 1 }),
      cashCount: count580,
      system,
      fiscal: { ...fiscal, fiscalPosCents: 2 },
    });
    expect(both.fiscalMismatches).toEqual(['fiscalPosCents']);
  });

  it('has no fiscal mismatches while there is no fiscal close', () => {
    const check = checkCashReport({
      values: entered({ fiscalPosCents: 1 }),
      cashCount: count580,
      system,
      fiscal: null,
    });
    expect(check.fiscalMismatches).toEqual([]);
  });

  it('compares the note and coin count with the daily cash plus the cash fund (the whole drawer)', () => {
    const short = checkCashReport({ values: entered(), cashCount: { '5000': 11 }, system, fiscal });
    expect(short.cashCountTotalCents).toBe(55_000);
    expect(short.cashCountMatches).toBe(false);
    // The day's cash alone is not the drawer: the fund is in it too.
    const withoutFund = checkCashReport({
      values: entered(),
      cashCount: { '5000': 9, '2000': 1, '1000': 1 },
      system,
      fiscal,
    });
    expect(withoutFund.cashCountMatches).toBe(false);
    const noCash = checkCashReport({ values: entered({ dailyCashCents: null }), cashCount: {}, system, fiscal });
    expect(noCash.cashCountMatches).toBe(false);
    const noFund = checkCashReport({ values: entered({ cashFundCents: null }), cashCount: count580, system, fiscal });
    expect(noFund.cashCountMatches).toBe(false);
    const empty = checkCashReport({
      values: entered({ dailyCashCents: 0, cashFundCents: 0 }),
      cashCount: {},
      system: { ...system, dailyCashCents: 0 },
      fiscal,
    });
    expect(empty.cashCountMatches).toBe(true);
  });

  it('checks that the POS subtotal is credit card + bancomat as entered, once all three are there', () => {
    expect(
      checkCashReport({ values: entered({ posSubtotalCents: 50_001 }), cashCount: count580, system, fiscal })
        .posSubtotalAdds,
    ).toBe(false);
    expect(
      checkCashReport({
        values: entered({ creditCardCents: 31_000, bancomatCents: 19_000 }),
        cashCount: count580,
        system,
        fiscal,
      }).posSubtotalAdds,
    ).toBe(true);
    expect(
      checkCashReport({ values: entered({ bancomatCents: null }), cashCount: count580, system, fiscal })
        .posSubtotalAdds,
    ).toBe(true);
  });
});

describe('the correction body', () => {
  it('needs a reason and may accept a fiscal difference', () => {
    const body = { values: entered(), cashCount: count580, comments: '', version: 3 };
    expect(cashReportCorrectionBodySchema.safeParse(body).success).toBe(false);
    const parsed = cashReportCorrectionBodySchema.parse({
      ...body,
      reason: 'Scontrino registrato due volte',
      acceptFiscalDifference: 'Errore della stampante',
    });
    expect(parsed.acceptFiscalDifference).toBe('Errore della stampante');
  });
});

describe('weeklyCashNeedsNote', () => {
  it('asks for a note only when the deposits differ from the cash, and a blank one is none', () => {
    expect(weeklyCashNeedsNote({ differenceCents: 0, comments: '' })).toBe(false);
    expect(weeklyCashNeedsNote({ differenceCents: 249_472, comments: '' })).toBe(true);
    expect(weeklyCashNeedsNote({ differenceCents: -100, comments: '  \n ' })).toBe(true);
    expect(weeklyCashNeedsNote({ differenceCents: 249_472, comments: 'Versamento di lunedì' })).toBe(false);
  });
});
