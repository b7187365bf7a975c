// Employees: the record of spec §3 with its shops and groups, the OK → EX transition, soft delete
// and the employee's documents. Rules: username (case-insensitive), email and matricola are unique
// among every user ever created, the fiscal code among current ones; a user without "view all"
// reaches only employees of their own shops, and only administrators reach administrators; nobody
// grants a group with abilities they do not hold; no change may leave the company without an
// active administrator. Every change is audited with what it changed.
// Credentials: nobody sets a colleague's password. A new employee is mailed an invitation link to
// choose their own; a manager may send anyone a set-password link; a new email is only pending until
// the person confirms it from that address. Sending a link or changing the email of someone who holds
// an ability the editor lacks is refused (admins always may): it would hand the editor their account.

import {
  type AdministratorBody,
  type Employee,
  type EmployeeCreateBody,
  type EmployeeDocument,
  type EmployeeDocumentKind,
  type EmployeeHistoryEntry,
  type EmployeeListQuery,
  type EmployeeOptions,
  type EmployeeShop,
  type EmployeeSummary,
  type EmployeeType,
  type EmployeeTypeBody,
  type EmployeeUpdateBody,
  EX_EMPLOYEE_GROUP_NAME,
  type employeeCreateBodySchema,
  employeeTypeSchema,
  type employeeUpdateBodySchema,
  type SingleDocumentKind,
} from '@bottega/contracts/employees';
import type { ValidationRule } from '@bottega/contracts/errors';
import { ADMIN_GROUP_ID, BOSS_GROUP_NAME, isAdminGroup, mayDelegate } from '@bottega/contracts/permissions';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { shopsInScope, shopsInScopeValue } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { auditLog } from '../../platform/audit.schema';
import { newToken } from '../../platform/crypto';
import { containsPattern, type Database, type Executor, preparedPerDatabase } from '../../platform/db';
import { AppError, violatedUniqueIndex } from '../../platform/errors';
import type { Upload } from '../../platform/file-transfer';
import { kickJobs } from '../../platform/jobs';
import { hashPassword } from '../../platform/passwords';
import { invalidateSessions } from '../../platform/session-cache';
import type { SessionContext } from '../../platform/sessions';
import { revokeUserSessions } from '../../platform/sessions';
import { type Storage, safeFileName, sniffFileType } from '../../platform/storage';
import { userMfa } from '../auth/auth.schema';
import { pendingEmailOf, requestEmailChange } from '../auth/email-change.service';
import { resetMfa } from '../auth/mfa.service';
import { issuePasswordLink } from '../auth/password-reset.service';
import { shops, userShops } from '../shops/shops.schema';
import { listOpenShopSummaries } from '../shops/shops.service';
import { userGroupMembers, userGroups } from '../user-groups/user-groups.schema';
import { employeeDocuments, users } from './employees.schema';

const auditEntity = 'employee';

/** What the mails about credentials need: links, their validity, the key that seals them. */
type CredentialsConfig = Pick<
  Config,
  'appKey' | 'publicUrl' | 'passwordReset' | 'invitationDays' | 'emailConfirmationHours'
>;

type CreateBody = z.output<typeof employeeCreateBodySchema>;
type UpdateBody = z.output<typeof employeeUpdateBodySchema>;
type FieldErrors = Record<string, { rule: ValidationRule; params?: Record<string, unknown> }[]>;

function addFieldError(errors: FieldErrors, field: string, rule: ValidationRule) {
  errors[field] = [...(errors[field] ?? []), { rule }];
}

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
}

// ---------------------------------------------------------------------------------------------
// Who reaches whom

/**
 * The users table written out in full: in a single-table select Drizzle writes columns without their
 * table, which inside a correlated subquery would silently mean the subquery's own table.
 */
const userIdColumn = sql.raw('"users"."id"');

/** SQL: the user's first group (lowest position) is Amministratore (id 1) or BOSS (spec §6). */
function firstGroupIsAdmin(userId: SQL): SQL<boolean> {
  return sql<boolean>`coalesce((
    select (g.id = ${ADMIN_GROUP_ID} or g.name = ${BOSS_GROUP_NAME})
    from user_group_members m join user_groups g on g.id = m.group_id
    where m.user_id = ${userId}
    order by m.position, g.id
    limit 1
  ), false)`;
}

function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * Which current users the session reaches: everyone for admins; for anybody else, nobody whose first
 * group is an admin one, and, without "view all", only members of the session's own shops.
 */
function reachableBy(session: SessionContext): SQL | undefined {
  if (session.isAdmin) return undefined;
  const conditions: SQL[] = [sql`not ${firstGroupIsAdmin(userIdColumn)}`];
  const scope = shopsInScope(session, 'shops');
  if (scope !== 'all') {
    if (scope.length === 0) return sql`false`;
    conditions.push(
      sql`exists (select 1 from user_shops s where s.user_id = ${userIdColumn} and s.shop_id in (${idList(scope)}))`,
    );
  }
  return and(...conditions);
}

/** The current employee's row, locked for the change, when the session reaches them; 404 otherwise. */
async function lockReachableEmployee(tx: Executor, session: SessionContext, id: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), reachableBy(session)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

async function assertReachable(db: Executor, session: SessionContext, id: number): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), reachableBy(session)));
  if (!row) throw new AppError('notFound');
}

// ---------------------------------------------------------------------------------------------
// Reading

const summaryColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  surname: users.surname,
  matricola: users.matricola,
  email: users.email,
  fiscalCode: users.fiscalCode,
  phone: users.phone,
  employeeType: users.employeeType,
};

