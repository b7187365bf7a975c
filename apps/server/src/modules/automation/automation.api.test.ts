// The automation area's API (issue 28): accounts with sealed tokens and their connection check; posts through their
// transition table, each network's rules, scheduling on the business clock and publishing through the simulated
// network (published, rate-limited then published, rejected, token expired, an interrupted run never sent twice);
// the library's resumable uploads checked by content, thumbnails, byte ranges and the networks' signed links; the
// abilities (403), another shop's records (404) and bad input (4xx).
import type { Ability } from '@bottega/contracts/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { api, chooseShop, createTestApp, createUserWithAbilities, findShopId, signIn } from '../../../test/harness';
import { startSocialSimulator } from '../../integrations/social/social-network.simulator';
import { auditLog } from '../../platform/audit.schema';
import { jobs } from '../../platform/jobs.schema';
import { notifications } from '../notifications/notifications.schema';
import { userGroupNotifications } from '../user-groups/user-groups.schema';
import { automationAccounts, automationPosts, automationPostTargets } from './automation.schema';
import { demoPng } from './automation.seed';

const simulator = await startSocialSimulator({
  port: 0,
  fetchMedia: false,
  webhookSecret: 'webhook-secret',
  statusPolls: 0,
});
const test = await createTestApp({ SOCIAL_GRAPH_URL: simulator.url, SOCIAL_TIMEOUT_MS: '3000' });
afterAll(async () => {
  await test.close();
  await simulator.close();
});

const adminToken = await signIn(test.app, 'admin');
const milanoId = await findShopId(test.db, 'MI01');
const romaId = await findShopId(test.db, 'RM01');
const [{ id: companyId }] = (await api(test.app, { url: '/api/automation/scopes', token: adminToken })).json().data
  .companies as [{ id: number }];

beforeEach(() => {
  test.config.clockOffsetMs = 0;
  simulator.reset();
});

/** A person holding exactly `abilities`, member of `shops`, signed in. */
async function personWith(abilities: readonly Ability[], shops: string[] = ['MI01']) {
  const user = await createUserWithAbilities(test.db, abilities, { shops });
  const token = await signIn(test.app, user.username);
  if (shops[0]) await chooseShop(test.app, token, shops[0]);
  return { ...user, token };
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, lng?: string) =>
  api(test.app, { method, url, token, body, lng });

