// Posts (§2 Automation posts, posts/create, posts/detail): written as drafts, scheduled or published now to one or
// more accounts, each network checked against what it takes. States move by the one transition table of
// contracts/automation.ts, each step audited; publishing itself is the jobs' (publishing.ts). A person sees the posts
// they wrote and those going to accounts they reach; another shop's post answers 404.
import {
  type MediaKind,
  networkRules,
  type Post,
  type PostCalendarQuery,
  type PostListQuery,
  type PostProblem,
  type PostState,
  type PostSummary,
  type PostValues,
  postCalendarQuerySchema,
  postListQuerySchema,
  postProblemsFor,
  type SocialNetwork,
} from '@bottega/contracts/automation';
import type { ValidationRule } from '@bottega/contracts/errors';
import { and, arrayOverlaps, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { shopsInScope, shopsInScopeValue } from '../../platform/access';
import { containsPattern, type Database, type Executor, preparedPerDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { kickJobs } from '../../platform/jobs';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { accountScope } from './accounts.service';
import {
  automationAccounts,
  automationMedia,
  automationPostMedia,
  automationPosts,
  automationPostTargets,
} from './automation.schema';
import { mediaByIds } from './media.service';
import { refreshPostReach } from './post-reach';
import { auditPost, nextState } from './post-states';
import { queuePublishing } from './publishing';

type Call = { db: Database; viewer: SessionContext };

/** Who may schedule, publish, cancel and retry. */
function mayPublish(viewer: SessionContext): boolean {
  return viewer.isAdmin || viewer.abilities.has('automation.publish');
}

/**
 * The posts the viewer reaches: their own, and those going to an account they reach — one speaking for a company, or
 * for one of their shops (all with automation.allShops). Read from the reach kept on the post (post-reach.ts).
 */
function postScope(viewer: SessionContext): SQL | undefined {
  const scope = shopsInScope(viewer, 'automation');
  if (scope === 'all') return undefined;
  return or(
    eq(automationPosts.authorId, viewer.userId),
    eq(automationPosts.companyWide, true),
    scope.length === 0 ? undefined : arrayOverlaps(automationPosts.shopIds, scope),
  );
}

/**
 * postScope for a prepared statement (failedPosts', asked on every dashboard load), built once for every viewer: the
 * same reach with the viewer in the `userId` placeholder and their shops in `scope` (null: every post; an empty list
 * overlaps nothing, leaving their own and the company-wide ones). Change the two together.
 */
const postInScopeOfPlaceholder = sql`(${sql.placeholder('scope')}::int[] is null
  or ${automationPosts.authorId} = ${sql.placeholder('userId')}::int
  or ${automationPosts.companyWide} = true
  or ${automationPosts.shopIds} && ${sql.placeholder('scope')}::int[])`;

const authorName = sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.surname}), '')`;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/** The list's and the calendar's rows: each post with its accounts, how each went, and its first picture. */
async function summaries(db: Executor, where: SQL | undefined, page?: { limit: number; offset: number }) {
  let query = db
    .select({ post: automationPosts, authorName })
    .from(automationPosts)
    .leftJoin(users, eq(users.id, automationPosts.authorId))
    .where(where)
    .orderBy(desc(automationPosts.at), desc(automationPosts.id))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query;
  const ids = rows.map((row) => row.post.id);
  if (ids.length === 0) return [];
  const [targets, media] = await Promise.all([
    db
      .select({
        postId: automationPostTargets.postId,
        state: automationPostTargets.state,
        id: automationAccounts.id,
        name: automationAccounts.name,
        network: automationAccounts.network,
        handle: automationAccounts.handle,
      })
      .from(automationPostTargets)
      .innerJoin(automationAccounts, eq(automationAccounts.id, automationPostTargets.accountId))
      .where(inArray(automationPostTargets.postId, ids))
      .orderBy(automationAccounts.name),
    db
      .select({
        postId: automationPostMedia.postId,
        count: sql<number>`count(*)`.mapWith(Number),
        first:
          sql<number>`(array_agg(${automationPostMedia.mediaId} ORDER BY ${automationPostMedia.position}))[1]`.mapWith(
            Number,
          ),
      })
      .from(automationPostMedia)
      .where(inArray(automationPostMedia.postId, ids))
      .groupBy(automationPostMedia.postId),
  ]);
  const targetsOf = new Map<number, PostSummary['targets']>();
  for (const { postId, ...target } of targets) {
    const list = targetsOf.get(postId);
    if (list) list.push(target);
    else targetsOf.set(postId, [target]);
  }
  const mediaOf = new Map(media.map((entry) => [entry.postId, entry]));
  return rows.map(({ post, authorName: name }): PostSummary => {
    const pictures = mediaOf.get(post.id);
    return {
      id: post.id,
      excerpt: excerptOf(post.text),
      state: post.state,
      at: post.at.toISOString(),
      scheduledAt: post.scheduledAt?.toISOString() ?? null,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      author: post.authorId === null ? null : { id: post.authorId, name: name ?? '' },
      targets: targetsOf.get(post.id) ?? [],
      mediaCount: pictures?.count ?? 0,
      thumbnailMediaId: pictures?.first ?? null,
    };
  });
}

function filters(viewer: SessionContext, query: { accountId?: number; state?: PostState; authorId?: number }) {
  return [
    postScope(viewer),
    query.state === undefined ? undefined : eq(automationPosts.state, query.state),
    query.authorId === undefined ? undefined : eq(automationPosts.authorId, query.authorId),
    query.accountId === undefined
      ? undefined
      : inArray(
          automationPosts.id,
          sql`(SELECT ${automationPostTargets.postId} FROM ${automationPostTargets} WHERE ${automationPostTargets.accountId} = ${query.accountId})`,
        ),
  ];
}

export async function listPosts(options: Call & { query: PostListQuery }) {
  const query = postListQuerySchema.parse(options.query);
  const words = (query.search ?? '').split(/\s+/).filter(Boolean);
  const where = and(
    ...filters(options.viewer, query),
    ...words.map((word) => ilike(automationPosts.text, containsPattern(word))),
  );
  const [data, [total]] = await Promise.all([
    summaries(options.db, where, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
    options.db.select({ total: count() }).from(automationPosts).where(where),
  ]);
  return { data, meta: { page: query.page, perPage: query.perPage, total: total?.total ?? 0 } };
}

/** The posts placed between two days of Europe/Rome (both included). */
export async function postCalendar(options: Call & { query: PostCalendarQuery }) {
  const query = postCalendarQuerySchema.parse(options.query);
  const where = and(
    ...filters(options.viewer, query),
    sql`${automationPosts.at} >= (${query.from}::date)::timestamp AT TIME ZONE 'Europe/Rome'`,
    sql`${automationPosts.at} < (${query.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome'`,
  );
  return (await summaries(options.db, where)).reverse();
}

