// The social accounts Bottega publishes to (§2 Automation users): each speaks for one shop or for a company; its token
// is sealed with the app key and never answered. Scoped like every shop record: without automation.allShops a person
// reaches the company's accounts and those of their own shops, and another shop's account answers 404.
import type { Account, AccountListQuery, AccountState, AccountValues } from '@bottega/contracts/automation';
import { accountListQuerySchema } from '@bottega/contracts/automation';
import { and, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import {
  type SocialAccountRef,
  SocialNetworkError,
  socialNetworkAdapter,
} from '../../integrations/social/social-network';
import { inScopePlaceholder, shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { companies } from '../companies/companies.schema';
import { shops } from '../shops/shops.schema';
import { automationAccounts, automationPosts, automationPostTargets } from './automation.schema';
import { postsOfAccount, refreshPostReach } from './post-reach';

const auditEntity = 'automationAccount';

type Call = { db: Database; viewer: SessionContext };

/** The accounts the viewer reaches: the company's, and those of their shops (every shop with automation.allShops). */
export function accountScope(viewer: SessionContext): SQL | undefined {
  const scope = shopsInScope(viewer, 'automation');
  if (scope === 'all') return undefined;
  return scope.length === 0
    ? isNull(automationAccounts.shopId)
    : or(isNull(automationAccounts.shopId), inArray(automationAccounts.shopId, scope));
}

/**
 * accountScope for a prepared statement, built once for every viewer: the same reach with the viewer's shops in the
 * `scope` placeholder (shopsInScopeValue for 'automation'; an empty list leaves the companies' accounts). Change the
 * two together.
 */
export const accountInScopeOfPlaceholder = or(
  isNull(automationAccounts.shopId),
  inScopePlaceholder(automationAccounts.shopId),
) as SQL;

function selectAccounts(db: Executor) {
  return db
    .select({ account: automationAccounts, shopCode: shops.code, shopName: shops.name, companyName: companies.name })
    .from(automationAccounts)
    .leftJoin(shops, eq(shops.id, automationAccounts.shopId))
    .leftJoin(companies, eq(companies.id, automationAccounts.companyId));
}
type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['execute']>>[number];

function toAccount(row: AccountRow): Account {
  const { account } = row;
  return {
    id: account.id,
    network: account.network,
    name: account.name,
    handle: account.handle,
    shop: account.shopId === null ? null : { id: account.shopId, code: row.shopCode ?? '', name: row.shopName ?? '' },
    company: account.companyId === null ? null : { id: account.companyId, name: row.companyName ?? '' },
    externalId: account.externalId,
    webhookUrl: account.webhookUrl,
    tokenSet: account.tokenEncrypted !== null,
    state: account.state,
    stateMessage: account.stateMessage,
    lastCheckedAt: account.lastCheckedAt?.toISOString() ?? null,
    publishedPosts: account.publishedPosts,
    figures: { likes: account.likes, comments: account.comments, shares: account.shares, reach: account.reach },
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

export async function listAccounts(options: Call & { query: AccountListQuery }) {
  const query = accountListQuerySchema.parse(options.query);
  const words = (query.search ?? '').split(/\s+/).filter(Boolean);
  const where = and(
    accountScope(options.viewer),
    query.network === undefined ? undefined : eq(automationAccounts.network, query.network),
    query.state === undefined ? undefined : eq(automationAccounts.state, query.state),
    query.shopId === undefined ? undefined : eq(automationAccounts.shopId, query.shopId),
    ...words.map((word) =>
      or(
        ilike(automationAccounts.name, containsPattern(word)),
        ilike(automationAccounts.handle, containsPattern(word)),
      ),
    ),
  );
  const [rows, [total]] = await Promise.all([
    selectAccounts(options.db)
      .where(where)
      .orderBy(automationAccounts.name, automationAccounts.id)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    options.db.select({ total: count() }).from(automationAccounts).where(where),
  ]);
  return {
    data: rows.map(toAccount),
    meta: { page: query.page, perPage: query.perPage, total: total?.total ?? 0 },
  };
}

export async function getAccount(options: Call & { id: number }): Promise<Account> {
  const [row] = await selectAccounts(options.db).where(
    and(eq(automationAccounts.id, options.id), accountScope(options.viewer)),
  );
  if (!row) throw new AppError('notFound');
  return toAccount(row);
}

/** What an account may speak for: the viewer's shops (every shop with automation.allShops), and the companies. */
export async function accountScopes(options: Call) {
  const scope = shopsInScope(options.viewer, 'automation');
  const [shopRows, companyRows] = await Promise.all([
    options.db
      .select({ id: shops.id, code: shops.code, name: shops.name })
      .from(shops)
      .where(scope === 'all' ? undefined : scope.length === 0 ? sql`false` : inArray(shops.id, scope))
      .orderBy(shops.code),
    options.db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(companies.name),
  ]);
  return { shops: shopRows, companies: companyRows };
}

/** The shop or company named exists and, for a shop, is one the viewer reaches (else 404, as for any other shop). */
async function assertSpeaksFor(options: Call, values: AccountValues): Promise<void> {
  if (values.shopId !== null) {
    const scope = shopsInScope(options.viewer, 'automation');
    const [shop] = await options.db.select({ id: shops.id }).from(shops).where(eq(shops.id, values.shopId));
    if (!shop || (scope !== 'all' && !scope.includes(values.shopId))) throw new AppError('notFound');
  }
  if (values.companyId !== null) {
    const [company] = await options.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, values.companyId));
    if (!company) throw new AppError('notFound');
  }
}

function columnsOf(values: AccountValues, appKey: string) {
  return {
    network: values.network,
    name: values.name,
    handle: values.handle,
    shopId: values.shopId,
    companyId: values.companyId,
    externalId: values.network === 'webhook' ? '' : values.externalId,
    webhookUrl: values.network === 'webhook' ? values.webhookUrl : '',
    ...(values.token === undefined ? {} : { tokenEncrypted: encryptSecret(appKey, values.token) }),
  };
}

/** What an audit entry keeps of an account: never its token, only whether it changed. */
function auditData(values: AccountValues) {
  const { token, ...rest } = values;
  return { ...rest, tokenChanged: token !== undefined };
}

export async function createAccount(options: Call & { values: AccountValues; appKey: string }): Promise<Account> {
  const { values } = options;
  if (values.network !== 'webhook' && values.token === undefined) {
    throw new AppError('validation', {}, { token: [{ rule: 'required' }] });
  }
  await assertSpeaksFor(options, values);
  const id = await options.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(automationAccounts)
      .values(columnsOf(values, options.appKey))
      .returning({ id: automationAccounts.id });
    const accountId = row?.id as number;
    await writeAudit(tx, {
      actorId: options.viewer.userId,
      action: 'create',
      entity: auditEntity,
      entityId: accountId,
      data: auditData(values),
    });
    return accountId;
  });
  return getAccount({ ...options, id });
}

