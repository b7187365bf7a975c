// Publishing (issue 28): a scheduled post goes out as jobs, at its time, once, whichever server process takes it.
// automation.publishPost, queued for one revision of the post at its time, moves it to publishing and queues one
// automation.publishTarget per account; each sends the post to its network through the adapter. A passing failure
// (rate limit, network down) is retried by the jobs platform with growing back-off, up to maxPublishAttempts; a token
// refused or a post rejected fails the account at once and tells the author. The target is marked `sending` (and
// committed) before the network is called, so a run that died in the middle is never sent again blindly: it is
// failed as outcomeUnknown for a person to check. When every account has settled the post is published or failed.
// Every hour the figures of the posts of the last figuresWindowDays are asked of their networks.
import { figuresWindowDays, maxPublishAttempts, type PublishFailure } from '@bottega/contracts/automation';
import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import { type PublishMedia, SocialNetworkError } from '../../integrations/social/social-network';
import type { Executor } from '../../platform/db';
import { defineJob, defineSchedule, enqueueJob, kickJobs } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import { accountRef, adapterFor, recordAccountState, refreshAccountTotals } from './accounts.service';
import {
  automationAccounts,
  automationMedia,
  automationPostMedia,
  automationPosts,
  automationPostTargets,
} from './automation.schema';
import { dropExpiredUploads, publicMediaUrl } from './media.service';
import { auditPost, nextState } from './post-states';

const postPayload = z.object({ postId: z.number().int().positive(), revision: z.number().int().min(0) });
const targetPayload = postPayload.extend({ accountId: z.number().int().positive() });

/** Failures that pass: the same post is sent again later. */
const passing: ReadonlySet<PublishFailure> = new Set(['rateLimited', 'unavailable']);

/** The post, locked, if it is still the revision the job was queued for and in `state`. */
async function lockedPost(tx: Executor, postId: number, revision: number, state: 'scheduled' | 'publishing') {
  const [post] = await tx.select().from(automationPosts).where(eq(automationPosts.id, postId)).for('update');
  return post && post.revision === revision && post.state === state ? post : null;
}

/** Once no account waits any more: published when every one took it, else failed. Runs with the post locked. */
async function settlePost(tx: Executor, postId: number, now: Date): Promise<void> {
  const targets = await tx
    .select({ state: automationPostTargets.state, publishedAt: automationPostTargets.publishedAt })
    .from(automationPostTargets)
    .where(eq(automationPostTargets.postId, postId));
  if (targets.some((target) => target.state === 'pending' || target.state === 'sending')) return;
  const transition = targets.every((target) => target.state === 'published') ? 'succeed' : 'fail';
  const to = nextState('publishing', transition);
  const times = targets.flatMap((target) => (target.publishedAt ? [target.publishedAt.getTime()] : []));
  await tx
    .update(automationPosts)
    .set({ state: to, publishedAt: times.length > 0 ? new Date(Math.min(...times)) : null, updatedAt: now })
    .where(eq(automationPosts.id, postId));
  await auditPost(tx, { actorId: null, postId, transition, from: 'publishing', to });
}

