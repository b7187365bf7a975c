// The logistics registry: suppliers and the companies' warehouses (the parties a file goes from and to), the document
// types that number transport documents with the last number each gave this year, and the sides a person may pick.
import type {
  DocumentType,
  DocumentTypeBody,
  LogisticsParty,
  LogisticsPartyBody,
  LogisticsSide,
} from '@bottega/contracts/logistics';
import { logisticsFileKinds, logisticsPartyBodySchema } from '@bottega/contracts/logistics';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { companies } from '../companies/companies.schema';
import { shops } from '../shops/shops.schema';
import { documentNumbers, documentTypes, logisticsFiles, logisticsParties } from './logistics.schema';

type Audited = { db: Executor; viewer: SessionContext; ip?: string | null };

const partyColumns = {
  id: logisticsParties.id,
  type: logisticsParties.type,
  companyId: logisticsParties.companyId,
  companyName: companies.name,
  name: logisticsParties.name,
  vatNumber: logisticsParties.vatNumber,
  address: logisticsParties.address,
  cap: logisticsParties.cap,
  city: logisticsParties.city,
  province: logisticsParties.province,
  country: logisticsParties.country,
  emails: logisticsParties.emails,
};

export async function listLogisticsParties(options: { db: Executor }): Promise<LogisticsParty[]> {
  return options.db
    .select(partyColumns)
    .from(logisticsParties)
    .leftJoin(companies, eq(companies.id, logisticsParties.companyId))
    .orderBy(asc(logisticsParties.type), sql`lower(${logisticsParties.name})`, asc(logisticsParties.id));
}

async function readParty(db: Executor, id: number): Promise<LogisticsParty> {
  const [party] = await db
    .select(partyColumns)
    .from(logisticsParties)
    .leftJoin(companies, eq(companies.id, logisticsParties.companyId))
    .where(eq(logisticsParties.id, id));
  if (!party) throw new AppError('notFound');
  return party;
}

async function assertCompany(db: Executor, companyId: number | null | undefined, field = 'companyId') {
  if (companyId === null || companyId === undefined) return;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('validation', {}, { [field]: [{ rule: 'invalid' }] });
}

export async function createLogisticsParty(options: Audited & { body: LogisticsPartyBody }): Promise<LogisticsParty> {
  const body = logisticsPartyBodySchema.parse(options.body);
  await assertCompany(options.db, body.companyId);
  const [row] = await options.db.insert(logisticsParties).values(body).returning({ id: logisticsParties.id });
  if (!row) throw new Error('the party was not written');
  await writeAudit(options.db, {
    actorId: options.viewer.userId,
    action: 'logistics.party.create',
    entity: 'logisticsParty',
    entityId: row.id,
    data: { type: body.type, name: body.name },
    ip: options.ip,
  });
  return readParty(options.db, row.id);
}

export async function updateLogisticsParty(
  options: Audited & { id: number; body: LogisticsPartyBody },
): Promise<LogisticsParty> {
  const before = await readParty(options.db, options.id);
  const body = logisticsPartyBodySchema.parse(options.body);
  // Files name a party by type and id: a supplier cannot become a warehouse under them.
  if (body.type !== before.type && (await partyInUse(options.db, before))) throw new AppError('logisticsPartyInUse');
  await assertCompany(options.db, body.companyId);
  await options.db.update(logisticsParties).set(body).where(eq(logisticsParties.id, options.id));
  await writeAudit(options.db, {
    actorId: options.viewer.userId,
    action: 'logistics.party.update',
    entity: 'logisticsParty',
    entityId: options.id,
    data: { before: { type: before.type, name: before.name }, after: { type: body.type, name: body.name } },
    ip: options.ip,
  });
  return readParty(options.db, options.id);
}

async function partyInUse(db: Executor, party: Pick<LogisticsParty, 'id' | 'type'>): Promise<boolean> {
  const [used] = await db
    .select({ id: logisticsFiles.id })
    .from(logisticsFiles)
    .where(
      sql`(${logisticsFiles.fromType} = ${party.type} AND ${logisticsFiles.fromId} = ${party.id})
        OR (${logisticsFiles.toType} = ${party.type} AND ${logisticsFiles.toId} = ${party.id})`,
    )
    .limit(1);
  return used !== undefined;
}

