// The demo's rankings: the two ranked demo shops (Milano Duomo, which has the ranking portal, and Milano Navigli) with
// three competitors each and their positions in the last twelve published months — the month before the current one
// and the eleven before it — drifting a little month to month, with a tie now and then, so the chart has a story.
import { businessDate, shiftMonth } from '@bottega/contracts/dates';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { shops } from '../shops/shops.schema';
import { competitors, rankPositions } from './rankings.schema';

/** Each ranked demo shop's competitors by priority, and where everyone stood a year ago. */
const demoRankings = {
  MI01: {
    start: 6,
    rivals: [
      ['Città Moda', 2],
      ['Stile Urbano', 5],
      ['Boutique Brera', 9],
    ],
  },
  MI02: {
    start: 12,
    rivals: [
      ['Navigli Fashion', 8],
      ['Darsena Store', 11],
      ['Moda Ticinese', 15],
    ],
  },
} as const;

/** A small deterministic drift (−2…+2) for subject `subject` in month `month`. */
function drift(subject: number, month: number): number {
  return ((subject * 7 + month * 5 + subject * month) % 5) - 2;
}

export async function seedDemoRankings(db: Database, options: { now: Date }): Promise<void> {
  const lastPublished = shiftMonth(businessDate(options.now).slice(0, 7), -1);
  const periods = Array.from({ length: 12 }, (_, index) => shiftMonth(lastPublished, index - 11));
  const rows = await db
    .select({ id: shops.id, code: shops.code })
    .from(shops)
    .where(inArray(shops.code, Object.keys(demoRankings)));
  await db.transaction(async (tx) => {
    for (const shop of rows) {
      const demo = demoRankings[shop.code as keyof typeof demoRankings];
      const created = await tx
        .insert(competitors)
        .values(demo.rivals.map(([name], index) => ({ shopId: shop.id, name, priority: index + 1 })))
        .returning({ id: competitors.id });
      const subjects = [
        { competitorId: null, subjectId: 0, start: demo.start as number },
        ...created.map((row, index) => ({
          competitorId: row.id,
          subjectId: row.id,
          start: demo.rivals[index]?.[1] as number,
        })),
      ];
      // The shop climbs over the year (one place every three months); its rivals wander around where they were.
      await tx.insert(rankPositions).values(
        periods.flatMap((period, month) =>
          subjects.map((subject, index) => ({
            shopId: shop.id,
            period,
            competitorId: subject.competitorId,
            subjectId: subject.subjectId,
            position: Math.max(1, subject.start + drift(index, month) - (index === 0 ? Math.floor(month / 3) : 0)),
            score: null,
            source: shop.code === 'MI01' ? ('file' as const) : ('manual' as const),
          })),
        ),
      );
    }
  });
}