export async function updateAccount(
  options: Call & { id: number; values: AccountValues; appKey: string },
): Promise<Account> {
  const before = await getAccount(options);
  await assertSpeaksFor(options, options.values);
  // A new token is a new connection: the account is taken as connected again until the network says otherwise.
  const reconnected = options.values.token === undefined ? {} : { state: 'connected' as const, stateMessage: null };
  await options.db.transaction(async (tx) => {
    await tx
      .update(automationAccounts)
      .set({ ...columnsOf(options.values, options.appKey), ...reconnected, updatedAt: new Date() })
      .where(eq(automationAccounts.id, options.id));
    if (
      before.shop?.id !== (options.values.shopId ?? undefined) ||
      before.company?.id !== (options.values.companyId ?? undefined)
    ) {
      await refreshPostReach(tx, postsOfAccount(options.id));
    }
    await writeAudit(tx, {
      actorId: options.viewer.userId,
      action: 'update',
      entity: auditEntity,
      entityId: options.id,
      fromState: before.state,
      toState: options.values.token === undefined ? before.state : 'connected',
      data: auditData(options.values),
    });
  });
  return getAccount(options);
}

/** An account that took part in anything but drafts stays (its posts' history names it): 409. */
export async function deleteAccount(options: Call & { id: number }): Promise<void> {
  const account = await getAccount(options);
  await options.db.transaction(async (tx) => {
    const [used] = await tx
      .select({ total: count() })
      .from(automationPostTargets)
      .innerJoin(automationPosts, eq(automationPosts.id, automationPostTargets.postId))
      .where(
        and(
          eq(automationPostTargets.accountId, options.id),
          sql`${automationPosts.state} NOT IN ('draft', 'cancelled')`,
        ),
      );
    if ((used?.total ?? 0) > 0) throw new AppError('accountHasPosts');
    const drafts = await tx
      .select({ id: automationPostTargets.postId })
      .from(automationPostTargets)
      .where(eq(automationPostTargets.accountId, options.id));
    await tx.delete(automationAccounts).where(eq(automationAccounts.id, options.id));
    if (drafts.length > 0)
      await refreshPostReach(
        tx,
        inArray(
          automationPosts.id,
          drafts.map((draft) => draft.id),
        ),
      );
    await writeAudit(tx, {
      actorId: options.viewer.userId,
      action: 'delete',
      entity: auditEntity,
      entityId: options.id,
      data: { name: account.name, network: account.network },
    });
  });
}

