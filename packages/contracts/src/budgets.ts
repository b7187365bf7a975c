// Budgets (issue 23, spec §3 Budget, §5 budget rounding): the rules a month's budget is made with, shared by the
// server (which stores what they give) and the screen (which shows them while the area manager types). Money is
// integer cents.
import { isoWeekday } from './dates';

/**
 * How each weekday sells, Monday first: last year's takings of the same month summed per ISO weekday and divided by
 * how many of that weekday had takings. A weekday that sold nothing weighs 0; with no history at all every weekday
 * weighs the same.
 */
export function weekdayShape(lastYear: readonly { date: string; cents: number }[]): number[] {
  const sums = Array.from({ length: 7 }, () => 0);
  const counts = Array.from({ length: 7 }, () => 0);
  for (const day of lastYear) {
    if (day.cents <= 0) continue;
    const index = isoWeekday(day.date) - 1;
    sums[index] = (sums[index] ?? 0) + day.cents;
    counts[index] = (counts[index] ?? 0) + 1;
  }
  const shape = sums.map((sum, index) => ((counts[index] ?? 0) > 0 ? sum / (counts[index] as number) : 0));
  return shape.some((weight) => weight > 0) ? shape : Array.from({ length: 7 }, () => 1);
}

/**
 * The month's budget spread over its open days by the weekday shape, to the cent: each open day gets its weekday's
 * share, rounded down, and the cents left go one by one to the days whose share lost most in the rounding (the
 * earliest first on a tie), so the days always add up to the month. Closed days get nothing; when the shape gives
 * every open day 0, they share it equally.
 */
export function spreadBudget(options: {
  totalCents: number;
  days: readonly { date: string; open: boolean }[];
  shape: readonly number[];
}): { date: string; cents: number }[] {
  const open = options.days.filter((day) => day.open);
  const weights = open.map((day) => options.shape[isoWeekday(day.date) - 1] ?? 0);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const shares =
    weightSum > 0
      ? weights.map((weight) => (options.totalCents * weight) / weightSum)
      : open.map(() => options.totalCents / Math.max(open.length, 1));
  const cents = shares.map((share) => Math.floor(share));
  let left = options.totalCents - cents.reduce((sum, value) => sum + value, 0);
  const byLoss = shares
    .map((share, index) => ({ index, loss: share - Math.floor(share) }))
    .sort((left, right) => right.loss - left.loss || left.index - right.index);
  for (const { index } of byLoss) {
    if (left <= 0) break;
    cents[index] = (cents[index] ?? 0) + 1;
    left -= 1;
  }
  const byDate = new Map(open.map((day, index) => [day.date, cents[index] ?? 0]));
  return options.days.map((day) => ({ date: day.date, cents: byDate.get(day.date) ?? 0 }));
}

/**
 * Spec §5: the rounding prompt offers a budget as a whole amount — to the euro, to ten and to a hundred euro (the
 * nearest of each) — leaving out what equals the amount typed or an option already offered.
 */
export function roundingOptions(cents: number): number[] {
  const options = [100, 1_000, 10_000].map((step) => Math.round(cents / step) * step);
  return [...new Set(options)].filter((option) => option !== cents && option > 0);
}

/** Last year's figure raised (or lowered) by a percentage, to the cent: "copy from last year +5 %". */
export function fromLastYear(lastYearCents: number, percent: number): number {
  return Math.round((lastYearCents * (100 + percent)) / 100);
}
