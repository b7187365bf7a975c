import { settledCents } from '@bottega/contracts/pos';
import { describe, expect, it } from 'vitest';
import type { PosSettlementRow } from '../../integrations/pos/pos-settlement';
import { assignToShops, dateRange, fingerprintRows } from './pos.import';

const row = (overrides: Partial<PosSettlementRow> = {}): PosSettlementRow => ({
  line: 2,
  date: '2026-03-02',
  merchantCode: '4570011021',
  terminal: 'MI01-01',
  cardType: 'VISA',
  amountCents: 12_550,
  state: 'accepted',
  authorisationCode: '123456',
  ...overrides,
});

describe('fingerprintRows', () => {
  it('gives identical rows of one file their repeat number, so both are kept', () => {
    const [first, second, other] = fingerprintRows([row({ line: 2 }), row({ line: 3 }), row({ amountCents: 1 })]);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(new Set([first, second, other]).size).toBe(3);
  });

  it('gives the same rows the same fingerprints whatever their line or card type, file after file', () => {
    const once = fingerprintRows([row(), row(), row({ state: 'refused', authorisationCode: '' })]);
    const again = fingerprintRows([
      row({ line: 10, cardType: 'visa' }),
      row({ line: 11 }),
      row({ line: 12, state: 'refused', authorisationCode: '' }),
    ]);
    expect(again).toEqual(once);
  });

  it('tells apart rows that differ in any identifying field', () => {
    const base = fingerprintRows([row()])[0];
    for (const change of [
      { merchantCode: '4570011022' },
      { terminal: 'MI01-02' },
      { date: '2026-03-03' },
      { amountCents: 12_551 },
      { state: 'reversed' as const },
      { authorisationCode: '654321' },
    ]) {
      expect(fingerprintRows([row(change)])[0]).not.toBe(base);
    }
  });
});

describe('assignToShops', () => {
  it('gives each row the shop of its merchant code and counts the rows of unknown codes per code', () => {
    const shops = new Map([['4570011021', 7]]);
    const { entries, unknownMerchants } = assignToShops(
      [row(), row({ merchantCode: '999' }), row({ merchantCode: '888' }), row({ merchantCode: '999', amountCents: 5 })],
      shops,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ shopId: 7, merchantCode: '4570011021', amountCents: 12_550 });
    expect(entries[0]).not.toHaveProperty('line');
    expect(unknownMerchants).toEqual([
      { merchantCode: '999', rows: 2 },
      { merchantCode: '888', rows: 1 },
    ]);
  });

  it('keeps the fingerprint a row has in its whole file, known code or not', () => {
    const rows = [row({ merchantCode: '999' }), row(), row()];
    const { entries } = assignToShops(rows, new Map([['4570011021', 7]]));
    expect(entries.map((entry) => entry.fingerprint)).toEqual(fingerprintRows(rows).slice(1));
  });
});

describe('dateRange', () => {
  it('names the first and last day, or nothing for no rows', () => {
    expect(dateRange([{ date: '2026-03-05' }, { date: '2026-02-27' }, { date: '2026-03-01' }])).toEqual({
      firstDate: '2026-02-27',
      lastDate: '2026-03-05',
    });
    expect(dateRange([])).toEqual({ firstDate: null, lastDate: null });
  });
});

describe('settledCents', () => {
  it('counts accepted amounts, takes reversals back whatever their sign, and refused ones move nothing', () => {
    expect(settledCents({ state: 'accepted', amountCents: 1_000 })).toBe(1_000);
    expect(settledCents({ state: 'reversed', amountCents: -400 })).toBe(-400);
    expect(settledCents({ state: 'reversed', amountCents: 400 })).toBe(-400);
    expect(settledCents({ state: 'refused', amountCents: 900 })).toBe(0);
  });
});
