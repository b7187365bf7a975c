// Marketing's customers (issue 27): every loyalty card the registers scanned, registered in the club or not, with its
// points, level, sales and points history; the members' records marketing may edit; the club's settings. Scoped like
// every shop record: without customers.allShops a person reaches the customers of their own shops (a customer's shop
// is the one they chose in the club, or the first that scanned the card) and another shop's answers 404.
import {
  type ClubSettings,
  type Customer,
  type CustomerEdit,
  type CustomerRow,
  type CustomerSale,
  type customerListQuerySchema,
  discountedSalesMaxDays,
  type discountedSalesQuerySchema,
  pointsWindowStart,
} from '@bottega/contracts/customers';
import { addDays, businessDate } from '@bottega/contracts/dates';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { companies } from '../companies/companies.schema';
import { shops } from '../shops/shops.schema';
import { clubSettings, customers } from './customers.schema';
import { loyaltySummary, pointsOf, readClubSettings, rowsOf } from './loyalty';

type Call = { db: Database; viewer: SessionContext; now: Date };
type ListQuery = z.output<typeof customerListQuerySchema>;
type DiscountedQuery = z.output<typeof discountedSalesQuerySchema>;

const auditEntity = 'customer';

/** The fields of a person that both marketing and the customer change (never the email, phone or password). */
export function personFields(
  body: Pick<
    CustomerEdit,
    'firstName' | 'lastName' | 'gender' | 'birthday' | 'address' | 'city' | 'state' | 'zip' | 'shopId'
  >,
) {
  const { firstName, lastName, gender, birthday, address, city, state, zip, shopId } = body;
  return { firstName, lastName, gender, birthday, address, city, state, zip, shopId };
}

/** The customers' shops the viewer reaches: all, or theirs. */
function shopScope(viewer: SessionContext): SQL | undefined {
  const scope = shopsInScope(viewer, 'customers');
  if (scope === 'all') return undefined;
  return scope.length === 0 ? sql`false` : inArray(customers.shopId, scope);
}

const rowColumns = {
  id: customers.id,
  cardNumber: customers.cardNumber,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  countryCode: customers.countryCode,
  city: customers.city,
  shopId: shops.id,
  shopCode: shops.code,
  shopName: shops.name,
  firstSeenOn: customers.firstSeenOn,
  lastPurchaseOn: customers.lastPurchaseOn,
  subscribedAt: customers.subscribedAt,
  marketingConsentAt: customers.marketingConsentAt,
  erasedAt: customers.erasedAt,
};
type SelectedRow = {
  id: number;
  cardNumber: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  countryCode: string | null;
  city: string | null;
  shopId: number | null;
  shopCode: string | null;
  shopName: string | null;
  firstSeenOn: string | null;
  lastPurchaseOn: string | null;
  subscribedAt: Date | null;
  marketingConsentAt: Date | null;
  erasedAt: Date | null;
};

function toRow(row: SelectedRow, points: number, levelName: string | null): CustomerRow {
  return {
    id: row.id,
    cardNumber: row.cardNumber,
    registered: row.subscribedAt !== null,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone === null ? null : `${row.countryCode ?? ''} ${row.phone}`.trim(),
    city: row.city,
    shop: row.shopId === null ? null : { id: row.shopId, code: row.shopCode ?? '', name: row.shopName ?? '' },
    firstSeenOn: row.firstSeenOn,
    lastPurchaseOn: row.lastPurchaseOn,
    subscribedAt: row.subscribedAt?.toISOString() ?? null,
    points,
    levelName,
    marketingConsent: row.marketingConsentAt !== null,
    erased: row.erasedAt !== null,
  };
}

