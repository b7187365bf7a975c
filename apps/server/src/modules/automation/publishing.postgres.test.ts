// Posts go out once, across server processes (issue 28): two worker processes on one PostgreSQL publish 12 posts to
// three accounts each, one of them rescheduled after its first job was queued, and the simulated network receives
// every post exactly once per account. Runs in the api-postgres project only (vitest.config.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testAppKey } from '../../../test/harness';
import { type SocialSimulator, startSocialSimulator } from '../../integrations/social/social-network.simulator';
import { encryptSecret } from '../../platform/crypto';
import { type DatabaseHandle, openDatabase } from '../../platform/db';
import { companies } from '../companies/companies.schema';
import {
  automationAccounts,
  automationMedia,
  automationPostMedia,
  automationPosts,
  automationPostTargets,
} from './automation.schema';
import { queuePublishing } from './publishing';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/automation-worker-process.ts');
// Twelve: an Instagram post is two calls, and the simulator lets a target make 25 a minute before it rate-limits.
const postCount = 12;

function startWorkerProcess(url: string, graphUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, graphUrl, testAppKey], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child));
    child.once('error', reject);
  });
}

describe('publishing with two server processes on PostgreSQL', () => {
  let created: { url: string; drop: () => Promise<void> };
  let database: DatabaseHandle;
  let simulator: SocialSimulator;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    created = await createPostgresDatabase();
    database = openDatabase({ databaseUrl: created.url });
    await database.migrate();
    simulator = await startSocialSimulator({ port: 0, fetchMedia: false, webhookSecret: 'secret', statusPolls: 0 });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await simulator?.close();
    await database?.close();
    await created?.drop();
  });

  it(`sends each of ${postCount} posts to each of its three accounts exactly once`, { timeout: 120_000 }, async () => {
    const { db } = database;
    const [company] = await db
      .insert(companies)
      .values({ name: 'Bottega Test S.r.l.', companyCode: 'BTEST', vatNumber: '01234567890' })
      .returning({ id: companies.id });
    const seal = (token: string) => encryptSecret(testAppKey, token);
    const accounts = await db
      .insert(automationAccounts)
      .values([
        { network: 'facebook', name: 'Pagina', companyId: company?.id, externalId: '1001', tokenEncrypted: seal('fb') },
        { network: 'instagram', name: 'IG', companyId: company?.id, externalId: '1002', tokenEncrypted: seal('ig') },
        {
          network: 'webhook',
          name: 'Hook',
          companyId: company?.id,
          webhookUrl: simulator.webhookUrl('hook'),
          tokenEncrypted: seal('secret'),
        },
      ])
      .returning({ id: automationAccounts.id });
    const [picture] = await db
      .insert(automationMedia)
      .values({
        kind: 'image',
        title: 'Foto',
        mimeType: 'image/png',
        sizeBytes: 10,
        storageKey: 'automation/media/x.png',
      })
      .returning({ id: automationMedia.id });
    const now = new Date();
    for (let n = 1; n <= postCount; n++) {
      const [post] = await db
        .insert(automationPosts)
        .values({ text: `Post ${n}`, state: 'scheduled', scheduledAt: now })
        .returning({ id: automationPosts.id });
      const postId = post?.id as number;
      await db.insert(automationPostMedia).values({ postId, mediaId: picture?.id as number, position: 0 });
      await db.insert(automationPostTargets).values(accounts.map((account) => ({ postId, accountId: account.id })));
      await queuePublishing(db, { id: postId, revision: 0, scheduledAt: now }, now);
      if (n === 1) {
        // Changed after its job was queued: that job finds another revision; the new one sends it.
        await db
          .update(automationPosts)
          .set({ revision: 1, text: 'Post 1 (rivisto)' })
          .where(eq(automationPosts.id, postId));
        await queuePublishing(db, { id: postId, revision: 1, scheduledAt: now }, now);
      }
    }
    children.push(
      await startWorkerProcess(created.url, simulator.url),
      await startWorkerProcess(created.url, simulator.url),
    );

    await expect
      .poll(
        async () => {
          const answer = await db.execute(
            sql`SELECT count(*)::int AS value FROM automation_posts WHERE state = 'published'`,
          );
          return (answer as unknown as { rows: { value: number }[] }).rows[0]?.value;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(postCount);
    const sent = simulator.published();
    expect(sent).toHaveLength(postCount * 3);
    expect(new Set(sent.map((entry) => `${entry.network}:${entry.text}`)).size).toBe(postCount * 3);
    expect(sent.filter((entry) => entry.text.startsWith('Post 1 ')).map((entry) => entry.text)).toEqual([
      'Post 1 (rivisto)',
      'Post 1 (rivisto)',
      'Post 1 (rivisto)',
    ]);
    const targets = await db.select({ attempts: automationPostTargets.attempts }).from(automationPostTargets);
    expect(targets.every((target) => target.attempts === 1)).toBe(true);
  });
});
