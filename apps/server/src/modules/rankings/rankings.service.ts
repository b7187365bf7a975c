// Rankings against competitors (issue 23, spec §2 Ranks, §3 Competitor, §6 Shops › ranking). Rules:
// - only a ranked shop has competitors and positions; choosing another one is a 422 on `shopId`;
// - a user without shops.manage.viewAllList reaches only their shops' competitors and positions; another shop's
//   answer 404, as if they did not exist;
// - a competitor with positions is deleted softly, so past months keep their chart; one without any is removed;
// - a month's positions are upserted: an empty one removes what was entered, a changed one is audited from → to;
//   equal positions are accepted (rankings have ties);
// - the ranking portal's file is imported all or nothing, in the request: a portal's file holds a few hundred lines,
//   read in milliseconds, and the person who sends it wants the bad lines answered at once, not in a job's report.

import { shiftMonth } from '@bottega/contracts/dates';
import type {
  Competitor,
  competitorBodySchema,
  competitorListQuerySchema,
  competitorUpdateBodySchema,
  PeriodPosition,
  PeriodPositions,
  periodPositionsQuerySchema,
  positionsBodySchema,
  RankAnalytics,
  RankedShop,
  RankingFileImport,
  RankPositionSource,
} from '@bottega/contracts/rankings';
import { monthsBetween } from '@bottega/contracts/rankings';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError, violatedUniqueIndex } from '../../platform/errors';
import { notify } from '../../platform/notify';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { loadVisibleShop } from '../shops/shops.service';
import { parseRankingFile, RankingFileUnreadable } from './rankings.file';
import { competitors, rankPositions } from './rankings.schema';

export const competitorAuditEntity = 'competitor';
export const rankPositionAuditEntity = 'rankPosition';

type Call = { db: Database; viewer: SessionContext; ip?: string };
/** The subject id of the shop's own position (a competitor's is its id). */
const shopSubject = 0;

/** The viewer's ranked shop, or 404 for one out of reach and 422 on `shopId` for one that is not ranked. */
async function loadRankedShop(db: Executor, viewer: SessionContext, shopId: number, options: { lock?: boolean } = {}) {
  const shop = await loadVisibleShop(db, viewer, shopId, options);
  if (!shop.isRanked) throw new AppError('validation', {}, { shopId: [{ rule: 'notRankedShop' }] });
  return shop;
}

/** The shops of the viewer's scope, as a condition on `column` (undefined: every shop). */
function scopeCondition(viewer: SessionContext, column: typeof shops.id | typeof competitors.shopId): SQL | undefined {
  const scope = shopsInScope(viewer, 'shops');
  if (scope === 'all') return undefined;
  return scope.length > 0 ? inArray(column, scope) : sql`false`;
}

// ---------------------------------------------------------------------------------------------
// Ranked shops