/** A party named by a file stays: its files and their DDTs print it (409 logisticsPartyInUse). */
export async function deleteLogisticsParty(options: Audited & { id: number }): Promise<void> {
  const party = await readParty(options.db, options.id);
  if (await partyInUse(options.db, party)) throw new AppError('logisticsPartyInUse');
  await options.db.delete(logisticsParties).where(eq(logisticsParties.id, options.id));
  await writeAudit(options.db, {
    actorId: options.viewer.userId,
    action: 'logistics.party.delete',
    entity: 'logisticsParty',
    entityId: options.id,
    data: { type: party.type, name: party.name },
    ip: options.ip,
  });
}

// ——— Document types and their numbers ———

/** The calendar year numbers run in, by the business date. */
function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

export async function listDocumentTypes(options: {
  db: Executor;
  today: string;
  id?: number;
}): Promise<DocumentType[]> {
  const year = yearOf(options.today);
  const rows = await options.db
    .select({
      id: documentTypes.id,
      companyId: documentTypes.companyId,
      companyName: companies.name,
      code: documentTypes.code,
      name: documentTypes.name,
      kinds: documentTypes.kinds,
      active: documentTypes.active,
      lastNumber: sql<number>`coalesce(${documentNumbers.lastNumber}, 0)`.mapWith(Number),
    })
    .from(documentTypes)
    .innerJoin(companies, eq(companies.id, documentTypes.companyId))
    .leftJoin(
      documentNumbers,
      and(eq(documentNumbers.documentTypeId, documentTypes.id), eq(documentNumbers.year, year)),
    )
    .where(options.id === undefined ? undefined : eq(documentTypes.id, options.id))
    .orderBy(asc(companies.name), asc(documentTypes.code));
  return rows.map((row) => ({
    ...row,
    kinds: logisticsFileKinds.filter((kind) => row.kinds.includes(kind)),
    year,
  }));
}

async function assertCodeFree(db: Executor, body: DocumentTypeBody, id?: number) {
  const [taken] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(and(eq(documentTypes.companyId, body.companyId), eq(documentTypes.code, body.code)));
  if (taken && taken.id !== id) throw new AppError('documentTypeExists', { code: body.code });
}

export async function createDocumentType(
  options: Audited & { body: Required<DocumentTypeBody>; today: string },
): Promise<DocumentType> {
  const { body } = options;
  await assertCompany(options.db, body.companyId);
  await assertCodeFree(options.db, body);
  const [row] = await options.db
    .insert(documentTypes)
    .values({ ...body, kinds: [...new Set(body.kinds)] })
    .returning({ id: documentTypes.id });
  if (!row) throw new Error('the document type was not written');
  await writeAudit(options.db, {
    actorId: options.viewer.userId,
    action: 'logistics.documentType.create',
    entity: 'documentType',
    entityId: row.id,
    data: { code: body.code, companyId: body.companyId, kinds: body.kinds, active: body.active },
    ip: options.ip,
  });
  const [created] = await listDocumentTypes({ db: options.db, today: options.today, id: row.id });
  if (!created) throw new Error('the document type vanished');
  return created;
}

/**
 * A type may be renamed, given other kinds or deactivated; its company and code stay once it has numbered a file,
 * since the numbers already given belong to that series.
 */
