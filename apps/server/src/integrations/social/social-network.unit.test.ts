// The social network adapters (social-network.ts) against the simulated networks (social-network.simulator.ts) over
// real HTTP: what each network is sent for each shape of post, and how each refusal or silence reaches the caller.

import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type PublishMedia,
  type SocialAccountRef,
  SocialNetworkError,
  type SocialNetworkOptions,
  socialNetworkAdapter,
} from './social-network';
import { type SocialSimulator, startSocialSimulator } from './social-network.simulator';

let simulator: SocialSimulator;
beforeAll(async () => {
  simulator = await startSocialSimulator({ port: 0, fetchMedia: false });
});
afterAll(async () => {
  await simulator?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const adapterOf = (network: 'facebook' | 'instagram' | 'webhook', more: Partial<SocialNetworkOptions> = {}) =>
  socialNetworkAdapter(network, { graphUrl: simulator.url, timeoutMs: 2_000, containerPollDelayMs: 5, ...more });

// A Page or Instagram account of its own per test: the simulator counts rate limits and queues failures per target.
let nextAccountId = 1_000;
const graphAccount = (network: 'facebook' | 'instagram', token: string | null = 'page-token'): SocialAccountRef => ({
  network,
  externalId: String(nextAccountId++),
  webhookUrl: '',
  token,
  name: 'Bottega Milano',
  handle: '@bottega.milano',
});
const webhookAccount = (name: string, token: string | null = 'bottega-demo-webhook'): SocialAccountRef => ({
  network: 'webhook',
  externalId: '',
  webhookUrl: simulator.webhookUrl(name),
  token,
  name: 'Newsletter',
  handle: 'newsletter',
});

const image = (name: string, base = 'https://bottega.example/media'): PublishMedia => ({
  kind: 'image',
  mimeType: 'image/png',
  url: `${base}/${name}?sig=abc`,
  title: name,
});
const video = (name: string, base = 'https://bottega.example/media'): PublishMedia => ({
  kind: 'video',
  mimeType: 'video/mp4',
  url: `${base}/${name}?sig=abc`,
  title: name,
});

let nextKey = 1;
const key = () => `post-1-account-${nextKey++}`;

async function failureOf(promise: Promise<unknown>): Promise<SocialNetworkError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof SocialNetworkError)) throw new Error(`expected a SocialNetworkError, got ${String(error)}`);
  return error;
}

const postsTo = (target: string) => simulator.published().filter((post) => post.target === target);

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('a Facebook Page', () => {
  const facebook = () => adapterOf('facebook');

  it('publishes a text to the feed, with the permalink Graph gives', async () => {
    const account = graphAccount('facebook');
    const result = await facebook().publish({ account, text: 'Saldi da lunedì 🎉', media: [], idempotencyKey: key() });
    expect(result.remoteId).toMatch(new RegExp(`^${account.externalId}_\\d+$`));
    expect(result.permalink).toBe(`${new URL(simulator.url).origin}/sim/facebook/${result.remoteId}`);
    expect(postsTo(account.externalId)).toEqual([
      expect.objectContaining({ id: result.remoteId, network: 'facebook', text: 'Saldi da lunedì 🎉', media: [] }),
    ]);
  });

  it('publishes one picture as a photo post, named by its post id', async () => {
    const account = graphAccount('facebook');
    const result = await facebook().publish({
      account,
      text: 'La vetrina di via Torino',
      media: [image('vetrina.png')],
      idempotencyKey: key(),
    });
    expect(result.remoteId).toMatch(new RegExp(`^${account.externalId}_\\d+$`));
    expect(postsTo(account.externalId)).toEqual([
      expect.objectContaining({
        id: result.remoteId,
        text: 'La vetrina di via Torino',
        media: [{ url: image('vetrina.png').url, kind: 'image' }],
      }),
    ]);
    expect(result.permalink).toContain(result.remoteId);
  });

  it('publishes several pictures as unpublished photos attached to one feed post', async () => {
    const account = graphAccount('facebook');
    const media = [image('a.png'), image('b.png'), image('c.png')];
    const result = await facebook().publish({ account, text: 'Nuovi arrivi', media, idempotencyKey: key() });
    const posts = postsTo(account.externalId);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ id: result.remoteId, text: 'Nuovi arrivi' });
    expect(posts[0]?.media.map((item) => item.url)).toEqual(media.map((item) => item.url));
  });

  it('publishes one video to the Page videos', async () => {
    const account = graphAccount('facebook');
    const result = await facebook().publish({
      account,
      text: 'Il backstage',
      media: [video('backstage.mp4')],
      idempotencyKey: key(),
    });
    expect(result.remoteId).toMatch(/^\d+$/);
    expect(postsTo(account.externalId)[0]).toMatchObject({
      id: result.remoteId,
      media: [{ kind: 'video', url: video('backstage.mp4').url }],
    });
    expect(result.permalink).not.toBeNull();
  });

  it('refuses a video with other media without calling the network, as a Page cannot take it', async () => {
    const account = graphAccount('facebook');
    const refused = await failureOf(
      facebook().publish({ account, text: '', media: [video('v.mp4'), image('a.png')], idempotencyKey: key() }),
    );
    expect(refused.failure).toBe('rejected');
    expect(postsTo(account.externalId)).toEqual([]);
  });

  it('checks the token and answers the Page name', async () => {
    const account = graphAccount('facebook');
    expect(await facebook().check(account)).toEqual({ name: `Pagina simulata ${account.externalId}` });
  });

  it('reads the figures of a post: reactions, comments, shares and the reach insight', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-02T10:00:00Z'));
    const account = graphAccount('facebook');
    const { remoteId } = await facebook().publish({ account, text: 'Figure', media: [], idempotencyKey: key() });
    expect(await facebook().figures(account, remoteId)).toEqual({ likes: 0, comments: 0, shares: 0, reach: 0 });
    vi.setSystemTime(new Date('2030-03-02T10:12:30Z'));
    expect(await facebook().figures(account, remoteId)).toEqual({ likes: 36, comments: 12, shares: 3, reach: 480 });
  });

  it('refuses the figures of a post the network does not know', async () => {
    const refused = await failureOf(facebook().figures(graphAccount('facebook'), '1_404'));
    expect(refused.failure).toBe('rejected');
    expect(refused.networkMessage).toContain("Object with ID '1_404' does not exist");
  });
});

