// Companies: the legal entities shops belong to. Rules: the company id and the VAT number are each
// used by one company only; a company that still has shops (closed ones too) cannot be deleted.
// Every change is audited with what changed.
import type { Company, CompanyOption, CompanyValues } from '@bottega/contracts/companies';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { invalidateSessions } from '../../platform/session-cache';
import { shops } from '../shops/shops.schema';
import { companies } from './companies.schema';

const auditEntity = 'company';

const editableFields = ['name', 'companyCode', 'vatNumber'] as const satisfies readonly (keyof CompanyValues)[];

function selectCompaniesWithShopCount(db: Executor) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      companyCode: companies.companyCode,
      vatNumber: companies.vatNumber,
      shopCount: sql<number>`count(${shops.id})::int`,
    })
    .from(companies)
    .leftJoin(shops, eq(shops.companyId, companies.id))
    .groupBy(companies.id)
    .$dynamic();
}

export async function listCompanies(options: { db: Database; page: number; perPage: number; search?: string }) {
  const { db, page, perPage } = options;
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = pattern
    ? or(ilike(companies.name, pattern), ilike(companies.companyCode, pattern), ilike(companies.vatNumber, pattern))
    : undefined;
  const rows = await selectCompaniesWithShopCount(db)
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(companies).where(where);
  return { data: rows.map(toCompany), meta: { page, perPage, total: total?.value ?? 0 } };
}

function toCompany(row: Company): Company {
  return { ...row, shopCount: Number(row.shopCount) };
}

export async function getCompany(options: { db: Executor; id: number }): Promise<Company> {
  const [row] = await selectCompaniesWithShopCount(options.db).where(eq(companies.id, options.id));
  if (!row) throw new AppError('notFound');
  return toCompany(row);
}

/** Serialises changes to one company: adding a shop to it (a foreign key check) waits for a delete. */
async function lockCompany(tx: Executor, id: number) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

/** The company id and the VAT number identify one company each. */
async function assertUnique(db: Executor, values: CompanyValues, exceptId?: number) {
  const others = exceptId === undefined ? undefined : ne(companies.id, exceptId);
  const taken = await db
    .select({ companyCode: companies.companyCode, vatNumber: companies.vatNumber })
    .from(companies)
    .where(
      and(
        or(sql`upper(${companies.companyCode}) = ${values.companyCode}`, eq(companies.vatNumber, values.vatNumber)),
        others,
      ),
    );
  const errors: Record<string, { rule: 'unique' }[]> = {};
  if (taken.some((row) => row.companyCode.toUpperCase() === values.companyCode))
    errors.companyCode = [{ rule: 'unique' }];
  if (taken.some((row) => row.vatNumber === values.vatNumber)) errors.vatNumber = [{ rule: 'unique' }];
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
}

export async function createCompany(options: { db: Database; actorId: number; body: CompanyValues }) {
  const { db, actorId, body } = options;
  return db.transaction(async (tx) => {
    await assertUnique(tx, body);
    const [created] = await tx
      .insert(companies)
      .values({ name: body.name, companyCode: body.companyCode, vatNumber: body.vatNumber })
      .returning({ id: companies.id });
    const id = created?.id as number;
    await writeAudit(tx, {
      actorId,
      action: 'company.created',
      entity: auditEntity,
      entityId: id,
      toState: body.name,
      data: { values: { name: body.name, companyCode: body.companyCode, vatNumber: body.vatNumber } },
    });
    return id;
  });
}

export async function updateCompany(options: { db: Database; actorId: number; id: number; body: CompanyValues }) {
  const { db, actorId, id, body } = options;
  await db.transaction(async (tx) => {
    const before = await lockCompany(tx, id);
    const changes: Record<string, { from: string; to: string }> = {};
    for (const field of editableFields) {
      if (before[field] !== body[field]) changes[field] = { from: before[field], to: body[field] };
    }
    if (Object.keys(changes).length === 0) return;
    await assertUnique(tx, body, id);
    await tx
      .update(companies)
      .set({ name: body.name, companyCode: body.companyCode, vatNumber: body.vatNumber })
      .where(eq(companies.id, id));
    // Its name is part of the chosen shop's summary every session of its shops holds (SessionContext.shop).
    if (changes.name) await invalidateSessions(tx, { all: true });
    await writeAudit(tx, { actorId, action: 'company.updated', entity: auditEntity, entityId: id, data: { changes } });
  });
}

export async function deleteCompany(options: { db: Database; actorId: number; id: number }) {
  const { db, actorId, id } = options;
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, id);
    const [owned] = await tx.select({ value: count() }).from(shops).where(eq(shops.companyId, id));
    const shopCount = owned?.value ?? 0;
    if (shopCount > 0) throw new AppError('companyHasShops', { count: shopCount });
    await tx.delete(companies).where(eq(companies.id, id));
    await writeAudit(tx, {
      actorId,
      action: 'company.deleted',
      entity: auditEntity,
      entityId: id,
      fromState: company.name,
      data: { values: { name: company.name, companyCode: company.companyCode, vatNumber: company.vatNumber } },
    });
  });
}

/** Every company's id and name, by name. */
export async function listCompanyOptions(db: Executor): Promise<CompanyOption[]> {
  return db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.name));
}
