import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CreditToMatch, type DepositToMatch, type MatchOutcome, matchDeposits } from './deposits.matching';

const milan = { shopId: 1, shopCode: 'MI01' };
const rome = { shopId: 2, shopCode: 'RM02' };
const anna = '5333123456789012';
const marco = '4000111122223333';
const knownCards = new Set([anna, marco]);

function deposit(id: number, date: string, amountCents: number, extra: Partial<DepositToMatch> = {}): DepositToMatch {
  return { id, ...milan, date, amountCents, cardNumber: '', ...extra };
}

function credit(
  id: number,
  bookingDate: string,
  amountCents: number,
  description = 'VERSAMENTO CONTANTI',
): CreditToMatch {
  return { id, bookingDate, amountCents, description };
}

const nothing: MatchOutcome = {
  matched: [],
  ambiguous: [],
  unknownCards: [],
  unmatchedCredits: [],
  unmatchedDeposits: [],
};

function match(deposits: DepositToMatch[], credits: CreditToMatch[], windowDays?: number): MatchOutcome {
  return matchDeposits({ deposits, credits, knownCards, windowDays });
}

describe('matchDeposits', () => {
  it('exact: one credit of the amount on the deposit day', () => {
    expect(match([deposit(1, '2026-03-02', 150_000)], [credit(10, '2026-03-02', 150_000)])).toEqual({
      ...nothing,
      matched: [{ creditIds: [10], depositIds: [1] }],
    });
  });

  it('late within the window: booked on the seventh day after the deposit', () => {
    expect(match([deposit(1, '2026-03-02', 150_000)], [credit(10, '2026-03-09', 150_000)]).matched).toEqual([
      { creditIds: [10], depositIds: [1] },
    ]);
  });

  it('too late: the eighth day is past the window, and a wider window takes it', () => {
    const deposits = [deposit(1, '2026-03-02', 150_000)];
    const credits = [credit(10, '2026-03-10', 150_000)];
    expect(match(deposits, credits)).toEqual({ ...nothing, unmatchedCredits: [10], unmatchedDeposits: [1] });
    expect(match(deposits, credits, 8).matched).toEqual([{ creditIds: [10], depositIds: [1] }]);
  });

  it('before the date: a credit booked before the deposit never matches it, across months too', () => {
    expect(match([deposit(1, '2026-03-01', 150_000)], [credit(10, '2026-02-28', 150_000)])).toEqual({
      ...nothing,
      unmatchedCredits: [10],
      unmatchedDeposits: [1],
    });
  });

  it('same amount in two shops: the shop code in the text decides, in any case, as a whole word', () => {
    const deposits = [deposit(1, '2026-03-02', 80_000), deposit(2, '2026-03-02', 80_000, rome)];
    expect(match(deposits, [credit(10, '2026-03-03', 80_000, 'VERS. CONT. rm02 DEL 02/03')]).matched).toEqual([
      { creditIds: [10], depositIds: [2] },
    ]);
    // "RM021" is not RM02: without a reference the two deposits are equally good.
    expect(match(deposits, [credit(10, '2026-03-03', 80_000, 'VERS RM021')]).ambiguous).toEqual([
      { creditId: 10, candidates: [[1], [2]] },
    ]);
  });

  it('same amount in two shops: the card number in the text decides, written with spaces or dashes', () => {
    const deposits = [
      deposit(1, '2026-03-02', 80_000, { cardNumber: anna }),
      deposit(2, '2026-03-02', 80_000, { ...rome, cardNumber: marco }),
    ];
    for (const text of ['CARTA 4000 1111 2222 3333', 'VERS 4000-1111-2222-3333 03/03/2026', 'DEP.4000111122223333']) {
      expect(match(deposits, [credit(10, '2026-03-03', 80_000, text)]).matched).toEqual([
        { creditIds: [10], depositIds: [2] },
      ]);
    }
  });

  it('a named credit is matched only with the named shop: another shop of the same amount is not a fallback', () => {
    const deposits = [deposit(1, '2026-03-02', 80_000, rome), deposit(2, '2026-03-20', 1_000)];
    expect(match(deposits, [credit(10, '2026-03-03', 80_000, 'VERSAMENTO MI01')])).toEqual({
      ...nothing,
      unmatchedCredits: [10],
      unmatchedDeposits: [1, 2],
    });
    // A shop with no deposit in the batch is known from knownShopCodes; without it, 'NA03' is just a word.
    const credits = [credit(10, '2026-03-03', 80_000, 'VERSAMENTO NA03')];
    expect(matchDeposits({ deposits, credits, knownCards, knownShopCodes: new Set(['na03']) }).matched).toEqual([]);
    expect(match(deposits, credits).matched).toEqual([{ creditIds: [10], depositIds: [1] }]);
  });

  it('two identical deposits: ambiguous, both listed, neither given to another credit', () => {
    const deposits = [deposit(1, '2026-03-02', 50_000), deposit(2, '2026-03-02', 50_000)];
    expect(match(deposits, [credit(10, '2026-03-04', 50_000, 'MI01')])).toEqual({
      ...nothing,
      ambiguous: [{ creditId: 10, candidates: [[1], [2]] }],
    });
  });

  it('two identical credits for one deposit: both ambiguous', () => {
    const outcome = match(
      [deposit(1, '2026-03-02', 50_000)],
      [credit(10, '2026-03-04', 50_000), credit(11, '2026-03-04', 50_000)],
    );
    expect(outcome).toEqual({
      ...nothing,
      ambiguous: [
        { creditId: 10, candidates: [[1]] },
        { creditId: 11, candidates: [[1]] },
      ],
    });
  });

  it('closest date: of two deposits of the amount, the nearer one before the credit is taken', () => {
    const deposits = [
      deposit(1, '2026-03-02', 50_000),
      deposit(2, '2026-03-05', 50_000),
      deposit(3, '2026-03-07', 50_000),
    ];
    expect(match(deposits, [credit(10, '2026-03-06', 50_000)])).toEqual({
      ...nothing,
      matched: [{ creditIds: [10], depositIds: [2] }],
      unmatchedDeposits: [1, 3],
    });
  });

  it('closest date across credits: each of two credits takes its own day', () => {
    const deposits = [deposit(1, '2026-03-02', 50_000), deposit(2, '2026-03-03', 50_000)];
    const credits = [credit(10, '2026-03-03', 50_000), credit(11, '2026-03-02', 50_000)];
    expect(match(deposits, credits).matched).toEqual([
      { creditIds: [10], depositIds: [2] },
      { creditIds: [11], depositIds: [1] },
    ]);
  });

  it('split: one deposit booked as two credits of its card', () => {
    const deposits = [deposit(1, '2026-03-02', 300_000, { cardNumber: anna }), deposit(2, '2026-03-02', 100_000)];
    const credits = [
      credit(10, '2026-03-03', 200_000, `CARTA ${anna}`),
      credit(11, '2026-03-04', 100_000, `CARTA ${anna}`),
    ];
    expect(match(deposits, credits)).toEqual({
      ...nothing,
      matched: [{ creditIds: [10, 11], depositIds: [1] }],
      unmatchedDeposits: [2],
    });
  });

  it('split in three credits of the shop; not with a credit outside the window', () => {
    const deposits = [deposit(1, '2026-03-02', 300_000)];
    const credits = [
      credit(10, '2026-03-02', 100_000, 'MI01'),
      credit(11, '2026-03-03', 150_000, 'MI01'),
      credit(12, '2026-03-04', 50_000, 'MI01'),
    ];
    expect(match(deposits, credits).matched).toEqual([{ creditIds: [10, 11, 12], depositIds: [1] }]);
    const late = [...credits.slice(0, 2), credit(12, '2026-03-10', 50_000, 'MI01')];
    expect(match(deposits, late)).toEqual({ ...nothing, unmatchedCredits: [10, 11, 12], unmatchedDeposits: [1] });
  });

  it('grouped deposits: one credit for three consecutive days of one card, not for days with a gap', () => {
    const deposits = [
      deposit(1, '2026-03-02', 40_000, { cardNumber: anna }),
      deposit(2, '2026-03-03', 35_000, { cardNumber: anna }),
      deposit(3, '2026-03-04', 25_000, { cardNumber: anna }),
      deposit(4, '2026-03-03', 35_000, { ...rome, cardNumber: marco }),
    ];
    expect(match(deposits, [credit(10, '2026-03-05', 100_000, `CARD ${anna}`)])).toEqual({
      ...nothing,
      matched: [{ creditIds: [10], depositIds: [1, 2, 3] }],
      unmatchedDeposits: [4],
    });
    const gap = deposits.map((each) => (each.id === 3 ? { ...each, date: '2026-03-06' } : each));
    expect(match(gap, [credit(10, '2026-03-07', 100_000, `CARD ${anna}`)]).matched).toEqual([]);
  });

  it('a single deposit of the amount is preferred to a group of the same naming', () => {
    const deposits = [
      deposit(1, '2026-03-02', 40_000),
      deposit(2, '2026-03-03', 60_000),
      deposit(3, '2026-03-01', 100_000),
    ];
    expect(match(deposits, [credit(10, '2026-03-04', 100_000, 'MI01')]).matched).toEqual([
      { creditIds: [10], depositIds: [3] },
    ]);
  });

  it('unknown card: a card word followed by a number nobody has', () => {
    const deposits = [deposit(1, '2026-03-02', 50_000)];
    expect(match(deposits, [credit(10, '2026-03-03', 50_000, 'VERS. CARTA N. 9999 8888 7777 6666 MI01')])).toEqual({
      ...nothing,
      unknownCards: [{ creditId: 10, cardNumber: '9999888877776666' }],
      unmatchedDeposits: [1],
    });
  });

  it('a bare number nobody has, a date or an IBAN is not a card', () => {
    const text = 'VERS 2026-03-03 RIF 123456789012 IT60X0542811101000000123456';
    expect(match([deposit(1, '2026-03-02', 50_000)], [credit(10, '2026-03-03', 50_000, text)]).matched).toEqual([
      { creditIds: [10], depositIds: [1] },
    ]);
  });

  it('a card followed by a date names the card', () => {
    const deposits = [deposit(1, '2026-03-02', 50_000, { cardNumber: marco }), deposit(2, '2026-03-02', 50_000)];
    expect(match(deposits, [credit(10, '2026-03-03', 50_000, `CARTA ${marco} 03-03-2026`)]).matched).toEqual([
      { creditIds: [10], depositIds: [1] },
    ]);
  });

  it('debits and zero amounts are left out of the outcome', () => {
    expect(
      match([deposit(1, '2026-03-02', 50_000)], [credit(10, '2026-03-03', -50_000), credit(11, '2026-03-03', 0)]),
    ).toEqual({
      ...nothing,
      unmatchedDeposits: [1],
    });
  });
});