/** The list's conditions: scope, registration (non-registered only for customers.nonRegistered) and the search fields. */
function listFilter(viewer: SessionContext, query: ListQuery): SQL | undefined {
  const seesNonRegistered = viewer.isAdmin || viewer.abilities.has('customers.nonRegistered');
  const registered = seesNonRegistered ? query.registered : 'registered';
  const conditions: (SQL | undefined)[] = [shopScope(viewer)];
  if (registered === 'registered') conditions.push(isNotNull(customers.subscribedAt));
  if (registered === 'nonRegistered') conditions.push(isNull(customers.subscribedAt));
  if (query.shopId) conditions.push(eq(customers.shopId, query.shopId));
  // Every word must match somewhere (card, names, email, phone): a trigram index answers each.
  for (const word of (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    conditions.push(ilike(customers.searchText, containsPattern(word)));
  }
  if (query.card) conditions.push(ilike(customers.cardNumber, containsPattern(query.card)));
  if (query.name) {
    const pattern = containsPattern(query.name);
    conditions.push(
      or(
        ilike(customers.firstName, pattern),
        ilike(customers.lastName, pattern),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
        ilike(sql`${customers.lastName} || ' ' || ${customers.firstName}`, pattern),
      ),
    );
  }
  if (query.email) conditions.push(ilike(customers.email, containsPattern(query.email.toLowerCase())));
  // The phone's digits however they were typed (+39 347-…): the search text holds them without separators.
  const phoneDigits = (query.phone ?? '').replace(/\D/g, '');
  if (phoneDigits) conditions.push(ilike(customers.searchText, containsPattern(phoneDigits)));
  if (query.city) conditions.push(ilike(sql`lower(${customers.city})`, containsPattern(query.city.toLowerCase())));
  if (query.birthdayMonth) {
    const month = query.birthdayMonth * 100;
    // Only members have a birthday: said, so the members' birthday index answers.
    conditions.push(
      isNotNull(customers.subscribedAt),
      sql`${customers.birthdayMonthDay} BETWEEN ${month + 1} AND ${month + 31}`,
    );
  }
  if (query.marketingConsent === 'yes') conditions.push(isNotNull(customers.marketingConsentAt));
  if (query.marketingConsent === 'no') conditions.push(isNull(customers.marketingConsentAt));
  return and(...conditions);
}

/** Whether the query searches text (a trigram index answers it) rather than only filtering by shop or registration. */
function searchesText(query: ListQuery): boolean {
  return Boolean(query.search?.trim() || query.card || query.name || query.email || query.phone || query.city);
}

/**
 * The page's ids and the total. Filtering alone walks the primary key newest first, reading one page. A text search
 * first collects every match through the trigram indexes, then orders them: walking the primary key instead, hoping
 * to meet 25 matches early, reads all 500,000 customers when a name is rare in the viewer's shops (measured: 0.8 s).
 */
async function pageOfIds(
  db: Executor,
  where: SQL | undefined,
  query: ListQuery,
): Promise<{ ids: number[]; total: number }> {
  const offset = (query.page - 1) * query.perPage;
  if (!searchesText(query)) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: customers.id })
        .from(customers)
        .where(where)
        .orderBy(desc(customers.id))
        .limit(query.perPage)
        .offset(offset),
      db.select({ value: count() }).from(customers).where(where),
    ]);
    return { ids: rows.map((row) => row.id), total: total?.value ?? 0 };
  }
  const rows = rowsOf<{ id: number; total: number }>(
    await db.execute(sql`
      WITH matches AS MATERIALIZED (SELECT ${customers.id} AS id FROM ${customers} WHERE ${where ?? sql`true`})
      SELECT page.id, totals.total FROM (SELECT count(*)::int AS total FROM matches) totals
      LEFT JOIN LATERAL (SELECT id FROM matches ORDER BY id DESC LIMIT ${query.perPage} OFFSET ${offset}) page ON true`),
  );
  return {
    ids: rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)])),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function listCustomers(options: Call & { query: ListQuery }) {
  const { db, viewer, query } = options;
  const today = businessDate(options.now);
  const [{ ids, total }, settings] = await Promise.all([
    pageOfIds(db, listFilter(viewer, query), query),
    readClubSettings(db),
  ]);
  const [rows, points] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select(rowColumns)
          .from(customers)
          .leftJoin(shops, eq(shops.id, customers.shopId))
          .where(inArray(customers.id, ids))
          .orderBy(desc(customers.id)),
    pointsOf(db, ids, today),
  ]);
  const data = rows.map((row) => {
    const own = points.get(row.id) ?? 0;
    return toRow(row, own, loyaltySummary(settings, own, today).level?.name ?? null);
  });
  return { data, meta: { page: query.page, perPage: query.perPage, total } };
}

async function loadCustomer(db: Executor, viewer: SessionContext, id: number) {
  const [row] = await db
    .select({
      ...rowColumns,
      gender: customers.gender,
      birthday: customers.birthday,
      address: customers.address,
      state: customers.state,
      zip: customers.zip,
      emailConfirmedAt: customers.emailConfirmedAt,
      phoneConfirmedAt: customers.phoneConfirmedAt,
      privacyConsentAt: customers.privacyConsentAt,
      language: customers.language,
      referredById: customers.referredById,
    })
    .from(customers)
    .leftJoin(shops, eq(shops.id, customers.shopId))
    .where(and(eq(customers.id, id), shopScope(viewer)));
  if (!row) throw new AppError('notFound');
  return row;
}

