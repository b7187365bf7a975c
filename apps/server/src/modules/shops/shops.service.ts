// Shops: the short summary the rest of the app shows (pickers, badges, headers) and the shop
// management of spec §2 (list, create, edit, close, delete). Rules:
// - a user without shops.manage.viewAllList (and not admin) reaches only the shops they belong to,
//   and closed shops only with shops.manage.viewClosed; any other shop answers 404;
// - the router password is stored encrypted with the app key and never answered with a shop; it
//   can be read back on its own by people who may change it, and every reading is audited;
// - a shop is closed (flag and day), not deleted, once it has a history: deletion is for a shop
//   created by mistake, with nobody belonging to it and nobody ever having worked in it;
// - every change is audited with what changed; opening and closing are state transitions.
import { type ShopSummary, shopSummarySchema } from '@bottega/contracts/auth';
import type {
  Shop,
  ShopClosedBody,
  ShopListFilters,
  ShopListItem,
  ShopOptions,
  ShopStatus,
  ShopValues,
} from '@bottega/contracts/shops';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { assertShopInScope, shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { auditLog } from '../../platform/audit.schema';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import { containsPattern, type Database, type Executor, preparedPerDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { invalidateSessions } from '../../platform/session-cache';
import type { SessionContext } from '../../platform/sessions';
import { sessions } from '../../platform/sessions.schema';
import { companies } from '../companies/companies.schema';
import { shops, userShops } from './shops.schema';

export const shopAuditEntity = 'shop';

const shopSummaryColumns = {
  id: shops.id,
  name: shops.name,
  code: shops.code,
  city: shops.city,
  companyName: companies.name,
};

/** Read on most requests of a person working in a shop (the signed-in user's answer): prepared. */
const shopSummaryStatement = preparedPerDatabase((db) =>
  db
    .select(shopSummaryColumns)
    .from(shops)
    .innerJoin(companies, eq(companies.id, shops.companyId))
    .where(eq(shops.id, sql.placeholder('shopId')))
    .limit(1)
    .prepare('shop_summary'),
);

/** A shop's summary: the one read with `session` when it is that session's chosen shop (no SQL), else read now. */
export async function findShopSummary(options: {
  db: Executor;
  shopId: number;
  session?: SessionContext;
}): Promise<ShopSummary | null> {
  if (options.session?.shop && options.session.shop.id === options.shopId) return options.session.shop;
  const [row] = await shopSummaryStatement(options.db).execute({ shopId: options.shopId });
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

// ---------------------------------------------------------------------------------------------
// Who sees which shop

function seesClosedShops(viewer: SessionContext): boolean {
  return viewer.abilities.has('shops.manage.viewClosed');
}

/** The shops of the viewer's scope, as a condition (undefined: every shop). */
function scopeCondition(viewer: SessionContext): SQL | undefined {
  const scope = shopsInScope(viewer, 'shops');
  if (scope === 'all') return undefined;
  return scope.length > 0 ? inArray(shops.id, scope) : sql`false`;
}

function statusCondition(status: ShopStatus): SQL | undefined {
  if (status === 'open') return eq(shops.closed, false);
  if (status === 'closed') return eq(shops.closed, true);
  return undefined;
}

type ShopRow = typeof shops.$inferSelect;

/** Read before most of a shop's screens answer: prepared. */
const visibleShopStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(shops)
    .where(eq(shops.id, sql.placeholder('id')))
    .prepare('visible_shop'),
);

const shopClosedStatement = preparedPerDatabase((db) =>
  db
    .select({ closed: shops.closed })
    .from(shops)
    .where(eq(shops.id, sql.placeholder('id')))
    .prepare('shop_closed'),
);

/** A closed shop is seen only by those who may see closed shops; otherwise it does not exist (404). */
function refuseUnseen<Row extends { closed: boolean }>(row: Row | undefined, viewer: SessionContext): Row {
  if (!row || (row.closed && !seesClosedShops(viewer))) throw new AppError('notFound');
  return row;
}

/** loadVisibleShop's check alone, for the screens that need nothing of the shop's row: one column read. */
export async function assertVisibleShop(db: Executor, viewer: SessionContext, id: number): Promise<void> {
  assertShopInScope(viewer, 'shops', id);
  refuseUnseen((await shopClosedStatement(db).execute({ id }))[0], viewer);
}

/**
 * The shop's `closed` as a column of another statement (null: no such shop), for a screen that reads its rows and
 * the shop check in one round trip: assertShopInScope before the statement, `refuseUnseenShop` on its answer, the
 * two together assertVisibleShop's rule.
 */
export const shopClosedColumn = (id: SQLWrapper) =>
  sql<boolean | null>`(select ${shops.closed} from ${shops} where ${shops.id} = ${id})`;

/** 404 unless the shop of a `shopClosedColumn` exists and, closed, the viewer may see closed shops. */
export function refuseUnseenShop(viewer: SessionContext, closed: boolean | null | undefined): void {
  refuseUnseen(closed === null || closed === undefined ? undefined : { closed }, viewer);
}

/**
 * The shop if the viewer may reach it, otherwise 404 as if it did not exist; `lock` takes the row
 * for the rest of the transaction, so concurrent changes to one shop queue up.
 */
export async function loadVisibleShop(
  db: Executor,
  viewer: SessionContext,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ShopRow> {
  assertShopInScope(viewer, 'shops', id);
  const [row] = options.lock
    ? await db.select().from(shops).where(eq(shops.id, id)).for('update')
    : await visibleShopStatement(db).execute({ id });
  return refuseUnseen(row, viewer);
}

// ---------------------------------------------------------------------------------------------
// Reading

const listColumns = {
  id: shops.id,
  code: shops.code,
  name: shops.name,
  companyId: shops.companyId,
  companyName: companies.name,
  section: shops.section,
  address: shops.address,
  city: shops.city,
  province: shops.province,
  phone: shops.phone,
  closed: shops.closed,
  closedOn: shops.closedOn,
};

export async function listShops(options: { db: Database; viewer: SessionContext } & ShopListFilters) {
  const { db, viewer, page, perPage } = options;
  // Without shops.manage.viewClosed, closed shops are left out whatever the filter asks.
  const status: ShopStatus = seesClosedShops(viewer) ? options.status : 'open';
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = and(
    scopeCondition(viewer),
    statusCondition(status),
    options.companyId ? eq(shops.companyId, options.companyId) : undefined,
    options.section ? eq(shops.section, options.section) : undefined,
    pattern ? or(ilike(shops.name, pattern), ilike(shops.code, pattern), ilike(shops.city, pattern)) : undefined,
  );
  const data: ShopListItem[] = await db
    .select(listColumns)
    .from(shops)
    .innerJoin(companies, eq(companies.id, shops.companyId))
    .where(where)
    .orderBy(asc(shops.name), asc(shops.code))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(shops).where(where);
  return { data, meta: { page, perPage, total: total?.value ?? 0 } };
}

/** The companies a shop can belong to, and the sections of the shops the viewer reaches. */
export async function getShopOptions(options: { db: Database; viewer: SessionContext }): Promise<ShopOptions> {
  const { db, viewer } = options;
  const companyRows = await db
    .select({ id: companies.id, name: companies.name, companyCode: companies.companyCode })
    .from(companies)
    .orderBy(asc(companies.name), asc(companies.id));
  const sectionRows = await db
    .selectDistinct({ section: shops.section })
    .from(shops)
    .where(
      and(scopeCondition(viewer), seesClosedShops(viewer) ? undefined : eq(shops.closed, false), ne(shops.section, '')),
    )
    .orderBy(asc(shops.section));
  return { companies: companyRows, sections: sectionRows.map((row) => row.section) };
}

function toShop(row: ShopRow, companyName: string): Shop {
  const { routerPasswordEncrypted, ...fields } = row;
  return {
    ...fields,
    companyName,
    fiscalPrinterIp: row.fiscalPrinterIp ?? '',
    routerIp: row.routerIp ?? '',
    routerUsername: row.routerUsername ?? '',
    routerPasswordSet: routerPasswordEncrypted !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The shop as answered, read without the viewer's scope: for the answer to a change just made. */
async function readShop(db: Executor, id: number): Promise<Shop> {
  const [row] = await db
    .select({ shop: shops, companyName: companies.name })
    .from(shops)
    .innerJoin(companies, eq(companies.id, shops.companyId))
    .where(eq(shops.id, id));
  if (!row) throw new AppError('notFound');
  return toShop(row.shop, row.companyName);
}

export async function getShop(options: { db: Database; viewer: SessionContext; id: number }): Promise<Shop> {
  await loadVisibleShop(options.db, options.viewer, options.id);
  return readShop(options.db, options.id);
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The stored form of the fields a body sets, closing state and router password aside. */
function storedFields(body: ShopValues) {
  return {
    name: body.name,
    code: body.code,
    companyId: body.companyId,
    address: body.address,
    country: body.country,
    province: body.province,
    city: body.city,
    cap: body.cap,
    phone: body.phone,
    email: body.email,
    fiscalPrinterIp: body.fiscalPrinterIp || null,
    routerIp: body.routerIp || null,
    routerUsername: body.routerUsername || null,
    accountNumber: body.accountNumber,
    merchantCode: body.merchantCode,
    section: body.section,
    isRanked: body.isRanked,
    hasRankingPortal: body.hasRankingPortal,
    // The portal is only kept while the shop has one.
    rankingPortal: body.hasRankingPortal ? body.rankingPortal : null,
    // Left out: a new shop takes the column's default, an edited one keeps its own.
    ...(body.shiftGraceMinutes === undefined ? {} : { shiftGraceMinutes: body.shiftGraceMinutes }),
  };
}
type StoredFields = ReturnType<typeof storedFields>;

/** The company must exist, and the code (business / deposit id) must be free. */
async function assertShopReferences(db: Executor, fields: Pick<StoredFields, 'code' | 'companyId'>, exceptId?: number) {
  const errors: Record<string, { rule: 'unique' | 'invalid' }[]> = {};
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, fields.companyId));
  if (!company) errors.companyId = [{ rule: 'invalid' }];
  const [taken] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(sql`upper(${shops.code}) = ${fields.code}`, exceptId === undefined ? undefined : ne(shops.id, exceptId)),
    );
  if (taken) errors.code = [{ rule: 'unique' }];
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
}

export async function createShop(options: { db: Database; appKey: string; actorId: number; body: ShopValues }) {
  const { db, appKey, actorId, body } = options;
  return db.transaction(async (tx) => {
    const fields = storedFields(body);
    await assertShopReferences(tx, fields);
    const closedOn = body.closed ? body.closedOn : null;
    const [created] = await tx
      .insert(shops)
      .values({
        ...fields,
        closed: body.closed,
        closedOn,
        routerPasswordEncrypted: body.routerPassword ? encryptSecret(appKey, body.routerPassword) : null,
      })
      .returning({ id: shops.id });
    const id = created?.id as number;
    await writeAudit(tx, {
      actorId,
      action: 'shop.created',
      entity: shopAuditEntity,
      entityId: id,
      toState: body.closed ? 'closed' : 'open',
      data: { values: { ...fields, closedOn, routerPassword: body.routerPassword ? 'set' : 'notSet' } },
    });
    // The creator may not belong to the new shop: the answer is theirs all the same.
    return readShop(tx, id);
  });
}

/** Closing and reopening, the shop's one workflow: from state → audited action → to state. */
const closingTransitions = {
  open: { 'shop.closed': 'closed' },
  closed: { 'shop.reopened': 'open', 'shop.closingDayChanged': 'closed' },
} as const;
type ClosingState = keyof typeof closingTransitions;

/**
 * Applies a closed flag and day to a locked shop and audits the transition. Closing also sends
 * anyone working in the shop back to the shop choice: a closed shop is no longer selectable.
 */
export async function applyClosedState(
  tx: Executor,
  options: { actorId: number; shop: ShopRow; wanted: Required<ShopClosedBody> },
): Promise<boolean> {
  const { actorId, shop } = options;
  const closed = options.wanted.closed;
  const closedOn = closed ? options.wanted.closedOn : null;
  if (shop.closed === closed && shop.closedOn === closedOn) return false;
  const from: ClosingState = shop.closed ? 'closed' : 'open';
  const action = !shop.closed ? 'shop.closed' : closed ? 'shop.closingDayChanged' : 'shop.reopened';
  const to = (closingTransitions[from] as Record<string, ClosingState>)[action] as ClosingState;
  await tx.update(shops).set({ closed, closedOn, updatedAt: new Date() }).where(eq(shops.id, shop.id));
  if (action === 'shop.closed') {
    await tx.update(sessions).set({ shopId: null }).where(eq(sessions.shopId, shop.id));
    // Whoever worked in it chooses again: sessions of many people change at once.
    await invalidateSessions(tx, { all: true });
  }
  await writeAudit(tx, {
    actorId,
    action,
    entity: shopAuditEntity,
    entityId: shop.id,
    fromState: from,
    toState: to,
    data: { closedOn: { from: shop.closedOn, to: closedOn } },
  });
  return true;
}

/** Whether a stored password equals a new one; one that no longer decrypts (another app key) never does. */
function samePassword(appKey: string, sealed: string | null, plain: string): boolean {
  if (sealed === null) return false;
  try {
    return decryptSecret(appKey, sealed) === plain;
  } catch {
    return false;
  }
}

export async function updateShop(options: {
  db: Database;
  appKey: string;
  actorId: number;
  viewer: SessionContext;
  id: number;
  body: ShopValues;
}) {
  const { db, appKey, actorId, viewer, id, body } = options;
  return db.transaction(async (tx) => {
    const before = await loadVisibleShop(tx, viewer, id, { lock: true });
    const fields = storedFields(body);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, value] of Object.entries(fields) as [keyof StoredFields, unknown][]) {
      if (before[field] !== value) changes[field] = { from: before[field], to: value };
    }
    const set: Partial<typeof shops.$inferInsert> = { ...fields };
    // Left out: kept. Null: cleared. A string: replaced (not when it is the same password again).
    if (body.routerPassword === null && before.routerPasswordEncrypted !== null) {
      set.routerPasswordEncrypted = null;
      changes.routerPassword = { from: 'set', to: 'notSet' };
    } else if (body.routerPassword && !samePassword(appKey, before.routerPasswordEncrypted, body.routerPassword)) {
      set.routerPasswordEncrypted = encryptSecret(appKey, body.routerPassword);
      changes.routerPassword = { from: before.routerPasswordEncrypted === null ? 'notSet' : 'set', to: 'replaced' };
    }
    if (changes.code || changes.companyId) await assertShopReferences(tx, fields, id);
    if (Object.keys(changes).length > 0) {
      await tx
        .update(shops)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(shops.id, id));
      // What its people's sessions show of it (SessionContext.shop).
      if (changes.name || changes.code || changes.city || changes.companyId) {
        await invalidateSessions(tx, { all: true });
      }
      await writeAudit(tx, {
        actorId,
        action: 'shop.updated',
        entity: shopAuditEntity,
        entityId: id,
        data: { changes },
      });
    }
    await applyClosedState(tx, { actorId, shop: before, wanted: { closed: body.closed, closedOn: body.closedOn } });
    // Read in the transaction: a shop just closed may be out of the viewer's sight.
    return readShop(tx, id);
  });
}

