// The outside systems the automation area publishes posts to (issue 28), one adapter per network behind one shape:
// a Facebook Page and an Instagram professional account through Meta's Graph API (form-encoded POSTs with the
// account's access token; Instagram in two steps, a media container then media_publish), and a webhook: a signed JSON
// POST to any system that takes one. Every refusal becomes a SocialNetworkError whose `failure` tells the caller what
// to do (ask for a new token, wait, change the post, try again later); the adapter itself never retries and never
// guesses whether a post that got no answer went out — the caller decides (outcomeUnknown is its word, not ours).

import { createHmac } from 'node:crypto';
import type { AccountFigures, MediaKind, PublishFailure, SocialNetwork } from '@bottega/contracts/automation';

export type SocialAccountRef = {
  network: SocialNetwork;
  externalId: string;
  webhookUrl: string;
  token: string | null;
  name: string;
  handle: string;
};
/** `url` is a public, signed address of our server the network downloads the file from. */
export type PublishMedia = { kind: MediaKind; mimeType: string; url: string; title: string };
export type PublishRequest = {
  account: SocialAccountRef;
  text: string;
  media: PublishMedia[];
  /** stable per post+account */
  idempotencyKey: string;
};
export type PublishResult = { remoteId: string; permalink: string | null };

/** A refusal or a silence of the network: `networkMessage` is its own words (never the token). */
export class SocialNetworkError extends Error {
  constructor(
    readonly failure: PublishFailure,
    readonly networkMessage: string,
    /** rateLimited only: how long the network asks us to wait. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${failure}: ${networkMessage}`);
    this.name = 'SocialNetworkError';
  }
}

export type SocialNetworkOptions = {
  graphUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Instagram: how many times a video or carousel container's status is asked before giving up (unavailable). */
  containerPolls?: number;
  /** Instagram: the wait between two of those questions. */
  containerPollDelayMs?: number;
};
export type SocialNetworkAdapter = {
  publish: (request: PublishRequest) => Promise<PublishResult>;
  /** Whether the account's token works; answers the name the network knows the account by. Throws SocialNetworkError. */
  check: (account: SocialAccountRef) => Promise<{ name: string }>;
  /** Figures of one published post; null where the network gives none (webhook). Throws SocialNetworkError. */
  figures: (account: SocialAccountRef, remoteId: string) => Promise<AccountFigures | null>;
};

// Meta asks to check a container's status no more than once a minute for five minutes; a publishing job cannot hold
// that long, so it asks a little more often for two minutes, then gives up as `unavailable`: the next attempt makes a
// new container (the abandoned one expires unpublished after 24 hours, nobody sees it).
const defaultContainerPolls = 12;
const defaultContainerPollDelayMs = 10_000;
/** What Graph's rate limits usually last when it does not say (it rarely sends Retry-After). */
const defaultRetryAfterSeconds = 60;

type Answer = { status: number; headers: Headers; body: unknown; text: string };
type Params = Record<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** A figure as the network gives it: a non-negative integer, 0 when absent or odd. */
function countOf(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number > 0 ? Math.trunc(number) : 0;
}

/** Takes the token (as is and as it appears in a URL) out of any text that may reach a log or a screen. */
function redact(text: string, token: string | null): string {
  if (!token) return text;
  return text.split(token).join('[token]').split(encodeURIComponent(token)).join('[token]');
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error && isRecord(error.cause) ? error.cause : null;
  const code = cause && typeof cause.code === 'string' ? ` (${cause.code})` : '';
  return `${error instanceof Error ? error.message : String(error)}${code}`;
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date. */
function retryAfterOf(headers: Headers): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Math.max(1, Number(value));
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

/**
 * Graph's business use case limits (the ones a Page or Instagram token hits) say in X-Business-Use-Case-Usage how
 * many minutes until calls are taken again: the longest of them, in seconds.
 */
function businessUseCaseWaitOf(headers: Headers): number | null {
  const value = headers.get('x-business-use-case-usage');
  if (!value) return null;
  try {
    const usage = JSON.parse(value) as unknown;
    if (!isRecord(usage)) return null;
    const minutes = Object.values(usage)
      .flatMap((entries) => (Array.isArray(entries) ? entries : []))
      .map((entry) => (isRecord(entry) ? countOf(entry.estimated_time_to_regain_access) : 0));
    const longest = Math.max(0, ...minutes);
    return longest > 0 ? longest * 60 : null;
  } catch {
    return null;
  }
}

// Graph error codes (https://developers.facebook.com/docs/graph-api/guides/error-handling): 190 and 102 the token
// is expired or revoked; 4, 17, 32, 341, 613 and 80001–80014 throttling (application, user, page, app limit, custom
// and business use case limits); 1 and 2 a passing fault on Meta's side; 9007 an Instagram container not ready yet.
const tokenCodes = new Set([190, 102]);
const rateLimitCodes = new Set([4, 17, 32, 341, 613]);
const passingCodes = new Set([1, 2, 9007]);

function graphFailure(answer: Answer, token: string | null): SocialNetworkError {
  const error = isRecord(answer.body) && isRecord(answer.body.error) ? answer.body.error : null;
  const code = typeof error?.code === 'number' ? error.code : null;
  const message = redact(
    typeof error?.message === 'string' && error.message.trim() !== '' ? error.message : `HTTP ${answer.status}`,
    token,
  );
  if ((code !== null && tokenCodes.has(code)) || answer.status === 401) {
    return new SocialNetworkError('tokenExpired', message);
  }
  if ((code !== null && (rateLimitCodes.has(code) || (code >= 80001 && code <= 80014))) || answer.status === 429) {
    const wait = retryAfterOf(answer.headers) ?? businessUseCaseWaitOf(answer.headers) ?? defaultRetryAfterSeconds;
    return new SocialNetworkError('rateLimited', message, wait);
  }
  if (answer.status >= 500 || (code !== null && passingCodes.has(code))) {
    return new SocialNetworkError('unavailable', message);
  }
  return new SocialNetworkError('rejected', message);
}

/** A webhook's own words: its JSON `error` or `message`, else the start of what it answered. */
function webhookFailure(answer: Answer, token: string | null): SocialNetworkError {
  const said = isRecord(answer.body)
    ? (stringOf(answer.body.error) ?? stringOf(answer.body.message))
    : answer.text.trim().slice(0, 200);
  const message = redact(said ? `HTTP ${answer.status}: ${said}` : `HTTP ${answer.status}`, token);
  if (answer.status === 401 || answer.status === 403) return new SocialNetworkError('tokenExpired', message);
  if (answer.status === 429) {
    return new SocialNetworkError('rateLimited', message, retryAfterOf(answer.headers) ?? defaultRetryAfterSeconds);
  }
  // A redirect is an address that moved: sending the signed post after it would be guessing, the address must change.
  if (answer.status >= 300 && answer.status < 500) return new SocialNetworkError('rejected', message);
  return new SocialNetworkError('unavailable', message);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function socialNetworkAdapter(network: SocialNetwork, options: SocialNetworkOptions): SocialNetworkAdapter {
  const base = options.graphUrl.replace(/\/+$/, '');
  const containerPolls = Math.max(1, options.containerPolls ?? defaultContainerPolls);
  const containerPollDelayMs = Math.max(0, options.containerPollDelayMs ?? defaultContainerPollDelayMs);

  /** One HTTP exchange; no answer at all (refused, reset, timed out) is `unavailable`, whichever call it was. */
  const exchange = async (url: string, init: RequestInit, token: string | null): Promise<Answer> => {
    const fetchImpl = options.fetch ?? fetch;
    try {
      // Redirects are not followed: the token or the signed body would go where nobody configured it to.
      const response = await fetchImpl(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: response.status, headers: response.headers, body, text };
    } catch (error) {
      throw new SocialNetworkError(
        'unavailable',
        redact(`no answer from the network: ${describeFetchError(error, options.timeoutMs)}`, token),
      );
    }
  };

  const graphPath = (segments: string[]) => `${base}/${segments.map(encodeURIComponent).join('/')}`;

  /** A Graph call: POSTs are form-encoded with the token in the body; GETs carry it in the query string. */
  const graph = async (
    method: 'GET' | 'POST',
    segments: string[],
    params: Params,
    token: string,
  ): Promise<Record<string, unknown>> => {
    const form = new URLSearchParams({ ...params, access_token: token });
    const answer =
      method === 'GET'
        ? await exchange(`${graphPath(segments)}?${form}`, { method: 'GET' }, token)
        : await exchange(
            graphPath(segments),
            {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: form.toString(),
            },
            token,
          );
    if (answer.status < 200 || answer.status >= 300 || (isRecord(answer.body) && 'error' in answer.body)) {
      throw graphFailure(answer, token);
    }
    // A 2xx we cannot read may still mean the call was taken: the caller learns only that the answer was lost.
    if (!isRecord(answer.body)) {
      throw new SocialNetworkError('unavailable', `HTTP ${answer.status} with an answer that is not Graph JSON`);
    }
    return answer.body;
  };

  /** The id Graph answered a creation with; without one the outcome is unknown to us, so `unavailable`. */
  const idOf = (body: Record<string, unknown>, field = 'id'): string => {
    const id = stringOf(body[field]);
    if (!id) throw new SocialNetworkError('unavailable', `the network answered without an ${field}`);
    return id;
  };

  const tokenOf = (account: SocialAccountRef): string => {
    if (!account.token) throw new SocialNetworkError('tokenExpired', 'no access token is stored for this account');
    return account.token;
  };

  /** The post's public address, best effort: the post is out either way, so a failure here leaves it null. */
  const permalinkOf = async (id: string, field: string, token: string): Promise<string | null> => {
    try {
      const link = stringOf((await graph('GET', [id], { fields: field }, token))[field]);
      if (!link) return null;
      // A Page video's permalink_url is a path on facebook.com.
      return link.startsWith('/') ? `https://www.facebook.com${link}` : link;
    } catch {
      return null;
    }
  };

  /**
   * One insights metric of a post. A post the network keeps no insights for (too recent, a Page too small, a metric
   * retired in a newer Graph version) answers a refusal: its reach is then 0. A token, throttling or outage failure
   * is thrown instead, so the caller keeps the figures it has rather than overwrite them with zero.
   */
  const insightOf = async (id: string, metric: string, token: string): Promise<number> => {
    let body: Record<string, unknown>;
    try {
      body = await graph('GET', [id, 'insights'], { metric }, token);
    } catch (error) {
      if (error instanceof SocialNetworkError && error.failure === 'rejected') return 0;
      throw error;
    }
    const entries = Array.isArray(body.data) ? body.data : [];
    const entry = entries.find((item) => isRecord(item) && item.name === metric) as Record<string, unknown> | undefined;
    if (!entry) return 0;
    const values = Array.isArray(entry.values) ? entry.values : [];
    const first = values[0];
    if (isRecord(first)) return countOf(first.value);
    // Newer Instagram metrics answer a total instead of a series.
    return isRecord(entry.total_value) ? countOf(entry.total_value.value) : 0;
  };

  // ——— Facebook Page ———

  const facebook: SocialNetworkAdapter = {
    publish: async ({ account, text, media }) => {
      const token = tokenOf(account);
      const pageId = account.externalId;
      const videos = media.filter((item) => item.kind === 'video');
      // A Page post carries one video alone (postProblemFor keeps such posts from being scheduled at all).
      if (videos.length > 0 && media.length > 1) {
        throw new SocialNetworkError('rejected', 'a Facebook Page post takes one video alone');
      }
      const caption: Params = text.trim() === '' ? {} : { message: text };
      let remoteId: string;
      const [only] = media;
      if (only === undefined) {
        remoteId = idOf(await graph('POST', [pageId, 'feed'], caption, token));
      } else if (media.length === 1 && only.kind === 'video') {
        const description: Params = text.trim() === '' ? {} : { description: text };
        remoteId = idOf(await graph('POST', [pageId, 'videos'], { file_url: only.url, ...description }, token));
      } else if (media.length === 1) {
        const captionParams: Params = text.trim() === '' ? {} : { caption: text };
        const answer = await graph('POST', [pageId, 'photos'], { url: only.url, ...captionParams }, token);
        remoteId = stringOf(answer.post_id) ?? idOf(answer);
      } else {
        // Several pictures: each is uploaded unpublished, then one feed post attaches them all. A failure halfway
        // leaves unpublished photos on the Page, which nobody sees.
        const attached: { media_fbid: string }[] = [];
        for (const item of media) {
          attached.push({
            media_fbid: idOf(await graph('POST', [pageId, 'photos'], { url: item.url, published: 'false' }, token)),
          });
        }
        remoteId = idOf(
          await graph('POST', [pageId, 'feed'], { ...caption, attached_media: JSON.stringify(attached) }, token),
        );
      }
      return { remoteId, permalink: await permalinkOf(remoteId, 'permalink_url', token) };
    },
    check: async (account) => {
      const answer = await graph('GET', [account.externalId], { fields: 'id,name' }, tokenOf(account));
      return { name: stringOf(answer.name) ?? account.name };
    },
    figures: async (account, remoteId) => {
      const token = tokenOf(account);
      const post = await graph(
        'GET',
        [remoteId],
        { fields: 'shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)' },
        token,
      );
      // Graph leaves `shares` out of a post nobody shared.
      const summaryOf = (value: unknown) =>
        isRecord(value) && isRecord(value.summary) ? countOf(value.summary.total_count) : 0;
      return {
        likes: summaryOf(post.reactions),
        comments: summaryOf(post.comments),
        shares: isRecord(post.shares) ? countOf(post.shares.count) : 0,
        reach: await insightOf(remoteId, 'post_impressions_unique', token),
      };
    },
  };

  // ——— Instagram professional account ———

  /** Waits until Instagram has fetched and processed a container's video(s): FINISHED, or a refusal. */
  const containerReady = async (containerId: string, token: string): Promise<void> => {
    for (let poll = 1; poll <= containerPolls; poll += 1) {
      const answer = await graph('GET', [containerId], { fields: 'status_code,status' }, token);
      const status = stringOf(answer.status_code);
      if (status === 'FINISHED') return;
      // ERROR: Instagram could not take the media (download failed, a format or length it refuses): the post must
      // change. EXPIRED: the container was not published within 24 hours; a new attempt makes a new one.
      if (status === 'ERROR') {
        throw new SocialNetworkError('rejected', stringOf(answer.status) ?? 'Instagram could not process the media');
      }
      if (status === 'EXPIRED') throw new SocialNetworkError('unavailable', 'the media container expired');
      if (poll < containerPolls) await sleep(containerPollDelayMs);
    }
    throw new SocialNetworkError(
      'unavailable',
      `Instagram was still processing the media after ${containerPolls} checks`,
    );
  };

  const instagram: SocialNetworkAdapter = {
    publish: async ({ account, text, media }) => {
      const token = tokenOf(account);
      const userId = account.externalId;
      if (media.length === 0) throw new SocialNetworkError('rejected', 'an Instagram post needs a picture or a video');
      const caption: Params = text.trim() === '' ? {} : { caption: text };
      const createContainer = async (params: Params) => idOf(await graph('POST', [userId, 'media'], params, token));
      let containerId: string;
      const [only] = media;
      if (only !== undefined && media.length === 1) {
        // Single videos are published as reels (Instagram has done so for every feed video since July 2023).
        containerId = await createContainer(
          only.kind === 'video'
            ? { media_type: 'REELS', video_url: only.url, ...caption }
            : { image_url: only.url, ...caption },
        );
        if (only.kind === 'video') await containerReady(containerId, token);
      } else {
        // A carousel: one container per item (no caption of their own), one at a time to spare the rate limit,
        // each video processed before the carousel container takes it, then the carousel container itself.
        const children: { id: string; kind: MediaKind }[] = [];
        for (const item of media) {
          const id = await createContainer(
            item.kind === 'video'
              ? { media_type: 'VIDEO', video_url: item.url, is_carousel_item: 'true' }
              : { image_url: item.url, is_carousel_item: 'true' },
          );
          children.push({ id, kind: item.kind });
        }
        for (const child of children) if (child.kind === 'video') await containerReady(child.id, token);
        containerId = await createContainer({
          media_type: 'CAROUSEL',
          children: children.map((child) => child.id).join(','),
          ...caption,
        });
        await containerReady(containerId, token);
      }
      const remoteId = idOf(await graph('POST', [userId, 'media_publish'], { creation_id: containerId }, token));
      return { remoteId, permalink: await permalinkOf(remoteId, 'permalink', token) };
    },
    check: async (account) => {
      const answer = await graph('GET', [account.externalId], { fields: 'id,username' }, tokenOf(account));
      return { name: stringOf(answer.username) ?? account.name };
    },
    figures: async (account, remoteId) => {
      const token = tokenOf(account);
      const media = await graph('GET', [remoteId], { fields: 'like_count,comments_count' }, token);
      // Instagram gives no share count through the API.
      return {
        likes: countOf(media.like_count),
        comments: countOf(media.comments_count),
        shares: 0,
        reach: await insightOf(remoteId, 'reach', token),
      };
    },
  };

  // ——— Webhook ———

  /**
   * POSTs a JSON event to the account's address, signed as X-Bottega-Signature: sha256=<hex HMAC-SHA256 of the exact
   * body, keyed with the account's secret> so the receiver knows it comes from us (no signature without a secret).
   */
  const sendEvent = async (account: SocialAccountRef, event: Record<string, unknown>, idempotencyKey?: string) => {
    const body = JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (account.token) {
      headers['x-bottega-signature'] = `sha256=${createHmac('sha256', account.token).update(body).digest('hex')}`;
    }
    let url: URL;
    try {
      url = new URL(account.webhookUrl);
    } catch {
      throw new SocialNetworkError('rejected', 'the webhook address is not a URL');
    }
    const answer = await exchange(url.toString(), { method: 'POST', headers, body }, account.token);
    if (answer.status < 200 || answer.status >= 300) throw webhookFailure(answer, account.token);
    return answer;
  };

  const webhook: SocialNetworkAdapter = {
    publish: async ({ account, text, media, idempotencyKey }) => {
      const answer = await sendEvent(
        account,
        {
          event: 'post.publish',
          idempotencyKey,
          account: { name: account.name, handle: account.handle },
          text,
          media: media.map(({ kind, mimeType, url, title }) => ({ kind, mimeType, url, title })),
          sentAt: new Date().toISOString(),
        },
        idempotencyKey,
      );
      // A receiver may answer nothing at all: the key we sent then names the post.
      const body = isRecord(answer.body) ? answer.body : {};
      const url = stringOf(body.url);
      return {
        remoteId: stringOf(body.id) ?? idempotencyKey,
        permalink: url && /^https?:\/\//i.test(url) ? url : null,
      };
    },
    check: async (account) => {
      await sendEvent(account, { event: 'ping', sentAt: new Date().toISOString() });
      return { name: account.name };
    },
    figures: async () => null,
  };

  return { facebook, instagram, webhook }[network];
}