/** The open ranked shops the viewer reaches, by name: what the ranking pages let one choose. */
export async function listRankedShops(options: Omit<Call, 'ip'>): Promise<RankedShop[]> {
  const rows = await options.db
    .select({
      id: shops.id,
      code: shops.code,
      name: shops.name,
      hasRankingPortal: shops.hasRankingPortal,
      rankingPortal: shops.rankingPortal,
    })
    .from(shops)
    .where(and(eq(shops.isRanked, true), eq(shops.closed, false), scopeCondition(options.viewer, shops.id)))
    .orderBy(asc(shops.name), asc(shops.code));
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Competitors

const positionsCount = sql<number>`(
  select count(*) from ${rankPositions} where ${rankPositions.competitorId} = ${competitors.id}
)::int`.mapWith(Number);

const competitorColumns = {
  id: competitors.id,
  shopId: competitors.shopId,
  shopCode: shops.code,
  shopName: shops.name,
  name: competitors.name,
  priority: competitors.priority,
  positions: positionsCount,
  createdAt: competitors.createdAt,
  updatedAt: competitors.updatedAt,
};

type CompetitorRow = Omit<Competitor, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

function toCompetitor(row: CompetitorRow): Competitor {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function selectCompetitors(db: Executor) {
  return db.select(competitorColumns).from(competitors).innerJoin(shops, eq(shops.id, competitors.shopId));
}

/** The live competitors of the viewer's shops (or of one, or named like `search`), by shop, then priority. */
export async function listCompetitors(
  options: Omit<Call, 'ip'> & { query: z.output<typeof competitorListQuerySchema> },
) {
  const { db, viewer, query } = options;
  if (query.shopId) await loadVisibleShop(db, viewer, query.shopId);
  const where = and(
    isNull(competitors.deletedAt),
    scopeCondition(viewer, competitors.shopId),
    query.shopId ? eq(competitors.shopId, query.shopId) : undefined,
    query.search ? ilike(competitors.name, containsPattern(query.search)) : undefined,
  );
  const rows = await selectCompetitors(db)
    .where(where)
    .orderBy(asc(shops.name), asc(competitors.priority), asc(competitors.name))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await db.select({ value: count() }).from(competitors).where(where);
  return { data: rows.map(toCompetitor), meta: { page: query.page, perPage: query.perPage, total: total?.value ?? 0 } };
}

/** A live competitor of a shop the viewer reaches, or 404. */
async function loadVisibleCompetitor(
  db: Executor,
  viewer: SessionContext,
  id: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(competitors)
    .where(and(eq(competitors.id, id), isNull(competitors.deletedAt), scopeCondition(viewer, competitors.shopId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('notFound');
  return row;
}

async function readCompetitor(db: Executor, id: number): Promise<Competitor> {
  const [row] = await selectCompetitors(db).where(eq(competitors.id, id));
  if (!row) throw new AppError('notFound');
  return toCompetitor(row);
}

export async function getCompetitor(options: Omit<Call, 'ip'> & { id: number }): Promise<Competitor> {
  await loadVisibleCompetitor(options.db, options.viewer, options.id);
  return readCompetitor(options.db, options.id);
}

/** Two live competitors of one shop never share a name (the portal's file is matched by it). */
function refuseSameName(error: unknown): never {
  if (violatedUniqueIndex(error)?.includes('competitors_shop_name_idx')) {
    throw new AppError('validation', {}, { name: [{ rule: 'unique' }] });
  }
  throw error;
}

export async function createCompetitor(
  options: Call & { body: z.output<typeof competitorBodySchema> },
): Promise<Competitor> {
  const { db, viewer, body } = options;
  const id = await db
    .transaction(async (tx) => {
      await loadRankedShop(tx, viewer, body.shopId);
      const [created] = await tx.insert(competitors).values(body).returning({ id: competitors.id });
      const competitorId = (created as { id: number }).id;
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'competitor.created',
        entity: competitorAuditEntity,
        entityId: competitorId,
        data: { ...body },
        ip: options.ip,
      });
      return competitorId;
    })
    .catch(refuseSameName);
  return readCompetitor(db, id);
}

export async function updateCompetitor(
  options: Call & { id: number; body: z.output<typeof competitorUpdateBodySchema> },
): Promise<Competitor> {
  const { db, viewer, id, body } = options;
  await db
    .transaction(async (tx) => {
      const before = await loadVisibleCompetitor(tx, viewer, id, { lock: true });
      if (before.name === body.name && before.priority === body.priority) return;
      await tx
        .update(competitors)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(competitors.id, id));
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'competitor.updated',
        entity: competitorAuditEntity,
        entityId: id,
        data: {
          shopId: before.shopId,
          from: { name: before.name, priority: before.priority },
          to: { name: body.name, priority: body.priority },
        },
        ip: options.ip,
      });
    })
    .catch(refuseSameName);
  return readCompetitor(db, id);
}