export async function revealRouterPassword(options: {
  db: Database;
  appKey: string;
  actorId: number;
  viewer: SessionContext;
  id: number;
}): Promise<string | null> {
  const { db, appKey, actorId, viewer, id } = options;
  const shop = await loadVisibleShop(db, viewer, id);
  if (shop.routerPasswordEncrypted === null) return null;
  await writeAudit(db, { actorId, action: 'shop.routerPasswordRevealed', entity: shopAuditEntity, entityId: id });
  return decryptSecret(appKey, shop.routerPasswordEncrypted);
}

/** Postgres' foreign-key violation: a record elsewhere still points at the row. */
function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function deleteShop(options: { db: Database; actorId: number; viewer: SessionContext; id: number }) {
  const { db, actorId, viewer, id } = options;
  try {
    await db.transaction(async (tx) => {
      const shop = await loadVisibleShop(tx, viewer, id, { lock: true });
      const [members] = await tx.select({ value: count() }).from(userShops).where(eq(userShops.shopId, id));
      const people = members?.value ?? 0;
      if (people > 0) throw new AppError('shopHasPeople', { count: people });
      // Someone chose it to work in: the audit log (and soon its tills and shifts) remember the shop.
      const [worked] = await tx
        .select({ value: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.shopChosen'), eq(auditLog.toState, String(id))));
      if ((worked?.value ?? 0) > 0) throw new AppError('shopHasHistory');
      await tx.delete(shops).where(eq(shops.id, id));
      // The cascade ends its memberships and clears it from the sessions that had chosen it.
      await invalidateSessions(tx, { all: true });
      const { routerPasswordEncrypted, ...values } = shop;
      await writeAudit(tx, {
        actorId,
        action: 'shop.deleted',
        entity: shopAuditEntity,
        entityId: id,
        fromState: shop.closed ? 'closed' : 'open',
        data: { values: { ...values, routerPassword: routerPasswordEncrypted === null ? 'notSet' : 'set' } },
      });
    });
  } catch (error) {
    // Records of other areas (cash registers, shifts …) reference shops without cascading.
    if (isForeignKeyViolation(error)) throw new AppError('shopHasHistory');
    throw error;
  }
}