export async function getCustomer(options: Call & { id: number }): Promise<Customer> {
  const { db, viewer, id } = options;
  const today = businessDate(options.now);
  const row = await loadCustomer(db, viewer, id);
  const [settings, points, [referrer], [invited], window] = await Promise.all([
    readClubSettings(db),
    pointsOf(db, [id], today),
    row.referredById === null
      ? Promise.resolve([])
      : db
          .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
          .from(customers)
          .where(eq(customers.id, row.referredById)),
    db.select({ value: count() }).from(customers).where(eq(customers.referredById, id)),
    db.execute(sql`
      SELECT count(*)::int AS receipts, coalesce(sum(total_cents), 0) AS spent FROM receipts
      WHERE loyalty_card = ${row.cardNumber} AND type <> 'cancelled'
        AND business_date BETWEEN ${pointsWindowStart(today)} AND ${today}`),
  ]);
  const own = points.get(id) ?? 0;
  const loyalty = loyaltySummary(settings, own, today);
  const windowRow = rowsOf<{ receipts: number; spent: string | number }>(window)[0];
  return {
    ...toRow(row, own, loyalty.level?.name ?? null),
    countryCode: row.countryCode,
    gender: row.gender,
    birthday: row.birthday,
    address: row.address,
    state: row.state,
    zip: row.zip,
    emailConfirmedAt: row.emailConfirmedAt?.toISOString() ?? null,
    phoneConfirmedAt: row.phoneConfirmedAt?.toISOString() ?? null,
    privacyConsentAt: row.privacyConsentAt?.toISOString() ?? null,
    marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
    language: row.language,
    referredBy: referrer
      ? { id: referrer.id, name: `${referrer.firstName ?? ''} ${referrer.lastName ?? ''}`.trim() }
      : null,
    invitedCount: invited?.value ?? 0,
    loyalty,
    receiptsInWindow: Number(windowRow?.receipts ?? 0),
    spentInWindowCents: Number(windowRow?.spent ?? 0),
  };
}

/** The customer, in scope, for the routes that read their sales and points (404 otherwise). */
export async function customerCard(options: Call & { id: number }): Promise<{ id: number; cardNumber: string }> {
  const row = await loadCustomer(options.db, options.viewer, options.id);
  return { id: row.id, cardNumber: row.cardNumber };
}

/**
 * Marketing edits a member's record: never the password, the email or the phone (the codes and a new password go
 * there), and marketing consent only from given to withdrawn. Every changed field is named in the audit log.
 */
export async function updateCustomer(options: Call & { id: number; body: CustomerEdit; ip: string }) {
  const { db, viewer, id, body } = options;
  await db.transaction(async (tx) => {
    const row = await loadCustomer(tx, viewer, id);
    if (row.subscribedAt === null || row.erasedAt !== null) throw new AppError('notFound');
    const errors: Record<string, { rule: 'invalid' }[]> = {};
    const scope = shopsInScope(viewer, 'customers');
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopId));
    if (!shop || (scope !== 'all' && !scope.includes(body.shopId))) errors.shopId = [{ rule: 'invalid' }];
    if (body.marketingConsent && row.marketingConsentAt === null) errors.marketingConsent = [{ rule: 'invalid' }];
    if (body.birthday > businessDate(options.now)) errors.birthday = [{ rule: 'invalid' }];
    if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
    const before: Record<string, unknown> = {
      firstName: row.firstName,
      lastName: row.lastName,
      gender: row.gender,
      birthday: row.birthday,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
      shopId: row.shopId,
      marketingConsent: row.marketingConsentAt !== null,
    };
    const changed = Object.keys(before).filter((key) => before[key] !== body[key as keyof CustomerEdit]);
    if (changed.length === 0) return;
    await tx
      .update(customers)
      .set({
        ...personFields(body),
        marketingConsentAt: body.marketingConsent ? row.marketingConsentAt : null,
        updatedAt: options.now,
      })
      .where(eq(customers.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'customer.updated',
      entity: auditEntity,
      entityId: id,
      data: { fields: changed },
      ip: options.ip,
    });
  });
  return getCustomer(options);
}