export async function updateDocumentType(
  options: Audited & { id: number; body: Required<DocumentTypeBody>; today: string },
): Promise<DocumentType> {
  const { body } = options;
  const [before] = await listDocumentTypes({ db: options.db, today: options.today, id: options.id });
  if (!before) throw new AppError('notFound');
  if (before.companyId !== body.companyId || before.code !== body.code) {
    const [numbered] = await options.db
      .select({ id: documentNumbers.documentTypeId })
      .from(documentNumbers)
      .where(eq(documentNumbers.documentTypeId, options.id))
      .limit(1);
    if (numbered) throw new AppError('validation', {}, { code: [{ rule: 'notAllowed' }] });
  }
  await assertCompany(options.db, body.companyId);
  await assertCodeFree(options.db, body, options.id);
  await options.db
    .update(documentTypes)
    .set({ ...body, kinds: [...new Set(body.kinds)] })
    .where(eq(documentTypes.id, options.id));
  await writeAudit(options.db, {
    actorId: options.viewer.userId,
    action: 'logistics.documentType.update',
    entity: 'documentType',
    entityId: options.id,
    data: {
      before: { code: before.code, name: before.name, kinds: before.kinds, active: before.active },
      after: { code: body.code, name: body.name, kinds: body.kinds, active: body.active },
    },
    ip: options.ip,
  });
  const [after] = await listDocumentTypes({ db: options.db, today: options.today, id: options.id });
  if (!after) throw new Error('the document type vanished');
  return after;
}

// ——— Sides ———

export const sideKey = (type: string, id: number) => `${type}:${id}`;

/** The sides named by `refs`, as the screens and the DDT show them, by `sideKey`. */
export async function loadSides(
  db: Executor,
  refs: readonly { type: string; id: number }[],
): Promise<Map<string, LogisticsSide>> {
  const partyIds = [...new Set(refs.filter((ref) => ref.type !== 'shop').map((ref) => ref.id))];
  const shopIds = [...new Set(refs.filter((ref) => ref.type === 'shop').map((ref) => ref.id))];
  const sides = new Map<string, LogisticsSide>();
  if (partyIds.length > 0) {
    const rows = await db
      .select(partyColumns)
      .from(logisticsParties)
      .leftJoin(companies, eq(companies.id, logisticsParties.companyId))
      .where(inArray(logisticsParties.id, partyIds));
    for (const row of rows) sides.set(sideKey(row.type, row.id), row);
  }
  if (shopIds.length > 0) {
    const rows = await db
      .select(shopSideColumns)
      .from(shops)
      .innerJoin(companies, eq(companies.id, shops.companyId))
      .where(inArray(shops.id, shopIds));
    for (const row of rows) sides.set(sideKey('shop', row.id), shopSide(row));
  }
  return sides;
}

const shopSideColumns = {
  id: shops.id,
  code: shops.code,
  name: shops.name,
  companyId: shops.companyId,
  companyName: companies.name,
  vatNumber: companies.vatNumber,
  address: shops.address,
  cap: shops.cap,
  city: shops.city,
  province: shops.province,
  email: shops.email,
};

function shopSide(row: {
  id: number;
  code: string;
  name: string;
  companyId: number;
  companyName: string;
  vatNumber: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  email: string;
}): LogisticsSide {
  return {
    type: 'shop',
    id: row.id,
    name: `${row.code} · ${row.name}`,
    companyId: row.companyId,
    companyName: row.companyName,
    vatNumber: row.vatNumber,
    address: row.address,
    cap: row.cap,
    city: row.city,
    province: row.province,
    country: 'IT',
    emails: row.email === '' ? [] : [row.email],
  };
}

/**
 * What the file editor offers as from and to: every supplier and warehouse, and the shops the person reaches (every
 * open shop for whoever sees all shops).
 */
export async function listLogisticsSides(options: {
  db: Executor;
  viewer: SessionContext;
}): Promise<{ suppliers: LogisticsSide[]; warehouses: LogisticsSide[]; shops: LogisticsSide[] }> {
  const parties = await listLogisticsParties({ db: options.db });
  const scope = shopsInScope(options.viewer, 'shops');
  if (scope !== 'all' && scope.length === 0) {
    return {
      suppliers: parties.filter((party) => party.type === 'supplier'),
      warehouses: parties.filter((party) => party.type === 'warehouse'),
      shops: [],
    };
  }
  const shopRows = await options.db
    .select(shopSideColumns)
    .from(shops)
    .innerJoin(companies, eq(companies.id, shops.companyId))
    .where(scope === 'all' ? eq(shops.closed, false) : inArray(shops.id, scope))
    .orderBy(asc(shops.code));
  return {
    suppliers: parties.filter((party) => party.type === 'supplier'),
    warehouses: parties.filter((party) => party.type === 'warehouse'),
    shops: shopRows.map(shopSide),
  };
}