// Small worlds, so that collisions (same amounts, same days, shared cards) are frequent.
const worldDeposits = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    shop: fc.constantFrom(milan, rome),
    day: fc.integer({ min: 1, max: 20 }),
    amountCents: fc.constantFrom(10_000, 20_000, 30_000, 50_000, 60_000),
    cardNumber: fc.constantFrom('', anna, marco),
  }),
  { selector: (each) => each.id, maxLength: 25 },
);
const worldCredits = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    day: fc.integer({ min: 1, max: 30 }),
    amountCents: fc.constantFrom(-10_000, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 90_000),
    description: fc.constantFrom(
      '',
      'VERS MI01',
      'rm02',
      `CARTA ${anna}`,
      `CARD ${marco} RM02`,
      'CARTA 11112222333344',
    ),
  }),
  { selector: (each) => each.id, maxLength: 25 },
);
type World = {
  deposits: typeof worldDeposits extends fc.Arbitrary<infer T> ? T : never;
  credits: typeof worldCredits extends fc.Arbitrary<infer T> ? T : never;
  windowDays: number;
};
const date = (day: number) => `2026-03-${String(day).padStart(2, '0')}`;

describe('matchDeposits properties', () => {
  const world = fc.record({
    deposits: worldDeposits,
    credits: worldCredits,
    windowDays: fc.integer({ min: 0, max: 10 }),
  });
  const run = ({ deposits, credits, windowDays }: World) => {
    const depositRows = deposits.map((each) => ({ ...each, ...each.shop, date: date(each.day) }));
    const creditRows = credits.map((each) => ({ ...each, bookingDate: date(each.day) }));
    return {
      depositRows,
      creditRows,
      outcome: matchDeposits({ deposits: depositRows, credits: creditRows, knownCards, windowDays }),
    };
  };

  it('uses no id twice, and accounts for every credit (debits aside) and every deposit', () => {
    fc.assert(
      fc.property(world, (input) => {
        const { depositRows, creditRows, outcome } = run(input);
        const matchedCredits = outcome.matched.flatMap((each) => each.creditIds);
        const matchedDeposits = outcome.matched.flatMap((each) => each.depositIds);
        const creditIds = [
          ...matchedCredits,
          ...outcome.ambiguous.map((each) => each.creditId),
          ...outcome.unknownCards.map((each) => each.creditId),
          ...outcome.unmatchedCredits,
        ];
        expect(new Set(creditIds).size).toBe(creditIds.length);
        expect(new Set(creditIds)).toEqual(
          new Set(creditRows.filter((each) => each.amountCents > 0).map((each) => each.id)),
        );
        const heldDeposits = new Set(outcome.ambiguous.flatMap((each) => each.candidates.flat()));
        expect(new Set(matchedDeposits).size).toBe(matchedDeposits.length);
        for (const id of matchedDeposits)
          expect(heldDeposits.has(id) || outcome.unmatchedDeposits.includes(id)).toBe(false);
        for (const id of heldDeposits) expect(outcome.unmatchedDeposits.includes(id)).toBe(false);
        expect(new Set([...matchedDeposits, ...heldDeposits, ...outcome.unmatchedDeposits])).toEqual(
          new Set(depositRows.map((each) => each.id)),
        );
      }),
    );
  });

  it('matches only sets of equal sums, one side single, every pair of credit and deposit within the window', () => {
    fc.assert(
      fc.property(world, (input) => {
        const { depositRows, creditRows, outcome } = run(input);
        const windowDays = input.windowDays;
        for (const { creditIds, depositIds } of outcome.matched) {
          const matchedCredits = creditRows.filter((each) => creditIds.includes(each.id));
          const matchedDeposits = depositRows.filter((each) => depositIds.includes(each.id));
          expect(Math.min(matchedCredits.length, matchedDeposits.length)).toBe(1);
          const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
          expect(sum(matchedCredits.map((each) => each.amountCents))).toBe(
            sum(matchedDeposits.map((each) => each.amountCents)),
          );
          for (const matchedCredit of matchedCredits) {
            for (const matchedDeposit of matchedDeposits) {
              expect(matchedCredit.day - matchedDeposit.day).toBeGreaterThanOrEqual(0);
              expect(matchedCredit.day - matchedDeposit.day).toBeLessThanOrEqual(windowDays);
            }
          }
        }
        for (const { creditId, candidates } of outcome.ambiguous) {
          const ambiguousCredit = creditRows.find((each) => each.id === creditId);
          expect(ambiguousCredit).toBeDefined();
          expect(candidates.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('does not depend on the order of its input', () => {
    fc.assert(
      fc.property(world, (input) => {
        const reversed = { ...input, deposits: [...input.deposits].reverse(), credits: [...input.credits].reverse() };
        expect(run(reversed).outcome).toEqual(run(input).outcome);
      }),
    );
  });
});
