import { z } from 'zod';
import { dataOf } from './common';

export const dashboardSchema = dataOf(
  z.object({
    /** Today in the business time zone (Europe/Rome), YYYY-MM-DD. */
    today: z.iso.date(),
    shop: z.object({
      id: z.number().int(),
      name: z.string(),
      code: z.string(),
      city: z.string(),
      companyName: z.string(),
    }),
    /** People who belong to the chosen shop. */
    colleagues: z.number().int(),
    unreadNotifications: z.number().int(),
  }),
);
export type Dashboard = z.infer<typeof dashboardSchema>['data'];
