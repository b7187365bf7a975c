// The card takings of each shop's day three ways: what the acquirer settled (its file's accepted rows), what the
// shop wrote in its cash report (POS total) and what the sales feed recorded as card payments. Accounting checks
// the days where they disagree before convalidating the month (spec §4: a month is convalidated after the
// total POS check, among others).

export type PosDayComparison = {
  shopId: number;
  date: string;
  /** The acquirer settled nothing that day when no row names it: 0, not unknown. */
  settlementCents: number;
  /** null: no cash report for the day. */
  reportCents: number | null;
  /** null: no sales recorded for the day. */
  salesCents: number | null;
  differs: boolean;
};

type Day = { settlementCents: number; reportCents: number | null; salesCents: number | null };

/**
 * One line per shop and day present on any side, sorted by date then shop. Rows of the same shop and day are summed
 * on every side (the settlement comes row by row or already summed). A day differs when the report or the sales, where
 * present, disagree with the settlement, which is always present (and so when they disagree with each other).
 */
export function comparePosDays(options: {
  settlement: { shopId: number; date: string; amountCents: number }[];
  reports: { shopId: number; date: string; posCents: number }[];
  sales: { shopId: number; date: string; cardCents: number }[];
}): PosDayComparison[] {
  const days = new Map<string, { shopId: number; date: string } & Day>();
  const dayOf = (shopId: number, date: string) => {
    const key = `${date}|${shopId}`;
    let day = days.get(key);
    if (!day) {
      day = { shopId, date, settlementCents: 0, reportCents: null, salesCents: null };
      days.set(key, day);
    }
    return day;
  };
  for (const row of options.settlement) dayOf(row.shopId, row.date).settlementCents += row.amountCents;
  for (const row of options.reports) {
    const day = dayOf(row.shopId, row.date);
    day.reportCents = (day.reportCents ?? 0) + row.posCents;
  }
  for (const row of options.sales) {
    const day = dayOf(row.shopId, row.date);
    day.salesCents = (day.salesCents ?? 0) + row.cardCents;
  }
  return [...days.values()]
    .sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : left.shopId - right.shopId))
    .map((day) => ({
      ...day,
      differs: [day.reportCents, day.salesCents].some((figure) => figure !== null && figure !== day.settlementCents),
    }));
}