/** The shops whose customers the viewer reaches, for the filters and the member's form. */
export async function customerShops(options: { db: Executor; viewer: SessionContext }) {
  const scope = shopsInScope(options.viewer, 'customers');
  if (scope !== 'all' && scope.length === 0) return [];
  return options.db
    .select({ id: shops.id, name: shops.name, code: shops.code, city: shops.city, companyName: companies.name })
    .from(shops)
    .innerJoin(companies, eq(companies.id, shops.companyId))
    .where(scope === 'all' ? undefined : inArray(shops.id, scope))
    .orderBy(asc(shops.name));
}

// ——— Sales lines (§3 Customer sale) ———

type SaleRow = {
  receipt_id: string | number;
  line_number: number;
  shop_id: number;
  shop_code: string;
  shop_name: string;
  business_date: string;
  issued_at: Date | string;
  type: CustomerSale['type'];
  receipt_number: number;
  sequence_number: number;
  product_code: string;
  product: string | null;
  description: string;
  quantity: number;
  amount: string | number;
  discount_cents: string | number;
  subtotal_cents: string | number;
  pieces: number;
  price_list: string;
  user_name: string | null;
  order_number: string | null;
  loyalty_card: string | null;
};

/** The columns of a receipt line with its receipt, shop, product and cashier; `lines` is receipt_lines as l. */
export function saleLinesSelect(where: SQL, tail: SQL): SQL {
  return sql`
    SELECT r.id AS receipt_id, l.line_number, s.id AS shop_id, s.code AS shop_code, s.name AS shop_name,
           r.business_date::text AS business_date, r.issued_at, r.type, r.receipt_number, r.sequence_number,
           l.product_code, p.description AS product, l.description, l.quantity,
           l.quantity * l.unit_price_cents AS amount, l.discount_cents, l.subtotal_cents, r.pieces, l.price_list,
           nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '') AS user_name,
           r.order_number, r.loyalty_card
    FROM receipts r
    JOIN receipt_lines l ON l.receipt_id = r.id
    JOIN shops s ON s.id = r.shop_id
    LEFT JOIN products p ON p.code = l.product_code
    LEFT JOIN users u ON u.id = r.employee_id
    WHERE ${where}
    ${tail}`;
}

export function toSale(row: SaleRow): CustomerSale {
  return {
    receiptId: Number(row.receipt_id),
    lineNumber: row.line_number,
    shop: { id: row.shop_id, code: row.shop_code, name: row.shop_name },
    receiptDate: row.business_date,
    issuedAt: new Date(row.issued_at).toISOString(),
    type: row.type,
    receiptNumber: row.receipt_number,
    sequenceNumber: row.sequence_number,
    productCode: row.product_code,
    product: row.product,
    description: row.description,
    quantity: row.quantity,
    amountCents: Number(row.amount),
    discountCents: Number(row.discount_cents),
    subtotalCents: Number(row.subtotal_cents),
    totalItems: row.pieces,
    priceList: row.price_list,
    user: row.user_name,
    orderNumber: row.order_number,
    loyaltyCard: row.loyalty_card,
  };
}

/** The lines of the receipts carrying `card`, newest first. */
export async function listCardSales(
  db: Executor,
  options: { card: string; page: number; perPage: number },
): Promise<{ data: CustomerSale[]; total: number }> {
  const where = sql`r.loyalty_card = ${options.card}`;
  const [rows, totals] = await Promise.all([
    db.execute(
      saleLinesSelect(
        where,
        sql`ORDER BY r.business_date DESC, r.issued_at DESC, l.line_number
            LIMIT ${options.perPage} OFFSET ${(options.page - 1) * options.perPage}`,
      ),
    ),
    db.execute(sql`SELECT count(*)::int AS total FROM receipts r JOIN receipt_lines l ON l.receipt_id = r.id
                   WHERE ${where}`),
  ]);
  return {
    data: rowsOf<SaleRow>(rows).map(toSale),
    total: Number(rowsOf<{ total: number }>(totals)[0]?.total ?? 0),
  };
}

// ——— Discounted sales ———

