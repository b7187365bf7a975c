import { z } from 'zod';
import { dataOf, pageOf, paginationQuerySchema, requiredText, text } from './common';
import { isoMonthSchema } from './dates';

// Rankings against competitors (issue 23, spec §2 Ranks, §3 Competitor, §6 Shops › ranking): a ranked shop's rivals,
// with a priority (1 = the main rival), and the position the shop and each rival hold in the retail ranking of a
// month. Positions are monthly because the ranking portals publish once a month; a week would leave three empty
// periods out of four. Ties exist in real rankings (two shops sharing the 3rd place), so equal positions in one month
// are accepted; a position is a whole number from 1 to 999.

export const rankPositionMin = 1;
export const rankPositionMax = 999;
export const competitorPriorityMax = 99;
/** The ranking portal's file: a few hundred lines a year at most, so 2 MiB leaves room and is read in the request. */
export const rankingFileMaxBytes = 2 * 1024 * 1024;
export const rankPositionSources = ['manual', 'file'] as const;
export type RankPositionSource = (typeof rankPositionSources)[number];

const shopIdSchema = z.number().int().positive();
const positionSchema = z.number().int().min(rankPositionMin).max(rankPositionMax);

// ——— Competitors ———

export const competitorBodySchema = z.object({
  shopId: shopIdSchema,
  name: requiredText(120),
  priority: z.number().int().min(1).max(competitorPriorityMax),
});
export type CompetitorBody = z.input<typeof competitorBodySchema>;
/** A competitor stays with its shop: only its name and priority change. */
export const competitorUpdateBodySchema = competitorBodySchema.omit({ shopId: true });
export type CompetitorUpdateBody = z.input<typeof competitorUpdateBodySchema>;

export const competitorSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  name: z.string(),
  priority: z.number().int(),
  /** Months it has a position in. */
  positions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Competitor = z.infer<typeof competitorSchema>;
export const competitorAnswerSchema = dataOf(competitorSchema);
export const competitorPageSchema = pageOf(competitorSchema);
export type CompetitorPage = z.infer<typeof competitorPageSchema>;
export const competitorListQuerySchema = paginationQuerySchema.extend({
  shopId: z.coerce.number().int().positive().optional(),
  /** Part of the competitor's name. */
  search: text(100).optional(),
});
export type CompetitorListQuery = z.input<typeof competitorListQuerySchema>;

// ——— Ranked shops (the pickers) ———

export const rankedShopSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  hasRankingPortal: z.boolean(),
  rankingPortal: z.string().nullable(),
});
export type RankedShop = z.infer<typeof rankedShopSchema>;
export const rankedShopsAnswerSchema = dataOf(z.array(rankedShopSchema));

// ——— Positions of a month ———

/** Who a position is of: the shop itself (competitorId null) or one of its competitors. */
export const rankSubjectSchema = z.object({
  competitorId: z.number().int().nullable(),
  name: z.string(),
  priority: z.number().int().nullable(),
});
export type RankSubject = z.infer<typeof rankSubjectSchema>;

export const periodPositionSchema = rankSubjectSchema.extend({
  position: z.number().int().nullable(),
  score: z.number().int().nullable(),
  source: z.enum(rankPositionSources).nullable(),
  enteredBy: z.string().nullable(),
  enteredAt: z.string().nullable(),
});
export type PeriodPosition = z.infer<typeof periodPositionSchema>;

export const periodPositionsSchema = z.object({
  shopId: z.number().int(),
  period: isoMonthSchema,
  /** The shop first, then its competitors by priority. */
  rows: z.array(periodPositionSchema),
});
export type PeriodPositions = z.infer<typeof periodPositionsSchema>;
export const periodPositionsAnswerSchema = dataOf(periodPositionsSchema);
export const periodPositionsQuerySchema = z.object({
  shopId: z.coerce.number().int().positive(),
  period: isoMonthSchema,
});
export type PeriodPositionsQuery = z.input<typeof periodPositionsQuerySchema>;

export const positionsBodySchema = z.object({
  shopId: shopIdSchema,
  period: isoMonthSchema,
  /** An empty position (null) removes the one entered before. */
  rows: z
    .array(
      z.object({
        competitorId: z.number().int().positive().nullable(),
        position: positionSchema.nullable(),
        score: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
      }),
    )
    .min(1)
    .max(100),
});
export type PositionsBody = z.input<typeof positionsBodySchema>;

// ——— The ranking portal's file ———

/**
 * The columns of the ranking portal's CSV, in this order, with a header line: period (YYYY-MM), name (the shop's name
 * or business id, or a competitor's name), position (1–999), score (optional, a whole number). `;` or `,` separated.
 */
export const rankingFileColumns = ['period', 'name', 'position', 'score'] as const;

export const rankingFileImportSchema = z.object({
  shopId: z.number().int(),
  /** Months the file held. */
  periods: z.array(isoMonthSchema),
  /** Positions written: new or changed. */
  imported: z.number().int(),
  unchanged: z.number().int(),
});
export type RankingFileImport = z.infer<typeof rankingFileImportSchema>;
export const rankingFileImportAnswerSchema = dataOf(rankingFileImportSchema);

// ——— Analytics ———

/** At most five years of months on one chart. */
export const rankAnalyticsMaxMonths = 60;

/** How many months from `from` to `to`, both counted (0 or less when `to` comes first). */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from) + 1;
}

export const rankAnalyticsQuerySchema = z
  .object({
    shopId: z.coerce.number().int().positive(),
    from: isoMonthSchema,
    to: isoMonthSchema,
  })
  .superRefine((query, context) => {
    const months = monthsBetween(query.from, query.to);
    if (months >= 1 && months <= rankAnalyticsMaxMonths) return;
    const params = months < 1 ? { rule: 'dateRange' } : { rule: 'monthRangeTooLong', max: rankAnalyticsMaxMonths };
    context.addIssue({ code: 'custom', message: params.rule, params, path: ['to'], input: query.to });
  });
export type RankAnalyticsQuery = z.input<typeof rankAnalyticsQuerySchema>;

export const rankSeriesSchema = rankSubjectSchema.extend({
  /** The positions of the months of `periods`, null where none was entered. */
  positions: z.array(z.number().int().nullable()),
});
export type RankSeries = z.infer<typeof rankSeriesSchema>;

export const rankAnalyticsSchema = z.object({
  shopId: z.number().int(),
  periods: z.array(isoMonthSchema),
  /** The shop first, then its competitors by priority (deleted ones too when they had a position in the range). */
  series: z.array(rankSeriesSchema),
});
export type RankAnalytics = z.infer<typeof rankAnalyticsSchema>;
export const rankAnalyticsAnswerSchema = dataOf(rankAnalyticsSchema);
