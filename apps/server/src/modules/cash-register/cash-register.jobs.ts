// The cash register's scheduled announcements (issue 18, platform/jobs.ts + platform/notify.ts): on Sunday evening,
// the shops whose week may now be filled; through the evening, the shops whose printer's daily close is still
// missing once the shop has closed. Each shop and day is announced once, whichever server process looks.
import { weeklyCashOpensAtHour } from '@bottega/contracts/cash-register';
import {
  businessDate,
  businessTimeZone,
  formatDate,
  isoWeekDays,
  isoWeekday,
  isoWeekOf,
} from '@bottega/contracts/dates';
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, defineSchedule, enqueueJob } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import { salesDays } from '../sales/sales.schema';
import { withoutFiscalClose } from '../sales/sales.service';
import { shops, shopWorkingHours } from '../shops/shops.schema';
import { weeklyCash } from './cash-register.schema';

/** Open shops (not closed for good by `day`). */
const openOn = (day: string) => or(isNull(shops.closedOn), gte(shops.closedOn, day));

/** HH:MM:SS of an instant on the business clock's wall (Rome). */
function wallTime(instant: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: businessTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(instant);
}

/** Sunday at weeklyCashOpensAtHour: each open shop with sales this week and its weekly cash not filled is told. */
export const weeklyCashDueJob = defineJob({
  kind: 'cashRegister.weeklyCashDue',
  payload: z.object({}),
  run: async ({ db, now, complete }) => {
    const today = businessDate(now());
    const week = isoWeekOf(today);
    const days = isoWeekDays(week);
    const due = await db
      .selectDistinct({ id: shops.id, name: shops.name })
      .from(shops)
      .innerJoin(salesDays, eq(salesDays.shopId, shops.id))
      .where(
        and(
          openOn(today),
          gte(salesDays.businessDate, days[0] as string),
          lte(salesDays.businessDate, days[6] as string),
          sql`${salesDays.receiptsCount} + ${salesDays.returnsCount} + ${salesDays.cancelledCount} > 0`,
          sql`not exists (select 1 from ${weeklyCash} where ${weeklyCash.shopId} = ${shops.id} and ${weeklyCash.week} = ${week})`,
        ),
      );
    await complete(async (tx) => {
      for (const shop of due) {
        await notify(tx, {
          event: 'cashRegister.weeklyCashDue',
          shopId: shop.id,
          params: { shop: shop.name, week },
          link: `/app/shops/weekly-cash/create/${week}`,
        });
      }
      return { shops: due.length };
    });
  },
});
defineSchedule({
  name: 'cashRegister.weeklyCashDue',
  cron: `0 ${weeklyCashOpensAtHour} * * 0`,
  kind: weeklyCashDueJob.kind,
});

/** One shop's missing close of one day, told to its staff: queued once per shop and day (its unique key). */
export const fiscalCloseMissingNoticeJob = defineJob({
  kind: 'cashRegister.fiscalCloseMissingNotice',
  payload: z.object({ shopId: z.number().int(), day: z.iso.date() }),
  run: async ({ db, payload, complete }) => {
    const [stillMissing] = await db
      .select({ name: shops.name })
      .from(salesDays)
      .innerJoin(shops, eq(shops.id, salesDays.shopId))
      .where(and(eq(salesDays.shopId, payload.shopId), eq(salesDays.businessDate, payload.day), withoutFiscalClose));
    // Arrived meanwhile: nothing to say.
    if (!stillMissing) return complete();
    await complete(async (tx) => {
      await notify(tx, {
        event: 'cashRegister.fiscalCloseMissing',
        shopId: payload.shopId,
        params: { shop: stillMissing.name, date: formatDate(payload.day) },
        link: `/app/shop/cashRegister?month=${payload.day.slice(0, 7)}`,
      });
      return undefined;
    });
  },
});

/**
 * Every quarter of an hour: the open shops whose last opening slot of today has ended, that sold today and have no
 * fiscal close of today yet. The printer sends its close when the shop closes; one still missing is worth a word.
 */
export const fiscalClosesCheckJob = defineJob({
  kind: 'cashRegister.fiscalClosesCheck',
  payload: z.object({}),
  run: async ({ db, now, complete }) => {
    const instant = now();
    const today = businessDate(instant);
    const closed = sql`(select max(${shopWorkingHours.closesAt}) from ${shopWorkingHours}
      where ${shopWorkingHours.shopId} = ${shops.id} and ${shopWorkingHours.weekday} = ${isoWeekday(today)})`;
    const missing = await db
      .select({ id: shops.id })
      .from(shops)
      .innerJoin(salesDays, and(eq(salesDays.shopId, shops.id), eq(salesDays.businessDate, today)))
      .where(and(openOn(today), withoutFiscalClose, sql`${closed} <= ${wallTime(instant)}::time`));
    await complete(async (tx) => {
      for (const shop of missing) {
        await enqueueJob(
          tx,
          fiscalCloseMissingNoticeJob,
          { shopId: shop.id, day: today },
          { uniqueKey: `fiscalCloseMissing:${shop.id}:${today}` },
        );
      }
      return { shops: missing.length };
    });
  },
});
defineSchedule({ name: 'cashRegister.fiscalClosesCheck', cron: '*/15 * * * *', kind: fiscalClosesCheckJob.kind });