/** The period and shops of a discounted-sales query: at most discountedSalesMaxDays, shops in the viewer's scope. */
async function discountedFilter(
  db: Executor,
  viewer: SessionContext,
  query: Omit<DiscountedQuery, 'page' | 'perPage'>,
) {
  if (query.from > query.to) throw new AppError('validation', {}, { to: [{ rule: 'dateRange' }] });
  if (addDays(query.from, discountedSalesMaxDays - 1) < query.to) {
    throw new AppError(
      'validation',
      {},
      { to: [{ rule: 'dateRangeTooLong', params: { days: discountedSalesMaxDays } }] },
    );
  }
  const scope = shopsInScope(viewer, 'customers');
  let shopIds: number[];
  if (query.shopId) {
    // Another shop's is nothing to this viewer: as if it did not exist.
    if (scope !== 'all' && !scope.includes(query.shopId)) throw new AppError('notFound');
    shopIds = [query.shopId];
  } else if (scope === 'all') {
    // Every shop by id, so each is read through its (shop, day) index rather than the whole receipts table.
    shopIds = (await db.select({ id: shops.id }).from(shops)).map((shop) => shop.id);
  } else {
    shopIds = scope;
  }
  const conditions: SQL[] = [
    shopIds.length === 0
      ? sql`false`
      : sql`r.shop_id IN (${sql.join(
          shopIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    sql`r.business_date BETWEEN ${query.from} AND ${query.to}`,
    sql`r.type <> 'cancelled'`,
    sql`l.discount_cents <> 0`,
  ];
  if (query.product) {
    const pattern = containsPattern(query.product);
    conditions.push(sql`(l.product_code ILIKE ${pattern} OR l.description ILIKE ${pattern})`);
  }
  if (query.customer) {
    const pattern = containsPattern(query.customer.toLowerCase());
    conditions.push(sql`(r.loyalty_card ILIKE ${pattern} OR r.loyalty_card IN (
      SELECT c.card_number FROM customers c WHERE c.search_text ILIKE ${pattern}))`);
  }
  return sql.join(conditions, sql` AND `);
}

export async function listDiscountedSales(options: Call & { query: DiscountedQuery }) {
  const { db, viewer, query } = options;
  const where = await discountedFilter(db, viewer, query);
  const [rows, totals] = await Promise.all([
    db.execute(
      saleLinesSelect(
        where,
        sql`ORDER BY r.business_date DESC, r.issued_at DESC, l.line_number
            LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`,
      ),
    ),
    db.execute(sql`
      SELECT count(*)::int AS lines, coalesce(sum(l.quantity), 0) AS pieces,
             coalesce(sum(l.quantity * l.unit_price_cents), 0) AS amount,
             coalesce(sum(l.discount_cents), 0) AS discount, coalesce(sum(l.subtotal_cents), 0) AS subtotal
      FROM receipts r JOIN receipt_lines l ON l.receipt_id = r.id WHERE ${where}`),
  ]);
  const total = rowsOf<Record<string, string | number>>(totals)[0] ?? {};
  return {
    data: rowsOf<SaleRow>(rows).map(toSale),
    meta: { page: query.page, perPage: query.perPage, total: Number(total.lines ?? 0) },
    totals: {
      lines: Number(total.lines ?? 0),
      pieces: Number(total.pieces ?? 0),
      amountCents: Number(total.amount ?? 0),
      discountCents: Number(total.discount ?? 0),
      subtotalCents: Number(total.subtotal ?? 0),
    },
  };
}

/** An export's most lines: a year of a big shop's discounts, and what a spreadsheet still opens. */
const maxExportLines = 100_000;

/** Every discounted line of the filter, oldest first, for the CSV export. */
export async function discountedSalesForExport(
  options: Call & { query: Omit<DiscountedQuery, 'page' | 'perPage'> },
): Promise<CustomerSale[]> {
  const where = await discountedFilter(options.db, options.viewer, options.query);
  const rows = await options.db.execute(
    saleLinesSelect(where, sql`ORDER BY r.business_date, r.issued_at, l.line_number LIMIT ${maxExportLines}`),
  );
  return rowsOf<SaleRow>(rows).map(toSale);
}

// ——— The club's settings ———

export async function getClubSettings(options: { db: Executor }): Promise<ClubSettings> {
  return readClubSettings(options.db);
}

export async function updateClubSettings(options: Call & { body: ClubSettings; ip: string }): Promise<ClubSettings> {
  const { db, viewer, body } = options;
  await db.transaction(async (tx) => {
    const before = await readClubSettings(tx);
    await tx
      .insert(clubSettings)
      .values({ id: 1, ...body, updatedAt: options.now, updatedBy: viewer.userId })
      .onConflictDoUpdate({
        target: clubSettings.id,
        set: { ...body, updatedAt: options.now, updatedBy: viewer.userId },
      });
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'club.settingsUpdated',
      entity: 'clubSettings',
      entityId: 1,
      fromState: before.registrationSuspended ? 'suspended' : 'open',
      toState: body.registrationSuspended ? 'suspended' : 'open',
      data: { levelsBefore: before.levels, levels: body.levels },
      ip: options.ip,
    });
  });
  return readClubSettings(db);
}