export const publishTargetJob = defineJob({
  kind: 'automation.publishTarget',
  payload: targetPayload,
  maxAttempts: maxPublishAttempts,
  leaseSeconds: 300,
  run: async ({ payload, db, config, now, attempt, complete }) => {
    const { postId, accountId, revision } = payload;
    const [post] = await db.select().from(automationPosts).where(eq(automationPosts.id, postId));
    const account = await accountRef(db, accountId, config.appKey);
    if (!post || !account) return complete();
    const media = await db
      .select({
        id: automationMedia.id,
        kind: automationMedia.kind,
        mimeType: automationMedia.mimeType,
        title: automationMedia.title,
      })
      .from(automationPostMedia)
      .innerJoin(automationMedia, eq(automationMedia.id, automationPostMedia.mediaId))
      .where(eq(automationPostMedia.postId, postId))
      .orderBy(automationPostMedia.position);
    const request = {
      account,
      text: post.text,
      media: media.map(
        (item): PublishMedia => ({
          kind: item.kind,
          mimeType: item.mimeType,
          title: item.title,
          url: publicMediaUrl(config, item.id, now()),
        }),
      ),
      idempotencyKey: `bottega-post-${postId}-${accountId}`,
    };

    // Claimed before the network hears of it: committed, so a crash from here on is seen by the next run.
    const claim = await db.transaction(async (tx) => {
      if (!(await lockedPost(tx, postId, revision, 'publishing'))) return 'stale' as const;
      const [target] = await tx
        .select({ state: automationPostTargets.state })
        .from(automationPostTargets)
        .where(and(eq(automationPostTargets.postId, postId), eq(automationPostTargets.accountId, accountId)))
        .for('update');
      if (target?.state === 'sending') return 'interrupted' as const;
      if (target?.state !== 'pending') return 'stale' as const;
      await tx
        .update(automationPostTargets)
        .set({ state: 'sending', attempts: sql`${automationPostTargets.attempts} + 1` })
        .where(and(eq(automationPostTargets.postId, postId), eq(automationPostTargets.accountId, accountId)));
      return 'claimed' as const;
    });
    if (claim === 'stale') return complete();
    if (claim === 'interrupted') {
      const error = new SocialNetworkError(
        'outcomeUnknown',
        'An earlier attempt stopped while the network was being called: check the account before retrying.',
      );
      return complete((tx) =>
        failTarget(tx, {
          ...payload,
          error,
          now: now(),
          config,
          authorId: post.authorId,
          text: post.text,
          accountName: account.name,
        }),
      );
    }

    let error: SocialNetworkError;
    try {
      const result = await adapterFor(config, account.network).publish(request);
      return complete(async (tx) => {
        if (!(await lockedPost(tx, postId, revision, 'publishing'))) return { stale: true };
        await tx
          .update(automationPostTargets)
          .set({
            state: 'published',
            remoteId: result.remoteId.slice(0, 200),
            permalink: result.permalink?.slice(0, 500) ?? null,
            failure: null,
            error: null,
            publishedAt: now(),
          })
          .where(and(eq(automationPostTargets.postId, postId), eq(automationPostTargets.accountId, accountId)));
        await tx
          .update(automationAccounts)
          .set({ publishedPosts: sql`${automationAccounts.publishedPosts} + 1` })
          .where(eq(automationAccounts.id, accountId));
        if (account.state !== 'connected') {
          await recordAccountState(tx, { accountId, before: account.state, error: null, at: now(), actorId: null });
        }
        await settlePost(tx, postId, now());
        return { remoteId: result.remoteId };
      });
    } catch (caught) {
      error =
        caught instanceof SocialNetworkError
          ? caught
          : new SocialNetworkError('unavailable', String(caught).slice(0, 300));
    }
    if (passing.has(error.failure) && attempt < maxPublishAttempts) {
      // Back to waiting, with what the network said, and again after the platform's back-off.
      await db
        .update(automationPostTargets)
        .set({ state: 'pending', failure: error.failure, error: error.networkMessage.slice(0, 1000) })
        .where(and(eq(automationPostTargets.postId, postId), eq(automationPostTargets.accountId, accountId)));
      throw error;
    }
    return complete((tx) =>
      failTarget(tx, {
        ...payload,
        error,
        now: now(),
        config,
        authorId: post.authorId,
        text: post.text,
        accountName: account.name,
      }),
    );
  },
  // A run that kept failing for another reason (a bug, the database): the account is failed rather than left waiting.
  onGiveUp: async (tx, job) => {
    const [post] = await tx.select().from(automationPosts).where(eq(automationPosts.id, job.payload.postId));
    const [account] = await tx
      .select({ name: automationAccounts.name })
      .from(automationAccounts)
      .where(eq(automationAccounts.id, job.payload.accountId));
    if (!post || !account) return;
    await failTarget(tx, {
      ...job.payload,
      error: new SocialNetworkError('unavailable', job.lastError.slice(0, 1000)),
      now: new Date(),
      config: null,
      authorId: post.authorId,
      text: post.text,
      accountName: account.name,
    });
  },
});

/** The account did not take the post: kept with the network's words, the account's state updated, the author told. */
async function failTarget(
  tx: Executor,
  options: {
    postId: number;
    accountId: number;
    revision: number;
    error: SocialNetworkError;
    now: Date;
    config: Pick<Config, 'social'> | null;
    authorId: number | null;
    text: string;
    accountName: string;
  },
): Promise<Record<string, unknown>> {
  const { postId, accountId, error } = options;
  if (!(await lockedPost(tx, postId, options.revision, 'publishing'))) return { stale: true };
  await tx
    .update(automationPostTargets)
    .set({ state: 'failed', failure: error.failure, error: error.networkMessage.slice(0, 1000) })
    .where(and(eq(automationPostTargets.postId, postId), eq(automationPostTargets.accountId, accountId)));
  if (error.failure === 'tokenExpired') {
    const [account] = await tx
      .select({ state: automationAccounts.state })
      .from(automationAccounts)
      .where(eq(automationAccounts.id, accountId));
    if (account) {
      await recordAccountState(tx, { accountId, before: account.state, error, at: options.now, actorId: null });
    }
  }
  if (options.authorId !== null) {
    const flat = options.text.replace(/\s+/g, ' ').trim();
    await notify(tx, {
      event: 'automation.postFailed',
      userIds: [options.authorId],
      params: {
        excerpt: flat.length > 60 ? `${flat.slice(0, 59)}…` : flat,
        account: options.accountName,
        error: error.networkMessage.slice(0, 200),
      },
      link: `/app/automation/posts/detail/${postId}`,
    });
  }
  await settlePost(tx, postId, options.now);
  return { failure: error.failure };
}

