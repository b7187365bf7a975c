import { addDays } from '@bottega/contracts/dates';
import { fiscalCloseRecordSchema, ingestBatchMax, receiptRecordSchema } from '@bottega/contracts/sales';
import { describe, expect, it } from 'vitest';
import {
  benchmarkShopCode,
  benchmarkShopHours,
  type GeneratorContext,
  generateCatalogue,
  generateSalesBatches,
  generateShopDay,
  type SalesShop,
} from './sales.generator';

const catalogue = generateCatalogue({ seed: 1 });
/** Monday 2026-11-23, 15:40 in Rome. */
const now = new Date('2026-11-23T14:40:00Z');
const context: GeneratorContext = { seed: 7, catalogue, receiptsPerDay: 60, now };

const shop: SalesShop = {
  code: 'MI01',
  hours: [1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, opensAt: '10:00', closesAt: '13:30' },
    { weekday, opensAt: '14:30', closesAt: weekday === 6 ? '20:00' : '19:30' },
  ]),
  closedDays: ['2026-06-02'],
  employees: ['dipendente', 'areacontrollo'],
};

function days(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

function averageReceipts(dates: string[], weekday?: number): number {
  const chosen = dates.filter((date) => weekday === undefined || (new Date(date).getUTCDay() || 7) === weekday);
  const total = chosen.reduce(
    (sum, date) => sum + generateShopDay({ ...context, shop, businessDate: date }).receipts.length,
    0,
  );
  return total / chosen.length;
}

describe('sales generator', () => {
  it('makes the same data from the same seed, and other data from another', () => {
    const first = generateShopDay({ ...context, shop, businessDate: '2026-10-17' });
    const again = generateShopDay({ ...context, shop, businessDate: '2026-10-17' });
    const other = generateShopDay({ ...context, seed: 8, shop, businessDate: '2026-10-17' });
    expect(again).toEqual(first);
    expect(other.receipts).not.toEqual(first.receipts);
    expect(generateCatalogue({ seed: 1 })).toEqual(catalogue);
  });

  it('makes a day the same whatever range it is generated in (a rerun is only duplicates)', () => {
    const alone = generateShopDay({ ...context, shop, businessDate: '2026-10-17' });
    const inStream = [...generateSalesBatches({ ...context, shops: [shop], from: '2026-09-01', to: '2026-10-20' })]
      .flatMap((batch) => (batch.kind === 'receipts' ? batch.records : []))
      .filter((receipt) => receipt.businessDate === '2026-10-17');
    expect(inStream).toEqual(alone.receipts);
  });

  it('makes receipts the ingestion accepts: schema, totals, pieces, payments, signs and business day', () => {
    for (const date of days('2026-08-20', 60)) {
      const day = generateShopDay({ ...context, shop, businessDate: date });
      for (const receipt of day.receipts) {
        expect(receiptRecordSchema.parse(receipt)).toEqual(receipt);
        const subtotals = receipt.lines.reduce((sum, line) => sum + line.subtotalCents, 0);
        expect(subtotals - receipt.discountCents).toBe(receipt.totalCents);
        expect(receipt.lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(receipt.pieces);
        const paid = receipt.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
        expect(paid).toBe(receipt.type === 'cancelled' ? 0 : receipt.totalCents);
        if (receipt.type === 'sale') expect(receipt.totalCents).toBeGreaterThan(0);
        if (receipt.type === 'return') expect(receipt.totalCents).toBeLessThan(0);
        expect(receipt.issuedAt.slice(0, 10)).toBe(date);
        expect(receipt.issuedAt.slice(11, 16) >= '10:00' && receipt.issuedAt.slice(11, 16) < '20:00').toBe(true);
        expect([null, ...shop.employees]).toContain(receipt.employee);
      }
      if (day.fiscalClose) expect(fiscalCloseRecordSchema.parse(day.fiscalClose)).toEqual(day.fiscalClose);
    }
  });

  it('mixes payment types, returns, cancellations and recurring loyalty customers', () => {
    const receipts = days('2026-09-01', 30).flatMap(
      (date) => generateShopDay({ ...context, shop, businessDate: date }).receipts,
    );
    const methods = new Set(receipts.flatMap((receipt) => receipt.payments.map((payment) => payment.method)));
    expect([...methods].sort()).toEqual(['bancomat', 'cash', 'creditCard', 'voucher']);
    const share = (type: string) => receipts.filter((receipt) => receipt.type === type).length / receipts.length;
    expect(share('return')).toBeGreaterThan(0.01);
    expect(share('return')).toBeLessThan(0.08);
    expect(share('cancelled')).toBeGreaterThan(0.002);
    expect(share('cancelled')).toBeLessThan(0.03);
    const cards = receipts.flatMap((receipt) => (receipt.loyaltyCard ? [receipt.loyaltyCard] : []));
    expect(cards.length / receipts.length).toBeGreaterThan(0.15);
    // Recurring: far fewer distinct cards than card receipts.
    expect(new Set(cards).size).toBeLessThan(cards.length * 0.8);
  });

  it('numbers receipts from 1 each day per register, with sequence numbers going on across days', () => {
    const first = generateShopDay({ ...context, shop, businessDate: '2026-10-16' }).receipts;
    const second = generateShopDay({ ...context, shop, businessDate: '2026-10-17' }).receipts;
    for (const register of new Set(first.map((receipt) => receipt.registerCode))) {
      const ofRegister = (receipts: typeof first) => receipts.filter((receipt) => receipt.registerCode === register);
      const numbers = ofRegister(second).map((receipt) => receipt.receiptNumber);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      const lastOfFirstDay = Math.max(...ofRegister(first).map((receipt) => receipt.sequenceNumber));
      expect(ofRegister(second)[0]?.sequenceNumber).toBe(lastOfFirstDay + 1);
    }
  });

  it('makes Saturday busier than Tuesday, December busier than August, and closes on Sundays and closure days', () => {
    const year = days('2025-11-24', 364);
    expect(averageReceipts(year, 6)).toBeGreaterThan(averageReceipts(year, 2) * 1.3);
    expect(averageReceipts(days('2025-12-01', 31))).toBeGreaterThan(averageReceipts(days('2026-08-01', 31)) * 1.5);
    expect(averageReceipts(year, 7)).toBe(0);
    for (const closed of ['2026-06-02', '2025-12-25', '2026-01-01']) {
      expect(generateShopDay({ ...context, shop, businessDate: closed }).receipts).toEqual([]);
    }
  });

  it('closes each past day on the fiscal printer in agreement with the receipts, except a few days a little apart', () => {
    const closes = days('2026-02-23', 270)
      .map((date) => generateShopDay({ ...context, shop, businessDate: date }))
      .filter((day) => day.fiscalClose);
    for (const day of closes) {
      const close = day.fiscalClose as NonNullable<typeof day.fiscalClose>;
      const takings = day.receipts
        .filter((receipt) => receipt.type !== 'cancelled')
        .reduce((sum, receipt) => sum + receipt.totalCents, 0);
      expect(close.totalCents - takings).toBe(day.fiscalDifferenceCents);
      expect(close.documentsCount).toBe(day.receipts.length);
      const breakdown = close.vatBreakdown.reduce((sum, row) => sum + row.taxableCents + row.taxCents, 0);
      expect(breakdown).toBe(close.totalCents);
      for (const row of close.vatBreakdown) {
        expect(Math.abs(row.taxCents - Math.round((row.taxableCents * row.vatRate) / 10_000))).toBeLessThanOrEqual(1);
      }
    }
    const disagreeing = closes.filter((day) => day.fiscalDifferenceCents !== 0);
    expect(disagreeing.length).toBeGreaterThanOrEqual(3);
    expect(disagreeing.length).toBeLessThan(closes.length * 0.06);
    for (const day of disagreeing) expect(Math.abs(day.fiscalDifferenceCents)).toBeLessThanOrEqual(2500);
    expect(new Set(closes.map((day) => day.fiscalClose?.closeNumber)).size).toBe(closes.length);
  });

  it("stops today's receipts at the start of the current hour, with no fiscal close yet", () => {
    const today = generateShopDay({ ...context, shop, businessDate: '2026-11-23' });
    expect(today.receipts.length).toBeGreaterThan(0);
    expect(today.receipts.every((receipt) => receipt.issuedAt < '2026-11-23T15:00:00+01:00')).toBe(true);
    expect(today.fiscalClose).toBeNull();
    // The same receipts begin the whole day, as generated once it is over.
    const tomorrowMorning = generateShopDay({
      ...context,
      now: new Date('2026-11-24T08:00:00Z'),
      shop,
      businessDate: '2026-11-23',
    });
    expect(tomorrowMorning.receipts.slice(0, today.receipts.length)).toEqual(today.receipts);
    expect(tomorrowMorning.fiscalClose).not.toBeNull();
    expect(generateShopDay({ ...context, shop, businessDate: '2026-11-24' }).receipts).toEqual([]);
  });

  it("closes today on the printer a few minutes after the shop's last closing time, not before", () => {
    const at = (instant: string) =>
      generateShopDay({ ...context, now: new Date(instant), shop, businessDate: '2026-11-23' });
    // The shop closes at 19:30; the Z report is made at 19:42 (Rome, UTC+1 in November).
    expect(at('2026-11-23T18:41:00Z').fiscalClose).toBeNull();
    const closed = at('2026-11-23T18:42:00Z');
    expect(closed.fiscalClose?.closedAt).toBe('2026-11-23T19:42:00+01:00');
    expect(closed).toEqual(at('2026-11-24T08:00:00Z'));
  });

  it("leaves one open day a month whose close the printer's agent does not send, though the printer has it", () => {
    const dates = days('2026-01-01', 300);
    const generated = dates.map((date) => generateShopDay({ ...context, shop, businessDate: date }));
    const unsent = generated.filter((day) => day.fiscalClose && !day.closeSent);
    expect(new Set(unsent.map((day) => day.businessDate.slice(0, 7))).size).toBe(unsent.length);
    expect(unsent.length).toBe(10);
    const sent = [...generateSalesBatches({ ...context, shops: [shop], from: '2026-01-01', to: '2026-10-27' })]
      .flatMap((batch) => (batch.kind === 'fiscalCloses' ? batch.records : []))
      .map((close) => close.businessDate);
    expect(sent).toHaveLength(generated.filter((day) => day.fiscalClose).length - unsent.length);
    for (const day of unsent) expect(sent).not.toContain(day.businessDate);
  });

  it('streams batches of at most the ingestion limit, every receipt once, closes at the ends of months', () => {
    const shops: SalesShop[] = [1, 2].map((index) => ({
      code: benchmarkShopCode(index),
      hours: benchmarkShopHours(index),
      closedDays: [],
      employees: [],
    }));
    const batches = [
      ...generateSalesBatches({
        ...context,
        receiptsPerDay: 400,
        shops,
        from: '2026-09-25',
        to: now.toISOString().slice(0, 10),
      }),
    ];
    const receipts = batches.flatMap((batch) =>
      batch.kind === 'receipts' ? batch.records.map((receipt) => ({ ...receipt, shop: batch.shopCode })) : [],
    );
    expect(batches.every((batch) => batch.records.length > 0 && batch.records.length <= ingestBatchMax)).toBe(true);
    const identities = new Set(
      receipts.map(
        (receipt) => `${receipt.shop}/${receipt.registerCode}/${receipt.businessDate}/${receipt.receiptNumber}`,
      ),
    );
    expect(identities.size).toBe(receipts.length);
    const closes = batches.flatMap((batch) => (batch.kind === 'fiscalCloses' ? batch.records : []));
    expect(closes.every((close) => close.businessDate < '2026-11-23')).toBe(true);
    expect(new Set(closes.map((close) => close.deviceSerial)).size).toBe(2);
  });

  it('prices the catalogue on three lists at VAT 22, 10 and 4 %', () => {
    expect(new Set(catalogue.map((product) => product.vatRate))).toEqual(new Set([2200, 1000, 400]));
    expect(new Set(catalogue.map((product) => product.code)).size).toBe(catalogue.length);
    for (const product of catalogue) {
      expect(product.prices.SALDI).toBeLessThan(product.prices.BASE);
      expect(product.prices.CLUB).toBeLessThanOrEqual(product.prices.BASE);
    }
  });
});