/** What the adapters need of an account, its token opened (only ever inside the server). */
export async function accountRef(
  db: Executor,
  accountId: number,
  appKey: string,
): Promise<(SocialAccountRef & { id: number; state: AccountState }) | null> {
  const [row] = await db.select().from(automationAccounts).where(eq(automationAccounts.id, accountId));
  if (!row) return null;
  return {
    id: row.id,
    state: row.state,
    network: row.network,
    externalId: row.externalId,
    webhookUrl: row.webhookUrl,
    token: row.tokenEncrypted === null ? null : decryptSecret(appKey, row.tokenEncrypted),
    name: row.name,
    handle: row.handle,
  };
}

export function adapterFor(config: Pick<Config, 'social'>, network: SocialAccountRef['network']) {
  return socialNetworkAdapter(network, { graphUrl: config.social.graphUrl, timeoutMs: config.social.timeoutMs });
}

/**
 * Writes what the network just said of the account: a refused token makes it expired, another failure an error, a
 * success connected. Audited when the state changes.
 */
export async function recordAccountState(
  db: Executor,
  options: { accountId: number; before: AccountState; error: unknown; at: Date; actorId: number | null },
): Promise<{ state: AccountState; message: string | null }> {
  const { error } = options;
  const state: AccountState =
    error === null
      ? 'connected'
      : error instanceof SocialNetworkError && error.failure === 'tokenExpired'
        ? 'expired'
        : 'error';
  const message =
    error === null ? null : (error instanceof SocialNetworkError ? error.networkMessage : String(error)).slice(0, 500);
  await db
    .update(automationAccounts)
    .set({ state, stateMessage: message, lastCheckedAt: options.at })
    .where(eq(automationAccounts.id, options.accountId));
  if (state !== options.before) {
    await writeAudit(db, {
      actorId: options.actorId,
      action: 'state',
      entity: auditEntity,
      entityId: options.accountId,
      fromState: options.before,
      toState: state,
      reason: message,
    });
  }
  return { state, message };
}

/** "Check connection": asks the network whether the token works, and keeps what it said. */
export async function checkAccount(
  options: Call & { id: number; config: Pick<Config, 'social' | 'appKey'>; now: Date },
) {
  await getAccount(options);
  const ref = await accountRef(options.db, options.id, options.config.appKey);
  if (!ref) throw new AppError('notFound');
  let error: unknown = null;
  try {
    await adapterFor(options.config, ref.network).check(ref);
  } catch (caught) {
    if (!(caught instanceof SocialNetworkError)) throw caught;
    error = caught;
  }
  const result = await options.db.transaction((tx) =>
    recordAccountState(tx, {
      accountId: options.id,
      before: ref.state,
      error,
      at: options.now,
      actorId: options.viewer.userId,
    }),
  );
  return { ...result, checkedAt: options.now.toISOString() };
}

/** The account's kept totals, summed again from its posts (after the hourly figures; the demo's seed). */
export async function refreshAccountTotals(db: Executor, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await db.execute(sql`
    UPDATE automation_accounts a SET published_posts = t.published, likes = t.likes, comments = t.comments,
      shares = t.shares, reach = t.reach
    FROM (SELECT account_id, count(*) FILTER (WHERE state = 'published') AS published,
            coalesce(sum(likes), 0) AS likes, coalesce(sum(comments), 0) AS comments,
            coalesce(sum(shares), 0) AS shares, coalesce(sum(reach), 0) AS reach
          FROM automation_post_targets WHERE account_id IN (${sql.join(
            accountIds.map((id) => sql`${id}`),
            sql`, `,
          )}) GROUP BY account_id) AS t
    WHERE a.id = t.account_id`);
}