export const publishPostJob = defineJob({
  kind: 'automation.publishPost',
  payload: postPayload,
  run: async ({ payload, now, complete }) => {
    await complete(async (tx) => {
      const post = await lockedPost(tx, payload.postId, payload.revision, 'scheduled');
      // Rescheduled, cancelled or changed since: another revision's job (or none) sends it.
      if (!post) return { stale: true };
      const to = nextState(post.state, 'start');
      await tx.update(automationPosts).set({ state: to, updatedAt: now() }).where(eq(automationPosts.id, post.id));
      await auditPost(tx, { actorId: null, postId: post.id, transition: 'start', from: post.state, to });
      const pending = await tx
        .select({ accountId: automationPostTargets.accountId })
        .from(automationPostTargets)
        .where(and(eq(automationPostTargets.postId, post.id), eq(automationPostTargets.state, 'pending')));
      for (const { accountId } of pending) {
        await enqueueJob(
          tx,
          publishTargetJob,
          { postId: post.id, accountId, revision: post.revision },
          { uniqueKey: `automation.target:${post.id}:${accountId}:${post.revision}` },
        );
      }
      await settlePost(tx, post.id, now());
      return { accounts: pending.length };
    });
    kickJobs();
  },
});

/** Queues the post's publishing at its time: the job of this revision, and only it, sends it. */
export async function queuePublishing(
  db: Executor,
  post: { id: number; revision: number; scheduledAt: Date },
  now: Date,
): Promise<void> {
  await enqueueJob(
    db,
    publishPostJob,
    { postId: post.id, revision: post.revision },
    {
      runAt: post.scheduledAt > now ? post.scheduledAt : undefined,
      uniqueKey: `automation.post:${post.id}:${post.revision}`,
    },
  );
}

/**
 * Asks the networks for the figures of published posts (those matching `where`, newest first, at most `limit`) and
 * keeps them. An account whose token is refused is marked expired and not asked again in this run.
 */
export async function refreshFigures(options: {
  db: Executor;
  config: Pick<Config, 'social' | 'appKey'>;
  now: Date;
  accountId?: number;
  limit: number;
}): Promise<number> {
  const { db, config, now } = options;
  const since = new Date(now.getTime() - figuresWindowDays * 86_400_000);
  const targets = await db
    .select({
      postId: automationPostTargets.postId,
      accountId: automationPostTargets.accountId,
      remoteId: automationPostTargets.remoteId,
    })
    .from(automationPostTargets)
    .where(
      and(
        eq(automationPostTargets.state, 'published'),
        gte(automationPostTargets.publishedAt, since),
        options.accountId === undefined ? undefined : eq(automationPostTargets.accountId, options.accountId),
      ),
    )
    .orderBy(sql`${automationPostTargets.publishedAt} DESC`)
    .limit(options.limit);
  const refused = new Set<number>();
  let refreshed = 0;
  for (const accountId of new Set(targets.map((target) => target.accountId))) {
    const account = await accountRef(db, accountId, config.appKey);
    if (!account) continue;
    const adapter = adapterFor(config, account.network);
    for (const target of targets.filter((entry) => entry.accountId === accountId && entry.remoteId)) {
      if (refused.has(accountId)) break;
      try {
        const figures = await adapter.figures(account, target.remoteId as string);
        if (!figures) break;
        await db
          .update(automationPostTargets)
          .set({ ...figures, figuresAt: now })
          .where(and(eq(automationPostTargets.postId, target.postId), eq(automationPostTargets.accountId, accountId)));
        refreshed += 1;
      } catch (error) {
        if (!(error instanceof SocialNetworkError)) throw error;
        if (error.failure === 'tokenExpired') {
          refused.add(accountId);
          await recordAccountState(db, { accountId, before: account.state, error, at: now, actorId: null });
        }
      }
    }
    await refreshAccountTotals(db, [accountId]);
  }
  return refreshed;
}

export const refreshFiguresJob = defineJob({
  kind: 'automation.refreshFigures',
  payload: z.object({}),
  leaseSeconds: 600,
  maxAttempts: 1,
  run: async ({ db, config, now, complete }) => {
    const refreshed = await refreshFigures({ db, config, now: now(), limit: 500 });
    await complete(async () => ({ refreshed }));
  },
});

defineSchedule({
  name: 'automation.refreshFigures',
  cron: '17 * * * *',
  kind: refreshFiguresJob.kind,
  when: async ({ db, now }) => {
    const since = new Date(now.getTime() - figuresWindowDays * 86_400_000);
    const [row] = await db
      .select({ postId: automationPostTargets.postId })
      .from(automationPostTargets)
      .where(and(eq(automationPostTargets.state, 'published'), gte(automationPostTargets.publishedAt, since)))
      .limit(1);
    return row !== undefined;
  },
});

export const dropUploadsJob = defineJob({
  kind: 'automation.dropExpiredUploads',
  payload: z.object({}),
  maxAttempts: 1,
  run: async ({ db, config, now, complete }) => {
    const dropped = await dropExpiredUploads({ db, dataDir: config.dataDir, now: now() });
    await complete(async () => ({ dropped }));
  },
});

defineSchedule({ name: 'automation.dropExpiredUploads', cron: '41 * * * *', kind: dropUploadsJob.kind });

/** The account's posts whose figures are refreshed on demand (the account page's button). */
export const accountFiguresLimit = 50;