export async function postAuthors(options: Call) {
  return options.db
    .selectDistinct({ id: users.id, name: sql<string>`trim(${users.name} || ' ' || ${users.surname})` })
    .from(automationPosts)
    .innerJoin(users, eq(users.id, automationPosts.authorId))
    .where(postScope(options.viewer))
    .orderBy(sql`trim(${users.name} || ' ' || ${users.surname})`);
}

/** A post the viewer reaches, else 404. */
async function reachablePost(db: Executor, viewer: SessionContext, id: number) {
  const [post] = await db
    .select()
    .from(automationPosts)
    .where(and(eq(automationPosts.id, id), postScope(viewer)));
  if (!post) throw new AppError('notFound');
  return post;
}

/** A post the viewer reaches, locked for the change to come in this transaction, else 404. */
async function lockReachablePost(tx: Executor, viewer: SessionContext, id: number) {
  const [post] = await tx
    .select()
    .from(automationPosts)
    .where(and(eq(automationPosts.id, id), postScope(viewer)))
    .for('update');
  if (!post) throw new AppError('notFound');
  return post;
}

export async function getPost(options: Call & { id: number }): Promise<Post> {
  const post = await reachablePost(options.db, options.viewer, options.id);
  const [[author], media, targets] = await Promise.all([
    post.authorId === null
      ? Promise.resolve([])
      : options.db.select({ name: authorName }).from(users).where(eq(users.id, post.authorId)),
    options.db
      .select({ media: automationMedia })
      .from(automationPostMedia)
      .innerJoin(automationMedia, eq(automationMedia.id, automationPostMedia.mediaId))
      .where(eq(automationPostMedia.postId, post.id))
      .orderBy(asc(automationPostMedia.position)),
    options.db
      .select({ target: automationPostTargets, account: automationAccounts })
      .from(automationPostTargets)
      .innerJoin(automationAccounts, eq(automationAccounts.id, automationPostTargets.accountId))
      .where(eq(automationPostTargets.postId, post.id))
      .orderBy(automationAccounts.name),
  ]);
  return {
    id: post.id,
    text: post.text,
    state: post.state,
    scheduledAt: post.scheduledAt?.toISOString() ?? null,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    author: post.authorId === null ? null : { id: post.authorId, name: author?.name ?? '' },
    media: media.map(({ media: item }) => ({
      id: item.id,
      kind: item.kind,
      title: item.title,
      mimeType: item.mimeType,
      durationMs: item.durationMs,
      hasThumbnail: item.thumbnailKey !== null || item.kind === 'image',
    })),
    targets: targets.map(({ target, account }) => ({
      account: { id: account.id, name: account.name, network: account.network, handle: account.handle },
      state: target.state,
      remoteId: target.remoteId,
      permalink: target.permalink,
      failure: target.failure,
      error: target.error,
      attempts: target.attempts,
      publishedAt: target.publishedAt?.toISOString() ?? null,
      figures:
        target.figuresAt === null
          ? null
          : {
              likes: target.likes ?? 0,
              comments: target.comments ?? 0,
              shares: target.shares ?? 0,
              reach: target.reach ?? 0,
            },
      figuresAt: target.figuresAt?.toISOString() ?? null,
    })),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  webhook: 'Webhook',
};

/** Problems of the text go on `text`, those of the media on `mediaIds`. */
const problemField: Record<PostProblem, 'text' | 'mediaIds'> = {
  postTooLong: 'text',
  postTooManyHashtags: 'text',
  postEmpty: 'text',
  postNeedsMedia: 'mediaIds',
  postTooManyMedia: 'mediaIds',
  postVideoWithImages: 'mediaIds',
};

/** 422 naming the accounts whose network would refuse the post, each problem on its field. */
function assertNetworksTakeIt(
  accounts: readonly { name: string; network: SocialNetwork }[],
  post: { text: string; media: readonly { kind: MediaKind }[] },
): void {
  const errors: Record<string, { rule: ValidationRule; params?: Record<string, unknown> }[]> = {};
  const refusing: string[] = [];
  // A draft goes nowhere yet: it only has to hold something.
  if (accounts.length === 0 && post.text.trim() === '' && post.media.length === 0) {
    errors.text = [{ rule: 'postEmpty' }];
  }
  for (const network of new Set(accounts.map((account) => account.network))) {
    const problems = postProblemsFor(network, post);
    if (problems.length === 0) continue;
    const rule = networkRules[network];
    for (const problem of problems) {
      const max =
        problem === 'postTooLong'
          ? rule.maxCharacters
          : problem === 'postTooManyHashtags'
            ? rule.maxHashtags
            : rule.maxMedia;
      const field = problemField[problem];
      errors[field] = [...(errors[field] ?? []), { rule: problem, params: { network: networkNames[network], max } }];
    }
    refusing.push(...accounts.filter((account) => account.network === network).map((account) => account.name));
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError('postNotForNetwork', { account: refusing.join(', ') || '—' }, errors);
  }
}

/**
 * Creates (`id` absent) or changes a post: draft, scheduled at a time, or published now (scheduled at this instant).
 * Scheduling needs automation.publish; the accounts must be ones the viewer reaches and each network must take the post.
 */
export async function savePost(options: Call & { id?: number; values: PostValues; now: Date }): Promise<Post> {
  const { db, viewer, values, now } = options;
  if (values.action !== 'draft' && !mayPublish(viewer)) throw new AppError('forbidden');
  const accounts =
    values.accountIds.length === 0
      ? []
      : await db
          .select({ id: automationAccounts.id, name: automationAccounts.name, network: automationAccounts.network })
          .from(automationAccounts)
          .where(and(inArray(automationAccounts.id, values.accountIds), accountScope(viewer)));
  if (accounts.length !== values.accountIds.length) throw new AppError('notFound');
  const media = await mediaByIds(db, values.mediaIds);
  assertNetworksTakeIt(values.action === 'draft' ? [] : accounts, { text: values.text, media });

  const scheduledAt =
    values.action === 'publishNow' ? now : values.action === 'schedule' ? new Date(values.scheduledAt as string) : null;
  // A minute's grace: the time picked on the screen may have just passed while the form was sent.
  if (values.action === 'schedule' && (scheduledAt as Date).getTime() < now.getTime() - 60_000) {
    throw new AppError('scheduledInPast');
  }

  const id = await db.transaction(async (tx) => {
    let postId: number;
    let from: PostState | null = null;
    let revision = 0;
    const to: PostState = values.action === 'draft' ? 'draft' : 'scheduled';
    if (options.id === undefined) {
      const [row] = await tx
        .insert(automationPosts)
        .values({ text: values.text, state: to, scheduledAt, authorId: viewer.userId, createdAt: now, updatedAt: now })
        .returning({ id: automationPosts.id, revision: automationPosts.revision });
      postId = row?.id as number;
      revision = row?.revision ?? 0;
      await auditPost(tx, { actorId: viewer.userId, postId, transition: 'create', from: null, to });
    } else {
      const post = await lockReachablePost(tx, viewer, options.id);
      if (post.authorId !== viewer.userId && !mayPublish(viewer)) throw new AppError('forbidden');
      from = post.state;
      nextState(post.state, values.action === 'draft' ? 'save' : 'schedule');
      postId = post.id;
      revision = post.revision + 1;
      await tx
        .update(automationPosts)
        .set({ text: values.text, state: to, scheduledAt, publishedAt: null, revision, updatedAt: now })
        .where(eq(automationPosts.id, postId));
      await tx.delete(automationPostMedia).where(eq(automationPostMedia.postId, postId));
      await tx.delete(automationPostTargets).where(eq(automationPostTargets.postId, postId));
      await auditPost(tx, {
        actorId: viewer.userId,
        postId,
        transition: values.action === 'draft' ? 'save' : 'schedule',
        from,
        to,
      });
    }
    if (media.length > 0) {
      await tx
        .insert(automationPostMedia)
        .values(media.map((item, position) => ({ postId, mediaId: item.id, position })));
    }
    if (accounts.length > 0) {
      await tx.insert(automationPostTargets).values(accounts.map((account) => ({ postId, accountId: account.id })));
    }
    await refreshPostReach(tx, eq(automationPosts.id, postId));
    if (scheduledAt) await queuePublishing(tx, { id: postId, revision, scheduledAt }, now);
    return postId;
  });
  kickJobs();
  return getPost({ db, viewer, id });
}

/** A scheduled post taken off the schedule: its queued job finds another revision and does nothing. */
export async function cancelPost(options: Call & { id: number; now: Date; reason?: string | null }): Promise<Post> {
  await options.db.transaction(async (tx) => {
    const post = await lockReachablePost(tx, options.viewer, options.id);
    const to = nextState(post.state, 'cancel');
    await tx
      .update(automationPosts)
      .set({ state: to, revision: post.revision + 1, updatedAt: options.now })
      .where(eq(automationPosts.id, post.id));
    await auditPost(tx, {
      actorId: options.viewer.userId,
      postId: post.id,
      transition: 'cancel',
      from: post.state,
      to,
    });
  });
  return getPost(options);
}

/** A failed post sent again now, to the accounts that refused it only (those that took it keep it). */
export async function retryPost(options: Call & { id: number; now: Date }): Promise<Post> {
  await options.db.transaction(async (tx) => {
    const post = await lockReachablePost(tx, options.viewer, options.id);
    const to = nextState(post.state, 'retry');
    const revision = post.revision + 1;
    await tx
      .update(automationPosts)
      .set({ state: to, scheduledAt: options.now, revision, updatedAt: options.now })
      .where(eq(automationPosts.id, post.id));
    await tx
      .update(automationPostTargets)
      .set({ state: 'pending', failure: null, error: null })
      .where(and(eq(automationPostTargets.postId, post.id), eq(automationPostTargets.state, 'failed')));
    await queuePublishing(tx, { id: post.id, revision, scheduledAt: options.now }, options.now);
    await auditPost(tx, { actorId: options.viewer.userId, postId: post.id, transition: 'retry', from: post.state, to });
  });
  kickJobs();
  return getPost(options);
}

/** Only what never went out is deleted: a draft or a cancelled post, by its author or a publisher. */
export async function deletePost(options: Call & { id: number }): Promise<void> {
  await options.db.transaction(async (tx) => {
    const post = await lockReachablePost(tx, options.viewer, options.id);
    if (post.state !== 'draft' && post.state !== 'cancelled') throw new AppError('postStateRefused');
    if (post.authorId !== options.viewer.userId && !mayPublish(options.viewer)) throw new AppError('forbidden');
    await tx.delete(automationPosts).where(eq(automationPosts.id, post.id));
    await auditPost(tx, {
      actorId: options.viewer.userId,
      postId: post.id,
      transition: 'delete',
      from: post.state,
      to: null,
      data: { text: excerptOf(post.text) },
    });
  });
}

/** The dashboard's to-do, asked on every load: prepared. */
const failedPostsStatement = preparedPerDatabase((db) =>
  db
    .select({
      count: count(),
      oldest: sql<Date | null>`min(${automationPosts.at})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(automationPosts)
    .where(and(eq(automationPosts.state, 'failed'), postInScopeOfPlaceholder))
    .prepare('todo_postsFailed'),
);

/** How many of the posts the viewer reaches failed, and since when (the dashboard's to-do). */
export async function failedPosts(options: { db: Executor; viewer: SessionContext }) {
  const [row] = await failedPostsStatement(options.db).execute({
    scope: shopsInScopeValue(options.viewer, 'automation'),
    userId: options.viewer.userId,
  });
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}
