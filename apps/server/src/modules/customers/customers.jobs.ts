// The birthday gift (§9: 40 points once a year): each morning every confirmed member whose birthday it is gets it,
// as a gift dated on the birthday. A member born on 29 February celebrates on the 28th in the other years. The job
// looks back a week, so a server that was down on someone's birthday still gives it when it is back, and the unique
// (customer, year) index makes running it twice give nothing twice.
import { birthdayGiftPoints, birthdayIn } from '@bottega/contracts/customers';
import { addDays, businessDate } from '@bottega/contracts/dates';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, defineSchedule } from '../../platform/jobs';
import { rowsOf } from './loyalty';

/** Days the job looks back for birthdays it missed. */
const catchUpDays = 7;

/** The month × 100 + day values whose birthdays fall on `day`: 28 February also holds 29 February outside leap years. */
export function birthdayKeysOn(day: string): number[] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const keys = [month * 100 + date];
  if (month === 2 && date === 28 && birthdayIn('2000-02-29', year) === day) keys.push(229);
  return keys;
}

export const birthdayGiftJob = defineJob({
  kind: 'customers.birthdayGifts',
  payload: z.object({}),
  run: async ({ now, complete }) => {
    const today = businessDate(now());
    await complete(async (tx) => {
      let given = 0;
      for (let back = catchUpDays - 1; back >= 0; back -= 1) {
        const day = addDays(today, -back);
        const year = Number(day.slice(0, 4));
        const keys = birthdayKeysOn(day);
        const inserted = rowsOf<{ customer_id: number }>(
          await tx.execute(sql`
            INSERT INTO customer_point_awards (customer_id, kind, points, awarded_on, year)
            SELECT c.id, 'birthday', ${birthdayGiftPoints}, ${day}, ${year}
            FROM customers c
            WHERE c.birthday_month_day IN (${sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            )})
              AND c.subscribed_at IS NOT NULL AND c.erased_at IS NULL
              AND c.email_confirmed_at IS NOT NULL AND c.phone_confirmed_at IS NOT NULL
              AND c.subscribed_at < (${day}::date + 1)
            ON CONFLICT DO NOTHING
            RETURNING customer_id`),
        );
        if (inserted.length > 0) {
          await tx.execute(sql`
            INSERT INTO audit_log (actor_id, action, entity, entity_id, data)
            SELECT NULL, 'customer.birthdayGift', 'customer', id::text, ${JSON.stringify({ points: birthdayGiftPoints, on: day })}::jsonb
            FROM unnest(${`{${inserted.map((row) => row.customer_id).join(',')}}`}::int[]) AS id`);
        }
        given += inserted.length;
      }
      return { given };
    });
  },
});

defineSchedule({ name: 'customers.birthdayGifts', cron: '0 7 * * *', kind: birthdayGiftJob.kind });