/** Removes a competitor; one with positions is only marked deleted, so the months it was ranked in keep it. */
export async function deleteCompetitor(options: Call & { id: number }): Promise<void> {
  const { db, viewer, id } = options;
  await db.transaction(async (tx) => {
    const competitor = await loadVisibleCompetitor(tx, viewer, id, { lock: true });
    const [used] = await tx
      .select({ id: rankPositions.id })
      .from(rankPositions)
      .where(eq(rankPositions.competitorId, id))
      .limit(1);
    if (used) await tx.update(competitors).set({ deletedAt: new Date() }).where(eq(competitors.id, id));
    else await tx.delete(competitors).where(eq(competitors.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'competitor.deleted',
      entity: competitorAuditEntity,
      entityId: id,
      data: { shopId: competitor.shopId, name: competitor.name, priority: competitor.priority, kept: Boolean(used) },
      ip: options.ip,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Positions

type Subject = { competitorId: number | null; name: string; priority: number | null };

/**
 * The shop, then its live competitors by priority, then the deleted ones that hold a position in `periods` (so the
 * past keeps them).
 */
async function subjectsOf(db: Executor, shop: { id: number; name: string }, periods: [string, string]) {
  const rows = await db
    .select({ id: competitors.id, name: competitors.name, priority: competitors.priority })
    .from(competitors)
    .where(
      and(
        eq(competitors.shopId, shop.id),
        or(
          isNull(competitors.deletedAt),
          sql`exists (select 1 from ${rankPositions} where ${rankPositions.competitorId} = ${competitors.id}
            and ${rankPositions.period} between ${periods[0]} and ${periods[1]})`,
        ),
      ),
    )
    .orderBy(sql`${competitors.deletedAt} is not null`, asc(competitors.priority), asc(competitors.name));
  const subjects: Subject[] = [{ competitorId: null, name: shop.name, priority: null }];
  return subjects.concat(rows.map((row) => ({ competitorId: row.id, name: row.name, priority: row.priority })));
}

async function readPeriodPositions(db: Executor, shop: { id: number; name: string }, period: string) {
  const subjects = await subjectsOf(db, shop, [period, period]);
  const positions = await db
    .select({
      subjectId: rankPositions.subjectId,
      position: rankPositions.position,
      score: rankPositions.score,
      source: rankPositions.source,
      enteredBy: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
      enteredAt: rankPositions.enteredAt,
    })
    .from(rankPositions)
    .leftJoin(users, eq(users.id, rankPositions.enteredBy))
    .where(and(eq(rankPositions.shopId, shop.id), eq(rankPositions.period, period)));
  const bySubject = new Map(positions.map((row) => [row.subjectId, row]));
  const rows: PeriodPosition[] = subjects.map((subject) => {
    const entered = bySubject.get(subject.competitorId ?? shopSubject);
    return {
      ...subject,
      position: entered?.position ?? null,
      score: entered?.score ?? null,
      source: entered?.source ?? null,
      enteredBy: entered?.enteredBy ?? null,
      enteredAt: entered?.enteredAt.toISOString() ?? null,
    };
  });
  return { shopId: shop.id, period, rows } satisfies PeriodPositions;
}

/** A month's positions of a ranked shop: the shop first, then its competitors by priority. */
export async function getPeriodPositions(
  options: Omit<Call, 'ip'> & { query: z.output<typeof periodPositionsQuerySchema> },
): Promise<PeriodPositions> {
  const { db, viewer, query } = options;
  const shop = await loadRankedShop(db, viewer, query.shopId);
  return readPeriodPositions(db, shop, query.period);
}

type PositionChange = {
  competitorId: number | null;
  position: number | null;
  score: number | null;
};

/**
 * Writes a month's positions of one shop: new and changed ones upserted, emptied ones removed, each change audited
 * with what it was and what it is. Answers how many changed.
 */
async function writePositions(
  tx: Executor,
  options: {
    viewer: SessionContext;
    shopId: number;
    period: string;
    changes: PositionChange[];
    source: RankPositionSource;
    ip?: string;
  },
): Promise<number> {
  const { viewer, shopId, period, source } = options;
  const existing = await tx
    .select()
    .from(rankPositions)
    .where(and(eq(rankPositions.shopId, shopId), eq(rankPositions.period, period)));
  const bySubject = new Map(existing.map((row) => [row.subjectId, row]));
  const upserts: (typeof rankPositions.$inferInsert)[] = [];
  const removed: number[] = [];
  // Audited once the rows are written, when a new position has its id.
  const audits: (Parameters<typeof writeAudit>[1] & { subjectId: number })[] = [];
  const now = new Date();
  for (const change of options.changes) {
    const subjectId = change.competitorId ?? shopSubject;
    const before = bySubject.get(subjectId);
    const audit = {
      subjectId,
      actorId: viewer.userId,
      entity: rankPositionAuditEntity,
      entityId: before?.id ?? null,
      fromState: before ? String(before.position) : null,
      data: { shopId, period, competitorId: change.competitorId, source, score: change.score },
      ip: options.ip,
    };
    if (change.position === null) {
      if (!before) continue;
      removed.push(before.id);
      audits.push({ ...audit, action: 'rankPosition.removed' });
      continue;
    }
    if (before && before.position === change.position && before.score === change.score) continue;
    upserts.push({
      shopId,
      period,
      competitorId: change.competitorId,
      subjectId,
      position: change.position,
      score: change.score,
      source,
      enteredBy: viewer.userId,
      enteredAt: now,
    });
    audits.push({
      ...audit,
      action: before ? 'rankPosition.changed' : 'rankPosition.entered',
      toState: String(change.position),
    });
  }
  if (removed.length > 0) await tx.delete(rankPositions).where(inArray(rankPositions.id, removed));
  const written =
    upserts.length === 0
      ? []
      : await tx
          .insert(rankPositions)
          .values(upserts)
          .onConflictDoUpdate({
            target: [rankPositions.shopId, rankPositions.period, rankPositions.subjectId],
            set: {
              position: sql`excluded.position`,
              score: sql`excluded.score`,
              source: sql`excluded.source`,
              enteredBy: sql`excluded.entered_by`,
              enteredAt: sql`excluded.entered_at`,
            },
          })
          .returning({ id: rankPositions.id, subjectId: rankPositions.subjectId });
  const ids = new Map(written.map((row) => [row.subjectId, row.id]));
  for (const { subjectId, ...audit } of audits) {
    await writeAudit(tx, { ...audit, entityId: audit.entityId ?? ids.get(subjectId) ?? null });
  }
  return audits.length;
}

/** The live competitor ids of a shop, to check what a body or a file names. */
async function liveCompetitors(tx: Executor, shopId: number) {
  return tx
    .select({ id: competitors.id, name: competitors.name })
    .from(competitors)
    .where(and(eq(competitors.shopId, shopId), isNull(competitors.deletedAt)));
}

/** Enters (or corrects, or empties) a month's positions of a ranked shop, by hand. */
export async function savePositions(
  options: Call & { body: z.output<typeof positionsBodySchema> },
): Promise<PeriodPositions> {
  const { db, viewer, body } = options;
  return db.transaction(async (tx) => {
    // The shop's row taken for update: two people saving the same month queue up instead of mixing their rows.
    const shop = await loadRankedShop(tx, viewer, body.shopId, { lock: true });
    const known = new Set((await liveCompetitors(tx, shop.id)).map((competitor) => competitor.id));
    const seen = new Set<number>();
    for (const row of body.rows) {
      const subjectId = row.competitorId ?? shopSubject;
      // Another shop's competitor (or a deleted one) is not this shop's to rank.
      if (row.competitorId !== null && !known.has(row.competitorId)) throw new AppError('notFound');
      if (seen.has(subjectId)) {
        throw new AppError('validation', {}, { rows: [{ rule: 'unique' }] });
      }
      seen.add(subjectId);
    }
    await writePositions(tx, {
      viewer,
      shopId: shop.id,
      period: body.period,
      changes: body.rows,
      source: 'manual',
      ip: options.ip,
    });
    return readPeriodPositions(tx, shop, body.period);
  });
}

/**
 * Imports the ranking portal's file for a ranked shop, all or nothing, then tells the holders of
 * adminNotifications.rankingLoaded. Answers the months it held and how many positions it wrote.
 */
export async function importRankingFile(
  options: Call & { shopId: number; bytes: Uint8Array; fileName: string },
): Promise<RankingFileImport> {
  const { db, viewer } = options;
  return db.transaction(async (tx) => {
    const shop = await loadRankedShop(tx, viewer, options.shopId, { lock: true });
    const subjects = { shop: { name: shop.name, code: shop.code }, competitors: await liveCompetitors(tx, shop.id) };
    let parsed: ReturnType<typeof parseRankingFile>;
    try {
      parsed = parseRankingFile(options.bytes, subjects);
    } catch (error) {
      if (error instanceof RankingFileUnreadable) throw new AppError('rankingFileUnreadable', { reason: error.reason });
      throw error;
    }
    if (parsed.problems.length > 0) {
      const fieldErrors: NonNullable<AppError['fieldErrors']> = {};
      for (const problem of parsed.problems) {
        const key = `line.${problem.line}`;
        fieldErrors[key] = [...(fieldErrors[key] ?? []), { rule: problem.rule, params: problem.params }];
      }
      throw new AppError('rankingFileRejected', { count: Object.keys(fieldErrors).length }, fieldErrors);
    }
    const byPeriod = new Map<string, typeof parsed.rows>();
    for (const row of parsed.rows) byPeriod.set(row.period, [...(byPeriod.get(row.period) ?? []), row]);
    let imported = 0;
    for (const [period, rows] of byPeriod) {
      imported += await writePositions(tx, {
        viewer,
        shopId: shop.id,
        period,
        changes: rows,
        source: 'file',
        ip: options.ip,
      });
    }
    const periods = [...byPeriod.keys()].sort();
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'rankingFile.imported',
      entity: 'shop',
      entityId: shop.id,
      data: { fileName: options.fileName, periods, lines: parsed.rows.length, imported },
      ip: options.ip,
    });
    await notify(tx, {
      event: 'adminNotifications.rankingLoaded',
      params: { name: `${shop.name} (${options.fileName})` },
      link: `/app/ranks/analytics?shopId=${shop.id}`,
      actorId: viewer.userId,
    });
    return { shopId: shop.id, periods, imported, unchanged: parsed.rows.length - imported };
  });
}

// ---------------------------------------------------------------------------------------------
// Analytics

/** A ranked shop's position and its competitors' over the months from `from` to `to`. */
export async function getRankAnalytics(
  options: Omit<Call, 'ip'> & { query: { shopId: number; from: string; to: string } },
): Promise<RankAnalytics> {
  const { db, viewer, query } = options;
  const shop = await loadRankedShop(db, viewer, query.shopId);
  const periods = Array.from({ length: monthsBetween(query.from, query.to) }, (_, index) =>
    shiftMonth(query.from, index),
  );
  // The two reads depend only on the shop: sent together (on PostgreSQL's pool they run side by side).
  const [subjects, rows] = await Promise.all([
    subjectsOf(db, shop, [query.from, query.to]),
    // Served by rank_positions_shop_period_subject_idx: a shop's positions over time.
    db
      .select({ period: rankPositions.period, subjectId: rankPositions.subjectId, position: rankPositions.position })
      .from(rankPositions)
      .where(
        and(
          eq(rankPositions.shopId, shop.id),
          gte(rankPositions.period, query.from),
          lte(rankPositions.period, query.to),
        ),
      ),
  ]);
  const positions = new Map(rows.map((row) => [`${row.subjectId}/${row.period}`, row.position]));
  const series = subjects.map((subject) => ({
    ...subject,
    positions: periods.map((period) => positions.get(`${subject.competitorId ?? shopSubject}/${period}`) ?? null),
  }));
  return { shopId: shop.id, periods, series };
}