describe('an Instagram account', () => {
  const instagram = (more: Partial<SocialNetworkOptions> = {}) => adapterOf('instagram', more);

  it('publishes a picture: a container, then media_publish', async () => {
    const account = graphAccount('instagram');
    const result = await instagram().publish({
      account,
      text: 'Autunno #bottega',
      media: [image('a.png')],
      idempotencyKey: key(),
    });
    expect(result.remoteId).toMatch(/^\d+$/);
    expect(result.permalink).toBe(`${new URL(simulator.url).origin}/sim/instagram/${result.remoteId}`);
    expect(postsTo(account.externalId)).toEqual([
      expect.objectContaining({
        network: 'instagram',
        text: 'Autunno #bottega',
        media: [expect.objectContaining({ kind: 'image' })],
      }),
    ]);
  });

  it('publishes a video as a reel once Instagram has processed it', async () => {
    const account = graphAccount('instagram');
    const result = await instagram().publish({
      account,
      text: 'Reel',
      media: [video('reel.mp4')],
      idempotencyKey: key(),
    });
    expect(postsTo(account.externalId)[0]).toMatchObject({ id: result.remoteId, media: [{ kind: 'video' }] });
  });

  it('publishes a carousel of pictures and a video, waiting for each to be processed', async () => {
    const account = graphAccount('instagram');
    const media = [image('1.png'), video('2.mp4'), image('3.png')];
    const result = await instagram().publish({ account, text: 'Carosello', media, idempotencyKey: key() });
    const [post] = postsTo(account.externalId);
    expect(post).toMatchObject({ id: result.remoteId, text: 'Carosello' });
    expect(post?.media).toEqual(media.map(({ url, kind }) => ({ url, kind })));
  });

  it('gives up as unavailable when processing outlasts its checks, and publishes nothing', async () => {
    const slow = await startSocialSimulator({ port: 0, fetchMedia: false, statusPolls: 5 });
    try {
      const account = graphAccount('instagram');
      const impatient = socialNetworkAdapter('instagram', {
        graphUrl: slow.url,
        timeoutMs: 2_000,
        containerPolls: 3,
        containerPollDelayMs: 1,
      });
      const request = { account, text: 'Reel', media: [video('reel.mp4')], idempotencyKey: key() };
      const refused = await failureOf(impatient.publish(request));
      expect(refused.failure).toBe('unavailable');
      expect(slow.published()).toEqual([]);
      const patient = socialNetworkAdapter('instagram', {
        graphUrl: slow.url,
        timeoutMs: 2_000,
        containerPolls: 10,
        containerPollDelayMs: 1,
      });
      await patient.publish(request);
      expect(slow.published()).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('refuses a post with no picture without calling the network', async () => {
    const refused = await failureOf(
      instagram().publish({ account: graphAccount('instagram'), text: 'Solo testo', media: [], idempotencyKey: key() }),
    );
    expect(refused.failure).toBe('rejected');
  });

  it('checks the token and answers the username; reads likes, comments and reach', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-02T10:00:00Z'));
    const account = graphAccount('instagram');
    expect(await instagram().check(account)).toEqual({ name: `bottega_sim_${account.externalId}` });
    const { remoteId } = await instagram().publish({
      account,
      text: '',
      media: [image('a.png')],
      idempotencyKey: key(),
    });
    vi.setSystemTime(new Date('2030-03-02T11:00:00Z'));
    expect(await instagram().figures(account, remoteId)).toEqual({ likes: 180, comments: 60, shares: 0, reach: 2400 });
  });

  it('passes on the network refusing a caption over 2,200 characters, in its words', async () => {
    const refused = await failureOf(
      instagram().publish({
        account: graphAccount('instagram'),
        text: 'a'.repeat(2_201),
        media: [image('a.png')],
        idempotencyKey: key(),
      }),
    );
    expect(refused.failure).toBe('rejected');
    expect(refused.networkMessage).toBe('(#100) The caption is too long: 2200 characters at most');
  });
});

describe('a webhook', () => {
  const webhook = () => adapterOf('webhook');

  it('posts the signed event and takes the id and address the receiver answers', async () => {
    const account = webhookAccount('newsletter');
    const idempotencyKey = key();
    const result = await webhook().publish({
      account,
      text: 'Promo di primavera',
      media: [image('p.png')],
      idempotencyKey,
    });
    expect(result.remoteId).toMatch(/^evt_\d+$/);
    expect(result.permalink).toBe(`${new URL(simulator.url).origin}/sim/webhook/${result.remoteId}`);
    expect(postsTo('newsletter')).toEqual([
      expect.objectContaining({ id: result.remoteId, network: 'webhook', text: 'Promo di primavera' }),
    ]);
  });

  it('sends the same key twice and the receiver keeps one post', async () => {
    const account = webhookAccount('sito');
    const request = { account, text: 'Una volta sola', media: [], idempotencyKey: key() };
    const first = await webhook().publish(request);
    const second = await webhook().publish(request);
    expect(second).toEqual(first);
    expect(postsTo('sito')).toHaveLength(1);
  });

  it('sends the documented body and headers: JSON, the key, an HMAC-SHA256 of the exact body', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const capture: typeof fetch = async (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      return new Response(null, { status: 204 });
    };
    const adapter = socialNetworkAdapter('webhook', { graphUrl: simulator.url, timeoutMs: 1_000, fetch: capture });
    const account = { ...webhookAccount('x', 's3cret'), webhookUrl: 'https://hooks.example/bottega' };
    const result = await adapter.publish({ account, text: 'Ciao', media: [image('a.png')], idempotencyKey: 'k-1' });
    // A receiver that answers nothing: the key names the post.
    expect(result).toEqual({ remoteId: 'k-1', permalink: null });
    const [{ url, init } = { url: '', init: {} }] = sent;
    const headers = init.headers as Record<string, string>;
    const body = String(init.body);
    expect(url).toBe('https://hooks.example/bottega');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['idempotency-key']).toBe('k-1');
    expect(headers['x-bottega-signature']).toBe(`sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
    expect(JSON.parse(body)).toEqual({
      event: 'post.publish',
      idempotencyKey: 'k-1',
      account: { name: 'Newsletter', handle: 'newsletter' },
      text: 'Ciao',
      media: [{ kind: 'image', mimeType: 'image/png', url: image('a.png').url, title: 'a.png' }],
      sentAt: expect.any(String),
    });
    await adapter.check({ ...account, token: null });
    const ping = sent[1]?.init ?? {};
    expect(JSON.parse(String(ping.body))).toEqual({ event: 'ping', sentAt: expect.any(String) });
    expect((ping.headers as Record<string, string>)['x-bottega-signature']).toBeUndefined();
  });

  it('checks with a ping and has no figures', async () => {
    const account = webhookAccount('ping');
    expect(await webhook().check(account)).toEqual({ name: 'Newsletter' });
    expect(await webhook().figures(account, 'evt_1')).toBeNull();
  });

  it('takes a refusal of the signature (a wrong or missing secret) for an expired token', async () => {
    const wrong = await failureOf(webhook().check(webhookAccount('sito', 'not-the-secret')));
    expect(wrong.failure).toBe('tokenExpired');
    expect(wrong.networkMessage).toBe('HTTP 401: Invalid signature');
    const missing = await failureOf(
      webhook().publish({ account: webhookAccount('sito', null), text: 'x', media: [], idempotencyKey: key() }),
    );
    expect(missing.failure).toBe('tokenExpired');
  });

  it('passes on throttling with its Retry-After, a refusal and an outage', async () => {
    const account = webhookAccount('fragile');
    const send = () => webhook().publish({ account, text: 'x', media: [], idempotencyKey: key() });
    simulator.failNext('fragile', 'rateLimit');
    expect(await failureOf(send())).toMatchObject({ failure: 'rateLimited', retryAfterSeconds: 1 });
    simulator.failNext('fragile', 'reject');
    expect(await failureOf(send())).toMatchObject({
      failure: 'rejected',
      networkMessage: 'HTTP 422: Simulated rejection',
    });
    simulator.failNext('fragile', 'unavailable');
    expect(await failureOf(send())).toMatchObject({ failure: 'unavailable' });
    simulator.failNext('fragile', 'expireToken');
    expect(await failureOf(send())).toMatchObject({ failure: 'tokenExpired' });
    await send();
    expect(postsTo('fragile')).toHaveLength(1);
  });
});

describe('refusals and silences', () => {
  it('takes an expired token (code 190) for tokenExpired, on publishing and on checking', async () => {
    const facebook = adapterOf('facebook');
    const stale = graphAccount('facebook', 'expired-token-1');
    const publishing = await failureOf(
      facebook.publish({ account: stale, text: 'x', media: [], idempotencyKey: key() }),
    );
    expect(publishing.failure).toBe('tokenExpired');
    expect(publishing.networkMessage).toMatch(/^Error validating access token: Session has expired/);
    expect((await failureOf(adapterOf('instagram').check(graphAccount('instagram', 'expired-2')))).failure).toBe(
      'tokenExpired',
    );
    // A token that worked, then expired.
    const account = graphAccount('facebook', 'token-that-will-expire');
    await facebook.check(account);
    simulator.expireToken('token-that-will-expire');
    expect((await failureOf(facebook.check(account))).failure).toBe('tokenExpired');
    // One call refused as expired, and an account with no token at all.
    const once = graphAccount('facebook');
    simulator.failNext(once.externalId, 'expireToken');
    expect(
      (await failureOf(facebook.publish({ account: once, text: 'x', media: [], idempotencyKey: key() }))).failure,
    ).toBe('tokenExpired');
    expect((await failureOf(facebook.check(graphAccount('facebook', null)))).failure).toBe('tokenExpired');
  });

  it('takes HTTP 401 for tokenExpired too, and never repeats the token', async () => {
    const unauthorized: typeof fetch = async () =>
      new Response(JSON.stringify({ error: { message: 'Invalid OAuth access token - secret-token-42' } }), {
        status: 401,
      });
    const adapter = socialNetworkAdapter('facebook', {
      graphUrl: 'https://graph.example',
      timeoutMs: 1_000,
      fetch: unauthorized,
    });
    const refused = await failureOf(adapter.check(graphAccount('facebook', 'secret-token-42')));
    expect(refused.failure).toBe('tokenExpired');
    expect(refused.networkMessage).toBe('Invalid OAuth access token - [token]');
    // A Graph address that is not one: the token in the query string must not reach the message.
    const broken = socialNetworkAdapter('facebook', { graphUrl: 'not a url', timeoutMs: 1_000 });
    const failed = await failureOf(broken.check(graphAccount('facebook', 'secret-token-42')));
    expect(failed.failure).toBe('unavailable');
    expect(`${failed.message} ${failed.networkMessage}`).not.toContain('secret-token-42');
  });

  it('takes throttling for rateLimited, with the wait the network asks for or a minute', async () => {
    const account = graphAccount('facebook');
    simulator.failNext(account.externalId, 'rateLimit');
    const throttled = await failureOf(
      adapterOf('facebook').publish({ account, text: 'x', media: [], idempotencyKey: key() }),
    );
    expect(throttled).toMatchObject({
      failure: 'rateLimited',
      networkMessage: '(#4) Application request limit reached',
      retryAfterSeconds: 60,
    });
    const answering =
      (status: number, headers: Record<string, string>, code?: number): typeof fetch =>
      async () =>
        new Response(JSON.stringify({ error: { message: 'slow down', code } }), { status, headers });
    const with429 = socialNetworkAdapter('facebook', {
      graphUrl: 'https://graph.example',
      timeoutMs: 1_000,
      fetch: answering(429, { 'retry-after': '7' }),
    });
    expect(await failureOf(with429.check(account))).toMatchObject({ failure: 'rateLimited', retryAfterSeconds: 7 });
    const usage = JSON.stringify({ 1: [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 5 }] });
    const withUsage = socialNetworkAdapter('facebook', {
      graphUrl: 'https://graph.example',
      timeoutMs: 1_000,
      fetch: answering(400, { 'x-business-use-case-usage': usage }, 80001),
    });
    expect(await failureOf(withUsage.check(account))).toMatchObject({ failure: 'rateLimited', retryAfterSeconds: 300 });
  });

  it("refuses the 26th publishing call of a minute with the Page's limit (code 32)", async () => {
    const account = graphAccount('facebook');
    const facebook = adapterOf('facebook');
    for (let index = 0; index < 25; index += 1) {
      await facebook.publish({ account, text: `post ${index}`, media: [], idempotencyKey: key() });
    }
    const refused = await failureOf(facebook.publish({ account, text: 'one more', media: [], idempotencyKey: key() }));
    expect(refused).toMatchObject({
      failure: 'rateLimited',
      networkMessage: '(#32) Page request limit reached',
      retryAfterSeconds: 60,
    });
  });

  it("takes a refusal of the post for rejected, in the network's words", async () => {
    const account = graphAccount('instagram');
    simulator.failNext(account.externalId, 'reject');
    const refused = await failureOf(
      adapterOf('instagram').publish({ account, text: 'x', media: [image('a.png')], idempotencyKey: key() }),
    );
    expect(refused).toMatchObject({ failure: 'rejected', networkMessage: '(#100) Simulated rejection' });
  });

  it('takes a 503, a closed port and a network that does not answer in time for unavailable', async () => {
    const account = graphAccount('facebook');
    simulator.failNext(account.externalId, 'unavailable', 2);
    const request = { account, text: 'x', media: [], idempotencyKey: key() };
    expect(await failureOf(adapterOf('facebook').publish(request))).toMatchObject({
      failure: 'unavailable',
      networkMessage: 'Service temporarily unavailable',
    });
    expect((await failureOf(adapterOf('facebook').publish(request))).failure).toBe('unavailable');
    await adapterOf('facebook').publish(request);

    const closed = createServer();
    const closedUrl = await listen(closed);
    await shut(closed);
    const refused = await failureOf(
      socialNetworkAdapter('facebook', { graphUrl: closedUrl, timeoutMs: 1_000 }).check(account),
    );
    expect(refused.failure).toBe('unavailable');

    const silent = createServer(() => {
      // Never answers.
    });
    const silentUrl = await listen(silent);
    try {
      const started = Date.now();
      const timedOut = await failureOf(
        socialNetworkAdapter('webhook', { graphUrl: silentUrl, timeoutMs: 200 }).publish({
          ...request,
          account: { ...webhookAccount('slow'), webhookUrl: `${silentUrl}/hook` },
        }),
      );
      expect(timedOut).toMatchObject({
        failure: 'unavailable',
        networkMessage: 'no answer from the network: no answer within 200 ms',
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await shut(silent);
    }
  });

  it('takes a 2xx it cannot read for unavailable: the post may have gone out, the caller decides', async () => {
    const garbled: typeof fetch = async () => new Response('<html>ok</html>', { status: 200 });
    const adapter = socialNetworkAdapter('facebook', {
      graphUrl: 'https://graph.example',
      timeoutMs: 1_000,
      fetch: garbled,
    });
    const failed = await failureOf(
      adapter.publish({ account: graphAccount('facebook'), text: 'x', media: [], idempotencyKey: key() }),
    );
    expect(failed.failure).toBe('unavailable');
  });
});

describe('media the network cannot fetch', () => {
  // A tiny PNG, a page that is not a picture and an address that answers 404, as our media links might.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const files = createServer((request, response) => {
    if (request.url?.startsWith('/tiny.png')) response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (request.url?.startsWith('/page.html')) response.writeHead(200, { 'content-type': 'text/html' }).end('<p>');
    else response.writeHead(404).end();
  });
  let fetching: SocialSimulator;
  let base = '';
  beforeAll(async () => {
    base = await listen(files);
    fetching = await startSocialSimulator({ port: 0 });
  });
  afterAll(async () => {
    await fetching?.close();
    await shut(files);
  });
  const adapter = (network: 'facebook' | 'instagram' | 'webhook') =>
    socialNetworkAdapter(network, { graphUrl: fetching.url, timeoutMs: 5_000, containerPollDelayMs: 5 });

  it('publishes a picture the network could download', async () => {
    const account = graphAccount('facebook');
    await adapter('facebook').publish({ account, text: 'ok', media: [image('tiny.png', base)], idempotencyKey: key() });
    expect(fetching.published()).toHaveLength(1);
  });

  it('rejects a picture that answers 404 or is not a picture, and a video Instagram could not download', async () => {
    const facebook = await failureOf(
      adapter('facebook').publish({
        account: graphAccount('facebook'),
        text: 'x',
        media: [image('missing.png', base)],
        idempotencyKey: key(),
      }),
    );
    expect(facebook).toMatchObject({ failure: 'rejected' });
    expect(facebook.networkMessage).toContain('Media could not be fetched');
    const notAPicture = await failureOf(
      adapter('instagram').publish({
        account: graphAccount('instagram'),
        text: 'x',
        media: [image('page.html', base)],
        idempotencyKey: key(),
      }),
    );
    expect(notAPicture.failure).toBe('rejected');
    // Instagram takes a video URL at once and fails while processing it: the container's ERROR status.
    const reel = await failureOf(
      adapter('instagram').publish({
        account: graphAccount('instagram'),
        text: 'x',
        media: [video('missing.mp4', base)],
        idempotencyKey: key(),
      }),
    );
    expect(reel.failure).toBe('rejected');
    expect(reel.networkMessage).toContain('Media download has failed');
    const hook = await failureOf(
      adapter('webhook').publish({
        account: { ...webhookAccount('n'), webhookUrl: fetching.webhookUrl('n') },
        text: 'x',
        media: [image('missing.png', base)],
        idempotencyKey: key(),
      }),
    );
    expect(hook.failure).toBe('rejected');
    expect(fetching.published()).toHaveLength(1);
  });
});

describe('the simulator itself', () => {
  it('lists what went out newest first at /sim, and shows each post at its permalink', async () => {
    const account = graphAccount('facebook');
    const facebook = adapterOf('facebook');
    await facebook.publish({ account, text: 'primo', media: [], idempotencyKey: key() });
    const second = await facebook.publish({ account, text: '<b>secondo</b>', media: [], idempotencyKey: key() });
    const listed = (await (await fetch(`${new URL(simulator.url).origin}/sim`)).json()) as { data: { text: string }[] };
    expect(listed.data.slice(0, 2).map((post) => post.text)).toEqual(['<b>secondo</b>', 'primo']);
    const page = await fetch(second.permalink ?? '');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('&lt;b&gt;secondo&lt;/b&gt;');
  });

  it('refuses a body over 1 MB, a body it cannot parse and a broken address without falling over', async () => {
    const origin = new URL(simulator.url).origin;
    const tooLarge = await fetch(`${simulator.url}/1/feed`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `message=${'a'.repeat(1_100_000)}&access_token=t`,
    });
    expect(tooLarge.status).toBe(413);
    const badJson = await fetch(`${simulator.url}/1/feed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message":',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error: { code: 100 } });
    const broken = await fetch(`${origin}/v21.0/%E0%A4%A?access_token=t`);
    expect(broken.status).toBe(400);
    const unsigned = await fetch(`${origin}/webhook/x`, { method: 'POST', body: 'not json' });
    expect(unsigned.status).toBe(401);
    // Still answering.
    expect((await fetch(`${origin}/sim`)).status).toBe(200);
  });

  it('takes the token as a bearer header too, and forgets everything on reset', async () => {
    const answer = await fetch(`${simulator.url}/42?fields=id,name`, { headers: { authorization: 'Bearer t' } });
    expect(await answer.json()).toEqual({ id: '42', name: 'Pagina simulata 42' });
    const other = await startSocialSimulator({ port: 0, fetchMedia: false });
    try {
      const account = graphAccount('facebook', 'will-be-forgiven');
      other.expireToken('will-be-forgiven');
      const adapter = socialNetworkAdapter('facebook', { graphUrl: other.url, timeoutMs: 1_000 });
      expect((await failureOf(adapter.check(account))).failure).toBe('tokenExpired');
      other.reset();
      await adapter.publish({ account, text: 'x', media: [], idempotencyKey: key() });
      other.reset();
      expect(other.published()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
