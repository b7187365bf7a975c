// The catalogue as the file editor searches it: the products the sales feed keeps, by code or description.
import { type LogisticsProduct, logisticsProductsMax } from '@bottega/contracts/logistics';
import { asc, ilike, or, sql } from 'drizzle-orm';
import { containsPattern, type Executor } from '../../platform/db';
import { products } from '../sales/sales.schema';

/** Codes starting with the search first, then other matches, by code. */
export async function listLogisticsProducts(options: { db: Executor; search: string }): Promise<LogisticsProduct[]> {
  const search = options.search.trim();
  const pattern = containsPattern(search);
  const prefix = `${search.replace(/[%_\\]/g, '\\$&')}%`;
  return options.db
    .select({ id: products.id, code: products.code, description: products.description })
    .from(products)
    .where(search === '' ? undefined : or(ilike(products.code, pattern), ilike(products.description, pattern)))
    .orderBy(sql`(${products.code} ILIKE ${prefix}) DESC`, asc(products.code))
    .limit(logisticsProductsMax);
}