/**
 * A user's shops (main first, then by name) and groups (in order), as JSON columns of the row that selects the user:
 * read with it in one statement rather than in two more after it.
 */
function shopsOf(userId: SQL): SQL<EmployeeShop[]> {
  return sql<EmployeeShop[]>`coalesce((
    select json_agg(json_build_object('id', s.id, 'name', s.name, 'code', s.code, 'isMain', us.is_main)
                    order by us.is_main desc, s.name)
    from user_shops us join shops s on s.id = us.shop_id
    where us.user_id = ${userId}
  ), '[]'::json)`;
}

function groupsOf(userId: SQL): SQL<{ id: number; name: string }[]> {
  return sql<{ id: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', g.id, 'name', g.name) order by m.position, g.id)
    from user_group_members m join user_groups g on g.id = m.group_id
    where m.user_id = ${userId}
  ), '[]'::json)`;
}

/** A stored type, OK when it is none of ours. */
const storedTypeSchema = employeeTypeSchema.catch('OK');

function typeOf(value: string): EmployeeType {
  return storedTypeSchema.parse(value);
}

/**
 * Who the list shows, every filter a placeholder, so the screen's statement is built and planned once (it opens on
 * every visit): `everyone` (an administrator's view, else no administrator is listed), `scope` (the shops whose
 * people the viewer reaches; null for all), `patterns` (each typed word must match a field), `shopId`, `groupId`,
 * `type` (null: not filtered). The same rules as reachableBy.
 */
const employeesListWhere = and(
  isNull(users.deletedAt),
  sql`(${sql.placeholder('everyone')} or not ${firstGroupIsAdmin(userIdColumn)})`,
  sql`(${sql.placeholder('scope')}::int[] is null or exists (select 1 from user_shops s
        where s.user_id = ${userIdColumn} and s.shop_id = any(${sql.placeholder('scope')}::int[])))`,
  sql`not exists (select 1 from unnest(${sql.placeholder('patterns')}::text[]) as term(pattern)
        where not coalesce(${users.name} ilike term.pattern or ${users.surname} ilike term.pattern
          or ${users.username} ilike term.pattern or ${users.matricola} ilike term.pattern
          or ${users.fiscalCode} ilike term.pattern, false))`,
  sql`(${sql.placeholder('shopId')}::int is null or exists (select 1 from user_shops s
        where s.user_id = ${userIdColumn} and s.shop_id = ${sql.placeholder('shopId')}::int))`,
  sql`(${sql.placeholder('groupId')}::int is null or exists (select 1 from user_group_members m
        where m.user_id = ${userIdColumn} and m.group_id = ${sql.placeholder('groupId')}::int))`,
  sql`(${sql.placeholder('type')}::text is null or ${users.employeeType} = ${sql.placeholder('type')}::text)`,
);

/**
 * One statement: the page, each row's shops and groups, and the count of all matching rows (a window over them). The
 * page comes as one JSON value in the answer's shape: the driver parses it natively instead of Drizzle mapping every
 * cell of every row.
 */
const employeesPageStatement = preparedPerDatabase((db) => {
  const page = db
    .select({
      ...summaryColumns,
      isAdmin: firstGroupIsAdmin(userIdColumn).as('is_admin'),
      shops: shopsOf(userIdColumn).as('shops'),
      groups: groupsOf(userIdColumn).as('groups'),
      position: sql<number>`row_number() over (order by lower(${users.surname}), lower(${users.name}), ${users.id})`.as(
        'position',
      ),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(users)
    .where(employeesListWhere)
    .orderBy(sql`lower(${users.surname})`, sql`lower(${users.name})`, asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({
      rows: sql<
        (Omit<EmployeeSummary, 'employeeType'> & { employeeType: string })[]
      >`coalesce(json_agg(json_build_object(
        'id', ${page.id}, 'username', ${page.username}, 'name', ${page.name}, 'surname', ${page.surname},
        'matricola', ${page.matricola}, 'email', ${page.email}, 'fiscalCode', ${page.fiscalCode},
        'phone', ${page.phone}, 'employeeType', ${page.employeeType}, 'isAdmin', ${page.isAdmin},
        'shops', ${page.shops}, 'groups', ${page.groups}
      ) order by ${page.position}), '[]'::json)`,
      total: sql<number | null>`max(${page.total})`.mapWith((value) => (value === null ? null : Number(value))),
    })
    .from(page)
    .prepare('employees_page');
});

/** A page past the last has no row to carry the count. */
const employeesCountStatement = preparedPerDatabase((db) =>
  db.select({ value: count() }).from(users).where(employeesListWhere).prepare('employees_count'),
);

export async function listEmployees(options: { db: Database; session: SessionContext; query: EmployeeListQuery }) {
  const { db, session, query } = options;
  const { page, perPage } = query;
  const meta = { page, perPage, total: 0 };
  const scope = shopsInScopeValue(session, 'shops');
  // A shop outside the viewer's reach lists nobody.
  if (query.shopId !== undefined && scope && !scope.includes(query.shopId)) return { data: [], meta };
  const filters = {
    everyone: session.isAdmin,
    scope,
    // Every word must match one of the fields, so "rossi marco" finds Marco Rossi.
    patterns: (query.search ?? '').split(/\s+/).filter(Boolean).map(containsPattern),
    shopId: query.shopId ?? null,
    groupId: query.groupId ?? null,
    type: query.type ?? null,
  };
  const [answer] = await employeesPageStatement(db).execute({
    ...filters,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const rows = answer?.rows ?? [];
  const total = answer?.total ?? (page > 1 ? ((await employeesCountStatement(db).execute(filters))[0]?.value ?? 0) : 0);
  const data: EmployeeSummary[] = rows.map((row) => ({ ...row, employeeType: typeOf(row.employeeType) }));
  return { data, meta: { ...meta, total } };
}

type RememberedMemberships = {
  previousGroups?: { id: number; name: string }[];
  previousShops?: { id: number; isMain: boolean }[];
};

/** What a former employee had when they left, from the audit entry of that change. */
async function rememberedMemberships(db: Executor, id: number): Promise<RememberedMemberships> {
  const [row] = await db
    .select({ data: auditLog.data })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, auditEntity),
        eq(auditLog.entityId, String(id)),
        eq(auditLog.action, 'employee.typeChanged'),
        eq(auditLog.toState, 'EX'),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return (row?.data ?? {}) as RememberedMemberships;
}

/** The groups and shops remembered for a re-hire, as they are called today (gone ones left out). */
async function rehireOffer(db: Executor, id: number): Promise<NonNullable<Employee['rehire']>> {
  const remembered = await rememberedMemberships(db, id);
  const groupIds = (remembered.previousGroups ?? []).map((group) => group.id);
  const shopIds = (remembered.previousShops ?? []).map((shop) => shop.id);
  const groupRows = groupIds.length
    ? await db
        .select({ id: userGroups.id, name: userGroups.name })
        .from(userGroups)
        .where(inArray(userGroups.id, groupIds))
    : [];
  const shopRows = shopIds.length
    ? await db
        .select({ id: shops.id, name: shops.name, code: shops.code })
        .from(shops)
        .where(inArray(shops.id, shopIds))
    : [];
  return {
    groups: groupIds.flatMap((groupId) => groupRows.filter((group) => group.id === groupId)),
    shops: (remembered.previousShops ?? []).flatMap((previous) =>
      shopRows.filter((shop) => shop.id === previous.id).map((shop) => ({ ...shop, isMain: previous.isMain })),
    ),
  };
}

/** The full record, without the scope check (the caller made it). */
async function loadEmployee(db: Executor, id: number): Promise<Employee> {
  const [row] = await db
    .select({
      ...summaryColumns,
      isAdmin: firstGroupIsAdmin(userIdColumn),
      depositCardNumber: users.depositCardNumber,
      engagementDate: users.engagementDate,
      birthday: users.birthday,
      identityCardNumber: users.identityCardNumber,
      address: users.address,
      city: users.city,
      cap: users.cap,
      iban: users.iban,
      bic: users.bic,
      bankName: users.bankName,
      useFingerprint: users.useFingerprint,
      mfaEnabled: sql<boolean>`exists (select 1 from ${userMfa} where ${userMfa.userId} = ${users.id} and ${userMfa.enabledAt} is not null)`,
      shops: shopsOf(userIdColumn),
      groups: groupsOf(userIdColumn),
      registeredAt: users.registeredAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw new AppError('notFound');
  const employeeType = typeOf(row.employeeType);
  return {
    ...row,
    employeeType,
    isAdmin: Boolean(row.isAdmin),
    mfaEnabled: Boolean(row.mfaEnabled),
    registeredAt: row.registeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    pendingEmail: await pendingEmailOf(db, id),
    rehire: employeeType === 'EX' ? await rehireOffer(db, id) : null,
  };
}

export async function getEmployee(options: { db: Database; session: SessionContext; id: number }) {
  await assertReachable(options.db, options.session, options.id);
  return loadEmployee(options.db, options.id);
}

export async function getEmployeeOptions(options: { db: Database; session: SessionContext }): Promise<EmployeeOptions> {
  const { db, session } = options;
  const scope = shopsInScope(session, 'shops');
  const shopRows = await listOpenShopSummaries({ db, memberId: scope === 'all' ? undefined : session.userId });
  const groupRows = await db
    .select({ id: userGroups.id, name: userGroups.name, permissions: userGroups.permissions })
    .from(userGroups)
    .orderBy(asc(userGroups.id));
  return {
    shops: shopRows.map(({ id, name, code, city }) => ({ id, name, code, city })),
    groups: groupRows.map((group) => ({
      id: group.id,
      name: group.name,
      isAdmin: isAdminGroup(group),
      isExEmployee: group.name === EX_EMPLOYEE_GROUP_NAME,
      grantable: mayDelegate(session, group) && group.name !== EX_EMPLOYEE_GROUP_NAME,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Rules shared by the changes

/** The last active administrator may not stop being one (spec §6: admin = first group id 1 or BOSS). */
async function assertAnotherAdminRemains(tx: Executor, userId: number): Promise<void> {
  // Serialises admin changes: two admins demoting each other at once cannot both pass the count.
  await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(or(eq(userGroups.id, ADMIN_GROUP_ID), eq(userGroups.name, BOSS_GROUP_NAME)))
    .for('update');
  const [others] = await tx
    .select({ value: count() })
    .from(users)
    .where(and(isNull(users.deletedAt), ne(users.id, userId), firstGroupIsAdmin(userIdColumn)));
  if ((others?.value ?? 0) === 0) throw new AppError('lastAdmin');
}

async function currentGroups(tx: Executor, userId: number) {
  return tx
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(eq(userGroupMembers.userId, userId))
    .orderBy(asc(userGroupMembers.position), asc(userGroups.id));
}

/**
 * Refuses (403) to touch the credentials of someone holding an ability the session lacks, or an
 * administrator: whoever redirects their email or password link takes their account and its abilities.
 */
async function assertMayHandleCredentials(tx: Executor, session: SessionContext, userId: number): Promise<void> {
  if (session.isAdmin) return;
  const groups = await tx
    .select({ id: userGroups.id, name: userGroups.name, permissions: userGroups.permissions })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(eq(userGroupMembers.userId, userId));
  if (groups.some((group) => !mayDelegate(session, group))) throw new AppError('colleagueMorePrivileged');
}

async function currentShops(tx: Executor, userId: number) {
  return tx
    .select({ id: userShops.shopId, isMain: userShops.isMain })
    .from(userShops)
    .where(eq(userShops.userId, userId))
    .orderBy(desc(userShops.isMain), asc(userShops.shopId));
}

/**
 * The groups asked for, in order and without repeats: at least one, all existing, never Ex Dipendente
 * (that comes with the EX type), and any group not held before only when the session may grant it.
 */
async function resolveGroups(
  tx: Executor,
  session: SessionContext,
  groupIds: readonly number[],
  heldBefore: readonly number[],
  errors: FieldErrors,
): Promise<{ id: number; name: string }[]> {
  const wanted = [...new Set(groupIds)];
  if (wanted.length === 0) {
    addFieldError(errors, 'groupIds', 'required');
    return [];
  }
  const rows = await tx
    .select({ id: userGroups.id, name: userGroups.name, permissions: userGroups.permissions })
    .from(userGroups)
    .where(inArray(userGroups.id, wanted));
  const groups = wanted.flatMap((id) => rows.filter((row) => row.id === id));
  if (groups.length !== wanted.length || groups.some((group) => group.name === EX_EMPLOYEE_GROUP_NAME)) {
    addFieldError(errors, 'groupIds', 'invalid');
    return [];
  }
  if (groups.some((group) => !heldBefore.includes(group.id) && !mayDelegate(session, group))) {
    throw new AppError('abilityNotHeld');
  }
  return groups.map(({ id, name }) => ({ id, name }));
}

type ShopPlan = { id: number; isMain: boolean }[];

/**
 * The shops asked for (the main one included). A user without "view all" may only give shops of
 * their own, and the employee's memberships outside their reach are kept as they are.
 */
async function resolveShops(
  tx: Executor,
  session: SessionContext,
  asked: { shopId: number | null; shopIds: readonly number[] },
  before: ShopPlan,
  errors: FieldErrors,
): Promise<ShopPlan> {
  const wanted = [...new Set([...(asked.shopId === null ? [] : [asked.shopId]), ...asked.shopIds])];
  const existing = wanted.length ? await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, wanted)) : [];
  const scope = shopsInScope(session, 'shops');
  const allowed = (id: number) => existing.some((shop) => shop.id === id) && (scope === 'all' || scope.includes(id));
  if (asked.shopId !== null && !allowed(asked.shopId)) addFieldError(errors, 'shopId', 'invalid');
  if (asked.shopIds.some((id) => !allowed(id))) addFieldError(errors, 'shopIds', 'invalid');
  const kept = scope === 'all' ? [] : before.filter((shop) => !scope.includes(shop.id));
  const keptMain = kept.find((shop) => shop.isMain)?.id ?? null;
  const main = asked.shopId ?? keptMain;
  return [...kept.map((shop) => shop.id), ...wanted].map((id) => ({ id, isMain: id === main }));
}

async function replaceGroups(tx: Executor, userId: number, groupIds: readonly number[]) {
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.userId, userId));
  if (groupIds.length > 0) {
    await tx.insert(userGroupMembers).values(groupIds.map((groupId, position) => ({ userId, groupId, position })));
  }
  await invalidateSessions(tx, { userId });
}

async function replaceShops(tx: Executor, userId: number, plan: ShopPlan) {
  await tx.delete(userShops).where(eq(userShops.userId, userId));
  if (plan.length > 0) {
    await tx.insert(userShops).values(plan.map((shop) => ({ userId, shopId: shop.id, isMain: shop.isMain })));
  }
  await invalidateSessions(tx, { userId });
}

const sameShops = (left: ShopPlan, right: ShopPlan) =>
  left.length === right.length &&
  left.every((shop) => right.some((other) => other.id === shop.id && other.isMain === shop.isMain));

/**
 * Username (case-insensitive), email (case-insensitive) and matricola are unique among every user
 * ever created, removed ones included (their payroll history still names them); the fiscal code
 * among current users, since payslips are matched to people by it.
 */
async function checkUnique(
  tx: Executor,
  values: { username: string; email: string; matricola: string | null; fiscalCode: string | null },
  exceptId: number | null,
  errors: FieldErrors,
): Promise<void> {
  const notSelf = exceptId === null ? undefined : ne(users.id, exceptId);
  const taken = await tx
    .select({
      username: sql<boolean>`lower(${users.username}) = lower(${values.username})`,
      email: sql<boolean>`lower(${users.email}) = lower(${values.email})`,
      matricola:
        values.matricola === null ? sql<boolean>`false` : sql<boolean>`${users.matricola} = ${values.matricola}`,
      fiscalCode:
        values.fiscalCode === null
          ? sql<boolean>`false`
          : sql<boolean>`${users.deletedAt} is null and ${users.fiscalCode} = ${values.fiscalCode}`,
    })
    .from(users)
    .where(
      and(
        notSelf,
        or(
          sql`lower(${users.username}) = lower(${values.username})`,
          sql`lower(${users.email}) = lower(${values.email})`,
          values.matricola === null ? undefined : eq(users.matricola, values.matricola),
          values.fiscalCode === null
            ? undefined
            : and(isNull(users.deletedAt), eq(users.fiscalCode, values.fiscalCode)),
        ),
      ),
    );
  for (const field of ['username', 'email', 'matricola', 'fiscalCode'] as const) {
    if (taken.some((row) => row[field])) addFieldError(errors, field, 'unique');
  }
}

/** A unique index that fired anyway (two saves at once) is still a field error, not a 500. */
function uniqueViolationField(error: unknown): string | null {
  const fields: Record<string, string> = {
    users_username_key: 'username',
    users_email_key: 'email',
    users_matricola_key: 'matricola',
  };
  const index = violatedUniqueIndex(error);
  const name = index === null ? undefined : Object.keys(fields).find((key) => index.includes(key));
  return (name && fields[name]) || null;
}

async function mapUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field) throw new AppError('validation', {}, { [field]: [{ rule: 'unique' }] });
    throw error;
  }
}

/** The record's own columns, as stored (blank optional identifiers are null). */
function columnsOf(body: CreateBody | UpdateBody) {
  return {
    name: body.name,
    surname: body.surname,
    matricola: body.matricola || null,
    username: body.username,
    email: body.email,
    depositCardNumber: body.depositCardNumber,
    phone: body.phone,
    fiscalCode: body.fiscalCode || null,
    engagementDate: body.engagementDate,
    birthday: body.birthday,
    identityCardNumber: body.identityCardNumber,
    address: body.address,
    city: body.city,
    cap: body.cap,
    iban: body.iban,
    bic: body.bic,
    bankName: body.bankName,
    useFingerprint: body.useFingerprint,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes

export async function createEmployee(options: {
  db: Database;
  config: CredentialsConfig;
  session: SessionContext;
  body: EmployeeCreateBody;
  ip?: string;
}): Promise<number> {
  const { db, session } = options;
  const body = options.body as CreateBody;
  // A password nobody knows: the employee chooses theirs through the invitation mailed below.
  const passwordHash = await hashPassword(newToken());
  const columns = columnsOf(body);
  const id = await mapUniqueViolation(() =>
    db.transaction(async (tx) => {
      const errors: FieldErrors = {};
      await checkUnique(tx, columns, null, errors);
      const groups = await resolveGroups(tx, session, body.groupIds, [], errors);
      const shopPlan = await resolveShops(tx, session, body, [], errors);
      // Someone who sees only their own shops would lose sight of the employee at once.
      if (shopsInScope(session, 'shops') !== 'all' && body.shopId === null) addFieldError(errors, 'shopId', 'required');
      throwIfAny(errors);
      const [created] = await tx
        .insert(users)
        .values({ ...columns, passwordHash, employeeType: 'OK' })
        .returning({ id: users.id });
      const id = created?.id as number;
      await replaceGroups(
        tx,
        id,
        groups.map((group) => group.id),
      );
      await replaceShops(tx, id, shopPlan);
      const invitation = await issuePasswordLink(tx, {
        config: options.config,
        user: { id, email: columns.email, name: columns.name, username: columns.username, lng: 'it' },
        purpose: 'invitation',
        ip: options.ip ?? null,
      });
      await writeAudit(tx, {
        actorId: session.userId,
        action: 'employee.created',
        entity: auditEntity,
        entityId: id,
        toState: 'OK',
        data: {
          ...columns,
          groups,
          shops: shopPlan,
          invitation: { resetId: invitation.resetId, mailId: invitation.mailId },
        },
        ip: options.ip,
      });
      return id;
    }),
  );
  kickJobs();
  return id;
}

/**
 * An administrator made from the server's console (`npm run admin:create`): the first person of a new installation, or
 * a way back in when nobody can sign in as one. In the Amministratore group (every ability), invited to choose their
 * password; audited with no actor, as the console's.
 */
export async function createAdministrator(options: {
  db: Database;
  config: CredentialsConfig;
  body: AdministratorBody;
}): Promise<{ id: number; link: string; mailId: number }> {
  const { body } = options;
  const passwordHash = await hashPassword(newToken());
  return mapUniqueViolation(() =>
    options.db.transaction(async (tx) => {
      const errors: FieldErrors = {};
      await checkUnique(tx, { ...body, matricola: null, fiscalCode: null }, null, errors);
      throwIfAny(errors);
      const [created] = await tx
        .insert(users)
        .values({ ...body, passwordHash, employeeType: 'OK' })
        .returning({ id: users.id });
      const id = created?.id as number;
      await replaceGroups(tx, id, [ADMIN_GROUP_ID]);
      const invitation = await issuePasswordLink(tx, {
        config: options.config,
        user: { id, email: body.email, name: body.name, username: body.username, lng: 'it' },
        purpose: 'invitation',
        ip: null,
      });
      await writeAudit(tx, {
        actorId: null,
        action: 'employee.created',
        entity: auditEntity,
        entityId: id,
        toState: 'OK',
        data: { ...body, groups: [ADMIN_GROUP_ID], from: 'console', invitation: { resetId: invitation.resetId } },
      });
      return { id, link: invitation.link, mailId: invitation.mailId };
    }),
  );
}

/** Mails the person a link to choose a new password (the same as an invitation), audited. */
export async function sendPasswordLink(options: {
  db: Database;
  config: CredentialsConfig;
  session: SessionContext;
  id: number;
  ip?: string;
}): Promise<void> {
  const { session, id } = options;
  await options.db.transaction(async (tx) => {
    const person = await lockReachableEmployee(tx, session, id);
    await assertMayHandleCredentials(tx, session, id);
    const link = await issuePasswordLink(tx, {
      config: options.config,
      user: person,
      purpose: 'invitation',
      ip: options.ip ?? null,
    });
    await writeAudit(tx, {
      actorId: session.userId,
      action: 'employee.passwordLinkSent',
      entity: auditEntity,
      entityId: id,
      data: { resetId: link.resetId, mailId: link.mailId },
      ip: options.ip,
    });
  });
  kickJobs();
}

export async function updateEmployee(options: {
  db: Database;
  config: CredentialsConfig;
  session: SessionContext;
  id: number;
  body: EmployeeUpdateBody;
  ip?: string;
}): Promise<void> {
  const { db, session, id } = options;
  const body = options.body as UpdateBody;
  // The address changes only once the person confirms it from the new one (requestEmailChange).
  const { email: askedEmail, ...columns } = columnsOf(body);
  await mapUniqueViolation(() =>
    db.transaction(async (tx) => {
      const before = await lockReachableEmployee(tx, session, id);
      const errors: FieldErrors = {};
      await checkUnique(tx, { ...columns, email: askedEmail }, id, errors);
      const emailChanged = askedEmail.toLowerCase() !== before.email.toLowerCase();
      if (emailChanged) await assertMayHandleCredentials(tx, session, id);

      const groupsBefore = await currentGroups(tx, id);
      const shopsBefore = await currentShops(tx, id);
      const touchesMemberships = body.groupIds !== undefined || body.shopIds !== undefined || body.shopId !== undefined;
      // A former employee's groups and shops change only with their type (re-hire).
      if (before.employeeType === 'EX' && touchesMemberships) addFieldError(errors, 'groupIds', 'invalid');

      let groups: { id: number; name: string }[] | null = null;
      if (before.employeeType !== 'EX' && body.groupIds !== undefined) {
        const asked = [...new Set(body.groupIds)];
        const unchanged = asked.join() === groupsBefore.map((group) => group.id).join();
        if (!unchanged) {
          groups = await resolveGroups(
            tx,
            session,
            asked,
            groupsBefore.map((group) => group.id),
            errors,
          );
        }
      }
      let shopPlan: ShopPlan | null = null;
      if (before.employeeType !== 'EX' && (body.shopIds !== undefined || body.shopId !== undefined)) {
        const mainBefore = shopsBefore.find((shop) => shop.isMain)?.id ?? null;
        const asked = {
          shopId: body.shopId === undefined ? mainBefore : body.shopId,
          shopIds: body.shopIds ?? shopsBefore.map((shop) => shop.id),
        };
        const plan = await resolveShops(tx, session, asked, shopsBefore, errors);
        if (!sameShops(plan, shopsBefore)) shopPlan = plan;
      }
      throwIfAny(errors);

      if (groups && isAdminGroup(groupsBefore[0]) && !isAdminGroup(groups[0])) {
        await assertAnotherAdminRemains(tx, id);
      }

      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [field, value] of Object.entries(columns) as [keyof typeof columns, unknown][]) {
        if (before[field] !== value) changes[field] = { from: before[field], to: value };
      }
      if (Object.keys(changes).length > 0) {
        await tx
          .update(users)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(users.id, id));
        await invalidateSessions(tx, { userId: id });
      }
      if (groups) {
        await replaceGroups(
          tx,
          id,
          groups.map((group) => group.id),
        );
        changes.groups = { from: groupsBefore, to: groups };
      }
      if (shopPlan) {
        await replaceShops(tx, id, shopPlan);
        changes.shops = { from: shopsBefore, to: shopPlan };
      }
      if (emailChanged && askedEmail !== (await pendingEmailOf(tx, id))) {
        await requestEmailChange(tx, {
          config: options.config,
          user: before,
          email: askedEmail,
          actorId: session.userId,
          ip: options.ip ?? null,
        });
      }
      if (Object.keys(changes).length === 0) return;
      await writeAudit(tx, {
        actorId: session.userId,
        action: 'employee.updated',
        entity: auditEntity,
        entityId: id,
        data: { changes },
        ip: options.ip,
      });
    }),
  );
  kickJobs();
}

async function exEmployeeGroup(tx: Executor): Promise<{ id: number; name: string }> {
  const [group] = await tx
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(eq(userGroups.name, EX_EMPLOYEE_GROUP_NAME));
  if (!group) throw new Error(`the group ${EX_EMPLOYEE_GROUP_NAME} is missing`);
  return group;
}

/**
 * OK → EX: the groups are replaced by Ex Dipendente, the shops left and their sessions ended, so
 * they sign in again to their own payslips and tax certificates only; what they had
 * is kept in the audit entry. EX → OK (re-hire): the groups and shops given, or those remembered.
 */
export async function changeEmployeeType(options: {
  db: Database;
  session: SessionContext;
  id: number;
  body: EmployeeTypeBody;
  ip?: string;
}): Promise<Employee> {
  const { db, session, id, body } = options;
  return db.transaction(async (tx) => {
    const before = await lockReachableEmployee(tx, session, id);
    const from = typeOf(before.employeeType);
    const to = body.employeeType;
    if (from === to) return loadEmployee(tx, id);
    const groupsBefore = await currentGroups(tx, id);
    const shopsBefore = await currentShops(tx, id);

    if (to === 'EX') {
      if (isAdminGroup(groupsBefore[0])) await assertAnotherAdminRemains(tx, id);
      const exGroup = await exEmployeeGroup(tx);
      await replaceGroups(tx, id, [exGroup.id]);
      await replaceShops(tx, id, []);
      await tx.update(users).set({ employeeType: 'EX', updatedAt: new Date() }).where(eq(users.id, id));
      await invalidateSessions(tx, { userId: id });
      // They sign in again, to the former employee's view only.
      const revokedSessions = await revokeUserSessions(tx, id);
      await writeAudit(tx, {
        actorId: session.userId,
        action: 'employee.typeChanged',
        entity: auditEntity,
        entityId: id,
        fromState: from,
        toState: to,
        data: {
          previousGroups: groupsBefore,
          previousShops: shopsBefore,
          groups: [exGroup],
          revokedSessions,
        },
        ip: options.ip,
      });
      return loadEmployee(tx, id);
    }

    const remembered = await rememberedMemberships(tx, id);
    const restored = body.groupIds === undefined;
    const errors: FieldErrors = {};
    const rememberedGroupIds = (remembered.previousGroups ?? []).map((group) => group.id);
    const groups = await resolveGroups(
      tx,
      session,
      body.groupIds ?? rememberedGroupIds,
      // What they held before leaving is theirs again, not a new grant.
      rememberedGroupIds,
      errors,
    );
    const rememberedShops = remembered.previousShops ?? [];
    const shopPlan = await resolveShops(
      tx,
      session,
      {
        shopId: body.shopId !== undefined ? body.shopId : (rememberedShops.find((shop) => shop.isMain)?.id ?? null),
        shopIds: body.shopIds ?? rememberedShops.map((shop) => shop.id),
      },
      [],
      errors,
    );
    throwIfAny(errors);
    await replaceGroups(
      tx,
      id,
      groups.map((group) => group.id),
    );
    await replaceShops(tx, id, shopPlan);
    await tx.update(users).set({ employeeType: 'OK', updatedAt: new Date() }).where(eq(users.id, id));
    await invalidateSessions(tx, { userId: id });
    await writeAudit(tx, {
      actorId: session.userId,
      action: 'employee.typeChanged',
      entity: auditEntity,
      entityId: id,
      fromState: from,
      toState: to,
      data: {
        previousGroups: groupsBefore,
        groups,
        shops: shopPlan,
        restored,
      },
      ip: options.ip,
    });
    return loadEmployee(tx, id);
  });
}

/** Soft delete: the row (and their payroll history) stays, they leave every list and their sessions end. */
export async function deleteEmployee(options: {
  db: Database;
  session: SessionContext;
  id: number;
  ip?: string;
}): Promise<void> {
  const { db, session, id } = options;
  await db.transaction(async (tx) => {
    const before = await lockReachableEmployee(tx, session, id);
    const groups = await currentGroups(tx, id);
    if (isAdminGroup(groups[0])) await assertAnotherAdminRemains(tx, id);
    await tx.update(users).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await invalidateSessions(tx, { userId: id });
    const revokedSessions = await revokeUserSessions(tx, id);
    await writeAudit(tx, {
      actorId: session.userId,
      action: 'employee.deleted',
      entity: auditEntity,
      entityId: id,
      fromState: before.employeeType,
      toState: 'deleted',
      data: { username: before.username, name: before.name, surname: before.surname, revokedSessions },
      ip: options.ip,
    });
  });
}

/** Spec §2 "reset of two-factor authentication": for someone the session reaches; audited by the auth module. */
export async function resetEmployeeMfa(options: { db: Database; session: SessionContext; id: number; ip?: string }) {
  const { db, session, id } = options;
  await assertReachable(db, session, id);
  await resetMfa({ db, actorId: session.userId, userId: id, ip: options.ip });
}

export async function listEmployeeHistory(options: {
  db: Database;
  session: SessionContext;
  id: number;
  page: number;
  perPage: number;
}) {
  const { db, session, id, page, perPage } = options;
  await assertReachable(db, session, id);
  const where = and(eq(auditLog.entity, auditEntity), eq(auditLog.entityId, String(id)));
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
      action: auditLog.action,
      fromState: auditLog.fromState,
      toState: auditLog.toState,
      data: auditLog.data,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(auditLog).where(where);
  const data: EmployeeHistoryEntry[] = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  return { data, meta: { page, perPage, total: total?.value ?? 0 } };
}

// ---------------------------------------------------------------------------------------------
// Documents

const typeByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const documentTypes = new Set(Object.values(typeByExtension));

/** Names browsers and scanners give JPEG besides the standard one. */
const typeAliases: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/** Declared types that say nothing about the content. */
const genericTypes = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * What the file really is, from its first bytes: JPEG, PNG, WebP or PDF, or 415. A name or declared
 * type that says otherwise (a PNG renamed .pdf) is refused with 422, so what is stored is what it claims.
 */
export function inspectUpload(upload: Upload): { mimeType: string; extension: string } {
  const sniffed = sniffFileType(upload.bytes);
  if (!sniffed || !documentTypes.has(sniffed.mimeType)) throw new AppError('fileTypeNotAllowed');
  const name = safeFileName(upload.fileName);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (extension && typeByExtension[extension] !== sniffed.mimeType) throw new AppError('fileContentMismatch');
  const declared = upload.declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  const declaredType = typeAliases[declared] ?? declared;
  if (!genericTypes.has(declaredType) && declaredType !== sniffed.mimeType) throw new AppError('fileContentMismatch');
  return sniffed;
}

const documentColumns = {
  id: employeeDocuments.id,
  kind: employeeDocuments.kind,
  fileName: employeeDocuments.fileName,
  mimeType: employeeDocuments.mimeType,
  size: employeeDocuments.size,
  uploadedAt: employeeDocuments.uploadedAt,
  uploadedBy: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
};

function toDocument(row: {
  id: number;
  kind: string;
  fileName: string;
  mimeType: string;
  size: number;
  uploadedAt: Date;
  uploadedBy: string | null;
}): EmployeeDocument {
  return { ...row, kind: row.kind as EmployeeDocumentKind, uploadedAt: row.uploadedAt.toISOString() };
}

export async function listEmployeeDocuments(options: {
  db: Database;
  session: SessionContext;
  id: number;
}): Promise<EmployeeDocument[]> {
  const { db, session, id } = options;
  await assertReachable(db, session, id);
  const rows = await db
    .select(documentColumns)
    .from(employeeDocuments)
    .leftJoin(users, eq(users.id, employeeDocuments.uploadedBy))
    .where(eq(employeeDocuments.userId, id))
    .orderBy(asc(employeeDocuments.kind), desc(employeeDocuments.uploadedAt), desc(employeeDocuments.id));
  return rows.map(toDocument);
}

/**
 * Stores one document. The employee is checked before the file is read; identity and health-card
 * sides keep one current file each, so a new upload deletes the one it replaces.
 */
export async function storeEmployeeDocument(options: {
  db: Database;
  storage: Storage;
  session: SessionContext;
  id: number;
  kind: SingleDocumentKind | 'management';
  read: () => Promise<Upload>;
  ip?: string;
}): Promise<EmployeeDocument> {
  const { db, storage, session, id, kind } = options;
  await assertReachable(db, session, id);
  const upload = await options.read();
  const type = inspectUpload(upload);
  const fileName = safeFileName(upload.fileName);
  const storageKey = await storage.put(`employees/${id}`, upload.bytes, type.extension);
  let replacedKeys: string[] = [];
  try {
    const documentId = await db.transaction(async (tx) => {
      await lockReachableEmployee(tx, session, id);
      const replaced =
        kind === 'management'
          ? []
          : await tx
              .delete(employeeDocuments)
              .where(and(eq(employeeDocuments.userId, id), eq(employeeDocuments.kind, kind)))
              .returning({ storageKey: employeeDocuments.storageKey, fileName: employeeDocuments.fileName });
      replacedKeys = replaced.map((row) => row.storageKey);
      const [created] = await tx
        .insert(employeeDocuments)
        .values({
          userId: id,
          kind,
          storageKey,
          fileName,
          mimeType: type.mimeType,
          size: upload.bytes.byteLength,
          uploadedBy: session.userId,
        })
        .returning({ id: employeeDocuments.id });
      await writeAudit(tx, {
        actorId: session.userId,
        action: 'employee.documentUploaded',
        entity: auditEntity,
        entityId: id,
        data: {
          documentId: created?.id,
          kind,
          fileName,
          mimeType: type.mimeType,
          size: upload.bytes.byteLength,
          ...(replaced.length > 0 ? { replaced: replaced.map((row) => row.fileName) } : {}),
        },
        ip: options.ip,
      });
      return created?.id as number;
    });
    // Only once the new row is committed: a failed save leaves the old file in place.
    await Promise.all(replacedKeys.map((key) => storage.remove(key)));
    const [row] = await db
      .select(documentColumns)
      .from(employeeDocuments)
      .leftJoin(users, eq(users.id, employeeDocuments.uploadedBy))
      .where(eq(employeeDocuments.id, documentId));
    return toDocument(row as NonNullable<typeof row>);
  } catch (error) {
    if (replacedKeys.length === 0) await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

async function findDocument(db: Executor, id: number, documentId: number) {
  const [row] = await db
    .select()
    .from(employeeDocuments)
    .where(and(eq(employeeDocuments.id, documentId), eq(employeeDocuments.userId, id)));
  if (!row) throw new AppError('notFound');
  return row;
}

/** The file's bytes for a preview (inline) or a download (audited). */
export async function readEmployeeDocument(options: {
  db: Database;
  storage: Storage;
  session: SessionContext;
  id: number;
  documentId: number;
  download: boolean;
  ip?: string;
}) {
  const { db, session, id, documentId } = options;
  await assertReachable(db, session, id);
  const row = await findDocument(db, id, documentId);
  const bytes = await options.storage.get(row.storageKey);
  if (options.download) {
    await writeAudit(db, {
      actorId: session.userId,
      action: 'employee.documentDownloaded',
      entity: auditEntity,
      entityId: id,
      data: { documentId, kind: row.kind, fileName: row.fileName },
      ip: options.ip,
    });
  }
  return { bytes, fileName: row.fileName, mimeType: row.mimeType };
}

export async function deleteEmployeeDocument(options: {
  db: Database;
  storage: Storage;
  session: SessionContext;
  id: number;
  documentId: number;
  ip?: string;
}): Promise<void> {
  const { db, session, id, documentId } = options;
  const removed = await db.transaction(async (tx) => {
    await lockReachableEmployee(tx, session, id);
    const row = await findDocument(tx, id, documentId);
    // Management documents are handled by those who may upload them.
    if (row.kind === 'management' && !session.abilities.has('employees.manage.uploadManagementDocument')) {
      throw new AppError('forbidden');
    }
    await tx.delete(employeeDocuments).where(eq(employeeDocuments.id, documentId));
    await writeAudit(tx, {
      actorId: session.userId,
      action: 'employee.documentDeleted',
      entity: auditEntity,
      entityId: id,
      data: { documentId, kind: row.kind, fileName: row.fileName },
      ip: options.ip,
    });
    return row;
  });
  await options.storage.remove(removed.storageKey);
}
