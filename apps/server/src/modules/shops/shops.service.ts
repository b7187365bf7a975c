// Shops as the rest of the app sees them: the short summary shown in pickers, badges and headers.
import { type ShopSummary, shopSummarySchema } from '@bottega/contracts/auth';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { companies } from '../companies/companies.schema';
import { shops, userShops } from './shops.schema';

const shopSummaryColumns = {
  id: shops.id,
  name: shops.name,
  code: shops.code,
  city: shops.city,
  companyName: companies.name,
};

export async function findShopSummary(options: { db: Executor; shopId: number }): Promise<ShopSummary | null> {
  const [row] = await options.db
    .select(shopSummaryColumns)
    .from(shops)
    .innerJoin(companies, eq(companies.id, shops.companyId))
    .where(eq(shops.id, options.shopId))
    .limit(1);
  return row ? shopSummarySchema.parse(row) : null;
}

/** Open shops by name: every one, or only those `memberId` belongs to. */
export async function listOpenShopSummaries(options: { db: Executor; memberId?: number }): Promise<ShopSummary[]> {
  const base = options.db
    .select(shopSummaryColumns)
    .from(shops)
    .innerJoin(companies, eq(companies.id, shops.companyId));
  const rows =
    options.memberId === undefined
      ? await base.where(eq(shops.closed, false)).orderBy(asc(shops.name))
      : await base
          .innerJoin(userShops, and(eq(userShops.shopId, shops.id), eq(userShops.userId, options.memberId)))
          .where(eq(shops.closed, false))
          .orderBy(asc(shops.name));
  return rows.map((row) => shopSummarySchema.parse(row));
}
