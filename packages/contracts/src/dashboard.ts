import { z } from 'zod';
import { shopSummarySchema } from './auth';
import { dataOf } from './common';

export const dashboardSchema = dataOf(
  z.object({
    /** Today in the business time zone (Europe/Rome), YYYY-MM-DD. */
    today: z.iso.date(),
    shop: shopSummarySchema,
    /** People who belong to the chosen shop. */
    colleagues: z.number().int(),
    unreadNotifications: z.number().int(),
  }),
);
export type Dashboard = z.infer<typeof dashboardSchema>['data'];