let pageSerial = 100;
async function account(overrides: Record<string, unknown> = {}, token = adminToken) {
  pageSerial += 1;
  const response = await call(token, 'POST', '/api/automation/accounts', {
    network: 'facebook',
    name: `Pagina ${pageSerial}`,
    handle: `pagina.${pageSerial}`,
    shopId: milanoId,
    externalId: String(900_000 + pageSerial),
    token: `page-token-${pageSerial}`,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; externalId: string; name: string; state: string; tokenSet: boolean };
}

/** A picture of the library, uploaded in one piece. */
async function picture(title = 'Vetrina') {
  const bytes = demoPng(64, 64, [200, 30, 30], [250, 250, 250]);
  const start = await call(adminToken, 'POST', '/api/automation/uploads', {
    fileName: 'vetrina.png',
    sizeBytes: bytes.length,
    title,
    tags: ['Natale'],
  });
  expect(start.statusCode, start.body).toBe(201);
  const done = await api(test.app, {
    method: 'PUT',
    url: `/api/automation/uploads/${start.json().data.id}?offset=0`,
    token: adminToken,
    body: Buffer.from(bytes),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().data.media as { id: number; kind: string };
}

async function newPost(body: Record<string, unknown>, token = adminToken) {
  return call(token, 'POST', '/api/automation/posts', { text: 'Nuovi arrivi in negozio!', action: 'draft', ...body });
}

async function runJobs(advanceSeconds = 0) {
  test.config.clockOffsetMs += advanceSeconds * 1000;
  await test.app.jobs.drain();
}

const postOf = async (id: number) => (await call(adminToken, 'GET', `/api/automation/posts/${id}`)).json().data;

describe('accounts', () => {
  it('keeps the token sealed: never answered, not in the database in clear, not in the audit log', async () => {
    const created = await account();
    expect(created.tokenSet).toBe(true);
    expect(JSON.stringify(created)).not.toContain('page-token');
    const [row] = await test.db.select().from(automationAccounts).where(eq(automationAccounts.id, created.id));
    expect(row?.tokenEncrypted).toBeTruthy();
    expect(row?.tokenEncrypted).not.toContain('page-token');
    const audit = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'automationAccount'), eq(auditLog.entityId, String(created.id))));
    expect(JSON.stringify(audit)).not.toContain('page-token');
    expect(audit[0]?.data).toMatchObject({ tokenChanged: true });
    const list = await call(adminToken, 'GET', '/api/automation/accounts?network=facebook');
    expect(list.body).not.toContain('page-token');
  });

  it('refuses an account without a token, without whom it speaks for, or with a bad page id or webhook address', async () => {
    const missing = await call(adminToken, 'POST', '/api/automation/accounts', {
      network: 'instagram',
      name: 'Senza token',
      handle: '',
      companyId,
      externalId: '123',
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['token']);
    const both = await call(adminToken, 'POST', '/api/automation/accounts', {
      network: 'webhook',
      name: 'Doppio',
      handle: '',
      shopId: milanoId,
      companyId,
      webhookUrl: 'ftp://example.test/hook',
      token: 'x',
    });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.json().errors).sort()).toEqual(['shopId', 'webhookUrl']);
    const page = await call(
      adminToken,
      'POST',
      '/api/automation/accounts',
      {
        network: 'facebook',
        name: 'Pagina',
        handle: '',
        companyId,
        externalId: 'bottega-milano',
        token: 'x',
      },
      'en',
    );
    expect(page.json().errors).toEqual({ externalId: ['The page or account ID is made of digits only.'] });
  });

  it('checks the connection: connected, then expired once the network refuses the token, connected with a new one', async () => {
    const created = await account();
    const check = async () =>
      (await call(adminToken, 'POST', `/api/automation/accounts/${created.id}/check`)).json().data;
    expect(await check()).toMatchObject({ state: 'connected', message: null });
    simulator.expireToken(`page-token-${pageSerial}`);
    const expired = await check();
    expect(expired.state).toBe('expired');
    expect(expired.message).toMatch(/expired/i);
    const renewed = await call(adminToken, 'PUT', `/api/automation/accounts/${created.id}`, {
      network: 'facebook',
      name: created.name,
      handle: '',
      shopId: milanoId,
      externalId: created.externalId,
      token: 'a-new-page-token',
    });
    expect(renewed.json().data.state).toBe('connected');
    expect(await check()).toMatchObject({ state: 'connected' });
    const states = await test.db
      .select({ from: auditLog.fromState, to: auditLog.toState })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'automationAccount'),
          eq(auditLog.entityId, String(created.id)),
          eq(auditLog.action, 'state'),
        ),
      );
    expect(states).toEqual([{ from: 'connected', to: 'expired' }]);
  });

  it('answers another shop’s account 404, the company’s to everyone, and 403 without the abilities', async () => {
    const roma = await account({ shopId: romaId });
    const company = await account({ shopId: null, companyId });
    const milanese = await personWith(['automation.accounts', 'automation.posts']);
    expect((await call(milanese.token, 'GET', `/api/automation/accounts/${roma.id}`)).statusCode).toBe(404);
    expect((await call(milanese.token, 'POST', `/api/automation/accounts/${roma.id}/check`)).statusCode).toBe(404);
    expect((await call(milanese.token, 'DELETE', `/api/automation/accounts/${roma.id}`)).statusCode).toBe(404);
    expect((await call(milanese.token, 'GET', `/api/automation/accounts/${company.id}`)).statusCode).toBe(200);
    const listed = (await call(milanese.token, 'GET', '/api/automation/accounts?perPage=100')).json().data as {
      id: number;
    }[];
    expect(listed.map((entry) => entry.id)).not.toContain(roma.id);
    // Nor may they make an account speak for a shop that is not theirs.
    const foreign = await call(milanese.token, 'POST', '/api/automation/accounts', {
      network: 'facebook',
      name: 'Roma',
      handle: '',
      shopId: romaId,
      externalId: '555',
      token: 't',
    });
    expect(foreign.statusCode).toBe(404);
    const everywhere = await personWith(['automation.accounts', 'automation.allShops']);
    expect((await call(everywhere.token, 'GET', `/api/automation/accounts/${roma.id}`)).statusCode).toBe(200);

    const writer = await personWith(['automation.posts']);
    expect((await call(writer.token, 'GET', `/api/automation/accounts/${company.id}`)).statusCode).toBe(200);
    expect((await call(writer.token, 'POST', `/api/automation/accounts/${company.id}/check`)).statusCode).toBe(403);
    const nobody = await personWith([]);
    for (const url of ['/api/automation/accounts', '/api/automation/posts', '/api/automation/media']) {
      expect((await call(nobody.token, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('deletes an account that only drafts name, and refuses one with posts that went out (409)', async () => {
    const spare = await account();
    await newPost({ accountIds: [spare.id] });
    expect((await call(adminToken, 'DELETE', `/api/automation/accounts/${spare.id}`)).statusCode).toBe(200);
    const used = await account();
    const post = await newPost({ accountIds: [used.id], action: 'publishNow' });
    expect(post.statusCode, post.body).toBe(201);
    await runJobs();
    const refused = await call(adminToken, 'DELETE', `/api/automation/accounts/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('accountHasPosts');
  });
});

describe('posts', () => {
  it('publishes now to Facebook, Instagram and a webhook: one post each, links, figures, the transitions audited', async () => {
    const image = await picture();
    const facebook = await account();
    const instagram = await account({ network: 'instagram', shopId: null, companyId, name: 'IG' });
    const hook = await account({
      network: 'webhook',
      name: 'Newsletter',
      externalId: '',
      webhookUrl: simulator.webhookUrl('newsletter'),
      token: 'webhook-secret',
    });
    const created = await newPost({
      text: 'Le vetrine di Natale sono pronte! #natale',
      accountIds: [facebook.id, instagram.id, hook.id],
      mediaIds: [image.id],
      action: 'publishNow',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.state).toBe('scheduled');
    await runJobs();
    const post = await postOf(created.json().data.id);
    expect(post.state).toBe('published');
    expect(post.publishedAt).not.toBeNull();
    expect(post.targets.map((target: { state: string }) => target.state)).toEqual([
      'published',
      'published',
      'published',
    ]);
    for (const target of post.targets) expect(target.remoteId).toBeTruthy();
    expect(
      simulator
        .published()
        .map((entry) => entry.network)
        .sort(),
    ).toEqual(['facebook', 'instagram', 'webhook']);
    // The networks were given the file's signed public address, which answers the file to anyone holding it.
    const link = simulator.published().find((entry) => entry.network === 'instagram')?.media[0]?.url as string;
    const file = await test.app.inject({ url: new URL(link).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await test.app.inject({ url: `${new URL(link).pathname.slice(0, -4)}abcd` })).statusCode).toBe(404);

    // Figures asked of the networks an hour later.
    const refreshed = await call(adminToken, 'POST', `/api/automation/accounts/${facebook.id}/figures`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().data.publishedPosts).toBe(1);
    const withFigures = await postOf(post.id);
    expect(
      withFigures.targets.find((target: { account: { id: number } }) => target.account.id === facebook.id).figures,
    ).not.toBeNull();

    const steps = await test.db
      .select({ action: auditLog.action, from: auditLog.fromState, to: auditLog.toState })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'automationPost'), eq(auditLog.entityId, String(post.id))))
      .orderBy(auditLog.id);
    expect(steps).toEqual([
      { action: 'create', from: null, to: 'scheduled' },
      { action: 'start', from: 'scheduled', to: 'publishing' },
      { action: 'succeed', from: 'publishing', to: 'published' },
    ]);
  });

  it('publishes a scheduled post at its time, once; a rescheduled one at its new time; a cancelled one never', async () => {
    const page = await account();
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const scheduled = (await newPost({ accountIds: [page.id], action: 'schedule', scheduledAt: at(10) })).json().data;
    const moved = (
      await newPost({ accountIds: [page.id], action: 'schedule', scheduledAt: at(10), text: 'Spostato' })
    ).json().data;
    const cancelled = (
      await newPost({ accountIds: [page.id], action: 'schedule', scheduledAt: at(10), text: 'Annullato' })
    ).json().data;
    const rescheduled = await call(adminToken, 'PUT', `/api/automation/posts/${moved.id}`, {
      text: 'Spostato',
      accountIds: [page.id],
      action: 'schedule',
      scheduledAt: at(30),
    });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    expect((await call(adminToken, 'POST', `/api/automation/posts/${cancelled.id}/cancel`)).json().data.state).toBe(
      'cancelled',
    );

    await runJobs(5 * 60);
    expect((await postOf(scheduled.id)).state).toBe('scheduled');
    await runJobs(6 * 60);
    expect((await postOf(scheduled.id)).state).toBe('published');
    expect((await postOf(moved.id)).state).toBe('scheduled');
    await runJobs(20 * 60);
    expect((await postOf(moved.id)).state).toBe('published');
    expect((await postOf(cancelled.id)).state).toBe('cancelled');
    await runJobs(60 * 60);
    expect(
      simulator
        .published()
        .map((entry) => entry.text)
        .sort(),
    ).toEqual(['Nuovi arrivi in negozio!', 'Spostato']);
  });

  it('retries a rate-limited or unavailable network after the back-off, and publishes', async () => {
    const page = await account();
    simulator.failNext(page.externalId, 'rateLimit');
    simulator.failNext(page.externalId, 'unavailable');
    const created = (await newPost({ accountIds: [page.id], action: 'publishNow' })).json().data;
    await runJobs();
    let post = await postOf(created.id);
    expect(post.state).toBe('publishing');
    expect(post.targets[0]).toMatchObject({ state: 'pending', failure: 'rateLimited', attempts: 1 });
    await runJobs(31);
    await runJobs(61);
    post = await postOf(created.id);
    expect(post.state).toBe('published');
    expect(post.targets[0]).toMatchObject({ state: 'published', failure: null, attempts: 3 });
    expect(simulator.published()).toHaveLength(1);
  });

  it('fails a post the network rejects, with its words, tells the author, and retries only the account that refused', async () => {
    const author = await personWith(['automation.posts', 'automation.publish']);
    // The author's group hears of its posts that failed in the app (each group chooses its channels per event).
    await test.db
      .insert(userGroupNotifications)
      .values({ groupId: author.groupId, event: 'automation.postFailed', channels: ['web'] });
    const good = await account();
    const bad = await account();
    simulator.failNext(bad.externalId, 'reject');
    const created = (await newPost({ accountIds: [good.id, bad.id], action: 'publishNow' }, author.token)).json().data;
    await runJobs();
    let post = await postOf(created.id);
    expect(post.state).toBe('failed');
    const refused = post.targets.find((target: { account: { id: number } }) => target.account.id === bad.id);
    expect(refused).toMatchObject({ state: 'failed', failure: 'rejected' });
    expect(refused.error).toContain('Simulated rejection');
    const told = await test.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'automation.postFailed')));
    expect(told).toHaveLength(1);
    expect(told[0]?.link).toBe(`/app/automation/posts/detail/${created.id}`);

    // Waiting on the author's dashboard until it is retried.
    const todos = async () =>
      (
        (await call(author.token, 'GET', '/api/dashboard/todos')).json().data as {
          key: string;
          count: number;
          link: string;
        }[]
      ).filter((todo) => todo.key === 'postsFailed');
    expect(await todos()).toEqual([
      expect.objectContaining({ key: 'postsFailed', count: 1, link: '/app/automation/posts?state=failed' }),
    ]);

    const retried = await call(author.token, 'POST', `/api/automation/posts/${created.id}/retry`);
    expect(retried.json().data.state).toBe('scheduled');
    await runJobs();
    post = await postOf(created.id);
    expect(post.state).toBe('published');
    expect(simulator.published().filter((entry) => entry.target === good.externalId)).toHaveLength(1);
    expect(simulator.published().filter((entry) => entry.target === bad.externalId)).toHaveLength(1);
    expect(await todos()).toEqual([]);
  });

  it('marks the account expired when the network refuses its token while publishing', async () => {
    const page = await account();
    simulator.failNext(page.externalId, 'expireToken');
    const created = (await newPost({ accountIds: [page.id], action: 'publishNow' })).json().data;
    await runJobs();
    expect((await postOf(created.id)).targets[0]).toMatchObject({ state: 'failed', failure: 'tokenExpired' });
    expect((await call(adminToken, 'GET', `/api/automation/accounts/${page.id}`)).json().data.state).toBe('expired');
    const todos = (await call(adminToken, 'GET', '/api/dashboard/todos')).json().data as {
      key: string;
      link: string;
    }[];
    expect(todos).toContainEqual(
      expect.objectContaining({ key: 'socialAccountsToReconnect', link: '/app/automation/users?state=expired' }),
    );
  });

  it('never sends again blindly a post whose run stopped while the network was being called', async () => {
    const page = await account();
    const created = (await newPost({ accountIds: [page.id], action: 'publishNow' })).json().data;
    await runJobs();
    // As a process killed between the network's answer and its commit leaves it: sending, its job queued again.
    await test.db
      .update(automationPostTargets)
      .set({ state: 'sending', remoteId: null, publishedAt: null })
      .where(eq(automationPostTargets.postId, created.id));
    await test.db.update(automationPosts).set({ state: 'publishing' }).where(eq(automationPosts.id, created.id));
    await test.db
      .update(jobs)
      .set({ state: 'queued', runAt: null })
      .where(
        and(
          eq(jobs.kind, 'automation.publishTarget'),
          eq(jobs.uniqueKey, `automation.target:${created.id}:${page.id}:0`),
        ),
      );
    await runJobs();
    const post = await postOf(created.id);
    expect(post.state).toBe('failed');
    expect(post.targets[0]).toMatchObject({ state: 'failed', failure: 'outcomeUnknown' });
    expect(simulator.published()).toHaveLength(1);
  });

  it('refuses what a network would not take, naming the accounts and the fields, in the caller’s language', async () => {
    const instagram = await account({ network: 'instagram', name: 'IG Milano' });
    const facebook = await account({ name: 'FB Milano' });
    const noPicture = await call(
      adminToken,
      'POST',
      '/api/automation/posts',
      {
        text: `${'#tag '.repeat(31)}`,
        accountIds: [instagram.id, facebook.id],
        action: 'publishNow',
      },
      'en',
    );
    expect(noPicture.statusCode).toBe(422);
    expect(noPicture.json()).toMatchObject({ code: 'postNotForNetwork' });
    expect(noPicture.json().message).toContain('IG Milano');
    expect(noPicture.json().errors).toEqual({
      text: ['Too many hashtags for Instagram: at most 30.'],
      mediaIds: ['Instagram needs at least one image or video.'],
    });
    const tooLong = await newPost({
      text: 'x'.repeat(2201),
      accountIds: [instagram.id],
      mediaIds: [(await picture()).id],
      action: 'publishNow',
    });
    expect(tooLong.json().errors.text).toEqual(['Troppo lungo per Instagram: al massimo 2200 caratteri.']);
    const empty = await newPost({ text: '  ' });
    expect(empty.json().errors).toEqual({ text: ["Scrivi un testo o aggiungi un'immagine."] });
    const noAccount = await newPost({
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(Object.keys(noAccount.json().errors)).toEqual(['accountIds']);
    const past = await newPost({ accountIds: [facebook.id], action: 'schedule', scheduledAt: '2020-01-01T10:00:00Z' });
    expect(past.statusCode).toBe(422);
    expect(past.json().code).toBe('scheduledInPast');
    const unknownMedia = await newPost({ accountIds: [facebook.id], mediaIds: [999_999] });
    expect(unknownMedia.statusCode).toBe(404);
    for (const text of ['a\u0000b', 'a\ud800b']) {
      const hostile = await newPost({ text });
      expect(hostile.statusCode).toBe(422);
      expect(Object.keys(hostile.json().errors)).toEqual(['text']);
    }
  });

  it('moves only by its transition table: 409 for what its state does not allow', async () => {
    const page = await account();
    const draft = (await newPost({ accountIds: [page.id] })).json().data;
    expect((await call(adminToken, 'POST', `/api/automation/posts/${draft.id}/cancel`)).statusCode).toBe(409);
    expect((await call(adminToken, 'POST', `/api/automation/posts/${draft.id}/retry`)).statusCode).toBe(409);
    const published = (await newPost({ accountIds: [page.id], action: 'publishNow' })).json().data;
    await runJobs();
    const edit = await call(adminToken, 'PUT', `/api/automation/posts/${published.id}`, { text: 'x', action: 'draft' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('postStateRefused');
    expect((await call(adminToken, 'DELETE', `/api/automation/posts/${published.id}`)).statusCode).toBe(409);
    expect((await call(adminToken, 'DELETE', `/api/automation/posts/${draft.id}`)).statusCode).toBe(200);
    expect((await call(adminToken, 'GET', `/api/automation/posts/${draft.id}`)).statusCode).toBe(404);
  });

  it('lets a writer without automation.publish keep drafts only (403), and hides another shop’s posts (404)', async () => {
    const writer = await personWith(['automation.posts']);
    const page = await account();
    const draft = await newPost({ accountIds: [page.id] }, writer.token);
    expect(draft.statusCode).toBe(201);
    expect((await newPost({ accountIds: [page.id], action: 'publishNow' }, writer.token)).statusCode).toBe(403);
    expect((await call(writer.token, 'POST', `/api/automation/posts/${draft.json().data.id}/cancel`)).statusCode).toBe(
      403,
    );

    const roma = await account({ shopId: romaId });
    const romanPost = (await newPost({ accountIds: [roma.id] })).json().data;
    expect((await call(writer.token, 'GET', `/api/automation/posts/${romanPost.id}`)).statusCode).toBe(404);
    expect((await newPost({ accountIds: [roma.id] }, writer.token)).statusCode).toBe(404);
    const listed = (await call(writer.token, 'GET', '/api/automation/posts?perPage=100')).json().data as {
      id: number;
    }[];
    expect(listed.map((post) => post.id)).not.toContain(romanPost.id);
    expect(listed.map((post) => post.id)).toContain(draft.json().data.id);
  });

  it('follows an account that moves to another shop: its posts reach that shop’s people, no longer the old one’s', async () => {
    const roma = await account({ shopId: romaId });
    const post = (await newPost({ accountIds: [roma.id] })).json().data;
    const milanese = await personWith(['automation.posts']);
    expect((await call(milanese.token, 'GET', `/api/automation/posts/${post.id}`)).statusCode).toBe(404);
    const moved = await call(adminToken, 'PUT', `/api/automation/accounts/${roma.id}`, {
      network: 'facebook',
      name: roma.name,
      handle: '',
      shopId: milanoId,
      externalId: roma.externalId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(milanese.token, 'GET', `/api/automation/posts/${post.id}`)).statusCode).toBe(200);
    const roman = await personWith(['automation.posts'], ['RM01']);
    expect((await call(roman.token, 'GET', `/api/automation/posts/${post.id}`)).statusCode).toBe(404);
  });

  it('lists and places posts in the calendar of Rome’s days, filtered by account, state and author', async () => {
    const page = await account();
    const tomorrowNoon = new Date(Date.now() + 86_400_000);
    tomorrowNoon.setUTCHours(11, 0, 0, 0);
    const created = (
      await newPost({ accountIds: [page.id], action: 'schedule', scheduledAt: tomorrowNoon.toISOString() })
    ).json().data;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(tomorrowNoon);
    const calendar = await call(
      adminToken,
      'GET',
      `/api/automation/posts/calendar?from=${day}&to=${day}&accountId=${page.id}`,
    );
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.json().data.map((post: { id: number }) => post.id)).toEqual([created.id]);
    const list = await call(adminToken, 'GET', `/api/automation/posts?state=scheduled&accountId=${page.id}`);
    expect(list.json().meta.total).toBe(1);
    expect(list.json().data[0].targets[0]).toMatchObject({ id: page.id, state: 'pending' });
    const authors = (await call(adminToken, 'GET', '/api/automation/posts/authors')).json().data;
    expect(authors.length).toBeGreaterThan(0);
    const tooLong = await call(adminToken, 'GET', '/api/automation/posts/calendar?from=2026-01-01&to=2026-03-01');
    expect(tooLong.statusCode).toBe(422);
  });
});

describe('the library', () => {
  const chunk = (id: string, offset: number, bytes: Uint8Array, token = adminToken) =>
    api(test.app, {
      method: 'PUT',
      url: `/api/automation/uploads/${id}?offset=${offset}`,
      token,
      body: Buffer.from(bytes),
      headers: { 'content-type': 'application/octet-stream' },
    });
  /** The first bytes of a WebM as MediaRecorder writes it, then filler: the content check reads the header. */
  const webm = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from('webm')]);
    return bytes;
  };

  it('takes a video in pieces, resumes from where the server stands, and keeps it with its length', async () => {
    const video = webm(5 * 1024 * 1024);
    const start = await call(adminToken, 'POST', '/api/automation/uploads', {
      fileName: 'clip.webm',
      sizeBytes: video.length,
      title: 'Clip dal negozio',
      tags: ['Negozio', 'clip'],
      durationMs: 4200,
      width: 640,
      height: 480,
      source: 'camera',
    });
    const { id, chunkBytes } = start.json().data;
    expect(chunkBytes).toBe(4 * 1024 * 1024);
    expect((await chunk(id, 0, video.subarray(0, 1024 * 1024))).json().data.offset).toBe(1024 * 1024);
    // The same piece again (a retry whose answer was lost): 409 telling where it stands.
    const again = await chunk(id, 0, video.subarray(0, 1024 * 1024));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('uploadOffsetMismatch');
    expect((await call(adminToken, 'GET', `/api/automation/uploads/${id}`)).json().data.offset).toBe(1024 * 1024);
    const other = await personWith(['automation.videos']);
    expect((await call(other.token, 'GET', `/api/automation/uploads/${id}`)).statusCode).toBe(404);
    const last = await chunk(id, 1024 * 1024, video.subarray(1024 * 1024));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.media).toMatchObject({
      kind: 'video',
      mimeType: 'video/webm',
      durationMs: 4200,
      sizeBytes: video.length,
      tags: ['negozio', 'clip'],
      source: 'camera',
      hasThumbnail: false,
    });
    const mediaId = last.json().data.media.id;
    // A player seeks: the byte range asked is answered.
    const range = await api(test.app, {
      url: `/api/automation/media/${mediaId}/file`,
      token: adminToken,
      headers: { range: 'bytes=0-15' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-15/${video.length}`);
    expect(range.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(
      (await api(test.app, { url: `/api/automation/media/${mediaId}/thumbnail`, token: adminToken })).statusCode,
    ).toBe(404);
    const thumbnail = await api(test.app, {
      method: 'PUT',
      url: `/api/automation/media/${mediaId}/thumbnail`,
      token: adminToken,
      body: Buffer.from(demoPng(32, 18, [0, 0, 0], [255, 255, 255])),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(thumbnail.json().data.hasThumbnail).toBe(true);
    const found = await call(adminToken, 'GET', '/api/automation/media?search=negozio&kind=video');
    expect(found.json().data.map((media: { id: number }) => media.id)).toContain(mediaId);
    const tags = (await call(adminToken, 'GET', '/api/automation/media/tags')).json().data;
    expect(tags).toContainEqual({ tag: 'negozio', count: 1 });
  });

  it('refuses by content what is not MP4, WebM, JPEG or PNG, a piece too long, and an upload past its time', async () => {
    const text = new TextEncoder().encode('<html>not a video</html>');
    const start = await call(adminToken, 'POST', '/api/automation/uploads', {
      fileName: 'clip.mp4',
      sizeBytes: text.length,
      title: 'Finto',
    });
    const refused = await chunk(start.json().data.id, 0, text, adminToken);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('mediaUnsupported');
    expect((await call(adminToken, 'GET', `/api/automation/uploads/${start.json().data.id}`)).statusCode).toBe(404);

    const small = await call(adminToken, 'POST', '/api/automation/uploads', {
      fileName: 'a.png',
      sizeBytes: 10,
      title: 'Piccolo',
    });
    expect((await chunk(small.json().data.id, 0, new Uint8Array(11))).statusCode).toBe(413);
    test.config.clockOffsetMs = 25 * 3_600_000;
    const late = await chunk(small.json().data.id, 0, new Uint8Array(10));
    expect(late.statusCode).toBe(410);
    const oversize = await call(adminToken, 'POST', '/api/automation/uploads', {
      fileName: 'big.mp4',
      sizeBytes: 300 * 1024 * 1024,
      title: 'Enorme',
    });
    expect(oversize.statusCode).toBe(422);
  });

  it('renames and tags, refuses to delete a file a scheduled post carries (409), deletes it once it is free', async () => {
    const image = await picture('Da rinominare');
    const edited = await call(adminToken, 'PUT', `/api/automation/media/${image.id}`, {
      title: 'Vetrina di via Dante',
      tags: ['Vetrina', 'vetrina', 'Milano'],
    });
    expect(edited.json().data).toMatchObject({ title: 'Vetrina di via Dante', tags: ['vetrina', 'milano'] });
    const page = await account();
    const post = (
      await newPost({
        accountIds: [page.id],
        mediaIds: [image.id],
        action: 'schedule',
        scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).json().data;
    const inUse = await call(adminToken, 'DELETE', `/api/automation/media/${image.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('mediaInUse');
    await call(adminToken, 'POST', `/api/automation/posts/${post.id}/cancel`);
    expect((await call(adminToken, 'DELETE', `/api/automation/media/${image.id}`)).statusCode).toBe(200);
    expect((await call(adminToken, 'GET', `/api/automation/media/${image.id}`)).statusCode).toBe(404);
    const reader = await personWith(['automation.posts']);
    expect((await call(reader.token, 'GET', '/api/automation/media')).statusCode).toBe(200);
    expect(
      (await call(reader.token, 'PUT', `/api/automation/media/${image.id}`, { title: 'x', tags: [] })).statusCode,
    ).toBe(403);
    expect(
      (await call(reader.token, 'POST', '/api/automation/uploads', { fileName: 'a.png', sizeBytes: 10, title: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});
