// A local stand-in for the social networks social-network.ts publishes to, so the demo, the tests and development
// publish posts with no Meta app, no Page and no network: a real HTTP server answering the Graph API calls the adapter
// makes (under /v21.0: a Page's /feed, /photos and /videos, an Instagram account's /media and /media_publish, a node's
// fields and /insights) with Graph's own answers and refusals (error codes 190, 4, 32, 100, 9004, 9007), and a webhook
// receiver at /webhook/<name> that checks the signature and the idempotency key as a careful receiver would.
// Like Meta it downloads every media URL it is given (fetchMedia), so a signed address that does not work is caught
// here first. Tests make it fail on purpose with failNext() and expireToken(); people trying the demo see what went
// out at GET /sim (newest first) and each post at its permalink, /sim/<network>/<id>.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkRules, postCharacterCount } from '@bottega/contracts/automation';

export type SimulatedPost = {
  id: string;
  network: 'facebook' | 'instagram' | 'webhook';
  /** The Page or Instagram user id, or the webhook's name. */
  target: string;
  text: string;
  media: { url: string; kind: 'image' | 'video' }[];
  at: string;
  permalink: string | null;
};

export type SocialSimulator = {
  /** The Graph base the adapter is given: http://127.0.0.1:<port>/v21.0. */
  url: string;
  /** Where a webhook account named `name` posts. */
  webhookUrl: (name: string) => string;
  /** Every post taken, oldest first. */
  published: () => SimulatedPost[];
  /** From now on Graph refuses this token as expired (code 190). */
  expireToken: (token: string) => void;
  /** The next `times` (1) publishing calls for the target (Page id, Instagram id or webhook name) fail this way. */
  failNext: (target: string, mode: SimulatedFailure, times?: number) => void;
  /** Forgets posts, containers, expired tokens, failures queued and the calls counted for rate limits. */
  reset: () => void;
  close: () => Promise<void>;
};

export type SimulatedFailure = 'reject' | 'rateLimit' | 'unavailable' | 'expireToken';

const graphVersion = 'v21.0';
const bodyLimitBytes = 1024 * 1024;
/** Publishing calls a target may make in a minute (Graph's Page limits, scaled down so a demo can reach them). */
const publishCallsPerMinute = 25;
const mediaFetchTimeoutMs = 10_000;
const defaultWebhookSecret = 'bottega-demo-webhook';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Params = Record<string, string>;

/** A Graph refusal, in Graph's shape: HTTP 400 unless told, OAuthException, a trace id as Meta gives for support. */
function graphError(
  code: number,
  message: string,
  more: { status?: number; type?: string; subcode?: number; headers?: Record<string, string> } = {},
): Reply {
  return {
    status: more.status ?? 400,
    headers: more.headers,
    body: {
      error: {
        message,
        type: more.type ?? 'OAuthException',
        code,
        ...(more.subcode === undefined ? {} : { error_subcode: more.subcode }),
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    },
  };
}

const ok = (body: unknown): Reply => ({ status: 200, body });

const unknownObject = (id: string) =>
  graphError(
    100,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    { type: 'GraphMethodException', subcode: 33 },
  );

/** Graph's `fields` list: commas at the top level only (a field may carry modifiers like summary(a,b)). */
function fieldNamesOf(fields: string | undefined): string[] {
  if (!fields) return [];
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of fields) {
    if (character === '(' || character === '{') depth += 1;
    if (character === ')' || character === '}') depth -= 1;
    if (character === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  names.push(current);
  return names.map((name) => name.trim().split(/[.({]/)[0] ?? '').filter((name) => name !== '');
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** Reads the body whole; past the limit it keeps draining (so the 413 reaches the caller) but stops keeping. */
async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= bodyLimitBytes) chunks.push(chunk as Buffer);
  }
  return size > bodyLimitBytes ? null : Buffer.concat(chunks);
}

/** Graph takes parameters in the query string, as a form or as JSON; the body wins. Null: a body it cannot read. */
function paramsOf(url: URL, contentType: string | undefined, body: string): Params | null {
  const params: Params = Object.fromEntries(url.searchParams);
  if (body.trim() === '') return params;
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      for (const [key, value] of Object.entries(parsed)) {
        params[key] = typeof value === 'string' ? value : JSON.stringify(value);
      }
      return params;
    } catch {
      return null;
    }
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
}

/** Why Meta would not take this media URL (it downloads each one), or null when it answers 200 with the right type. */
async function mediaProblem(url: string, kind: 'image' | 'video'): Promise<string | null> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:') return 'not an http(s) URL';
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(mediaFetchTimeoutMs) });
    await response.body?.cancel();
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200) return `the media URL answered ${response.status}`;
    if (!type.toLowerCase().startsWith(`${kind}/`)) return `the media URL answered ${type || 'no type'}, not ${kind}`;
    return null;
  } catch {
    return 'the media URL did not answer';
  }
}

type StoredPost = SimulatedPost & { publishedMs: number };

/** An Instagram media container, waiting to be published. */
type Container = {
  id: string;
  userId: string;
  type: 'IMAGE' | 'REELS' | 'VIDEO' | 'CAROUSEL';
  media: { url: string; kind: 'image' | 'video' }[];
  caption: string;
  carouselItem: boolean;
  /** Videos and carousels are processed: IN_PROGRESS for the simulator's first statusPolls status reads. */
  processing: boolean;
  statusReads: number;
  /** Why processing failed (status ERROR), as Instagram says it. */
  error: string | null;
  published: boolean;
};

/**
 * Figures of a post, growing with the minutes since it went out, the same for everyone who asks at the same minute
 * (deterministic, so a test or a demo can tell what to expect), and levelling off after about a week.
 */
function figuresOf(post: StoredPost) {
  const minutes = Math.min(10_000, Math.max(0, Math.floor((Date.now() - post.publishedMs) / 60_000)));
  return {
    likes: Math.min(minutes * 3, 5_000),
    comments: Math.min(minutes, 2_000),
    shares: Math.floor(minutes / 4),
    reach: minutes * 40,
  };
}

/**
 * Starts the simulated networks on host (127.0.0.1) and port (0: any free one). `fetchMedia` (true): download each
 * media URL as Meta does; `webhookSecret`: what webhook calls must be signed with; `statusPolls` (1): how many status
 * reads an Instagram video or carousel container stays IN_PROGRESS.
 */
export async function startSocialSimulator(options: {
  port: number;
  host?: string;
  fetchMedia?: boolean;
  webhookSecret?: string;
  statusPolls?: number;
}): Promise<SocialSimulator> {
  const fetchMedia = options.fetchMedia ?? true;
  const webhookSecret = options.webhookSecret ?? defaultWebhookSecret;
  const statusPolls = Math.max(0, options.statusPolls ?? 1);

  const posts = new Map<string, StoredPost>();
  const containers = new Map<string, Container>();
  /** Page photos uploaded with published=false, waiting to be attached to a feed post. */
  const unpublishedPhotos = new Map<string, { pageId: string; url: string; attached: boolean }>();
  const expiredTokens = new Set<string>();
  const failures = new Map<string, SimulatedFailure[]>();
  const publishCalls = new Map<string, number[]>();
  /** `<webhook name>\n<idempotency key>` → the post it made. */
  const webhookKeys = new Map<string, string>();
  // Graph ids are long decimal numbers; a counter keeps them unique and readable.
  let counter = 0;
  const nextId = () => String(17_841_400_000_000 + ++counter);
  let origin = '';

  const record = (post: Omit<StoredPost, 'at' | 'permalink' | 'publishedMs'>): StoredPost => {
    const now = Date.now();
    const stored: StoredPost = {
      ...post,
      at: new Date(now).toISOString(),
      publishedMs: now,
      permalink: `${origin}/sim/${post.network}/${encodeURIComponent(post.id)}`,
    };
    posts.set(stored.id, stored);
    return stored;
  };

  const takeFailure = (target: string): SimulatedFailure | undefined => failures.get(target)?.shift();

  /** Counts a publishing call of the target; true when it is over the minute's limit (the refused call not counted). */
  const overRateLimit = (target: string): boolean => {
    const now = Date.now();
    const recent = (publishCalls.get(target) ?? []).filter((at) => now - at < 60_000);
    const over = recent.length >= publishCallsPerMinute;
    if (!over) recent.push(now);
    publishCalls.set(target, recent);
    return over;
  };

  const tooLong = (network: 'facebook' | 'instagram' | 'webhook', text: string) =>
    postCharacterCount(text) > networkRules[network].maxCharacters;

  const expiredToken = () =>
    graphError(
      190,
      `Error validating access token: Session has expired on ${new Date(Date.now() - 3_600_000).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
      { subcode: 463 },
    );

  const simulatedGraphFailure = (mode: SimulatedFailure): Reply => {
    switch (mode) {
      case 'reject':
        return graphError(100, '(#100) Simulated rejection');
      case 'rateLimit':
        return graphError(4, '(#4) Application request limit reached', { subcode: 2446079 });
      case 'unavailable':
        return { status: 503, body: { error: { code: 2, message: 'Service temporarily unavailable' } } };
      case 'expireToken':
        return expiredToken();
    }
  };

  const notFetched = (problem: string) =>
    graphError(9004, `Media could not be fetched: ${problem}`, { subcode: 2207052, type: 'OAuthException' });

  // ——— Facebook Page ———

  const pageFeed = (pageId: string, params: Params): Reply => {
    const message = params.message ?? '';
    if (tooLong('facebook', message)) return graphError(100, '(#100) The message is too long');
    let ids: string[] = [];
    try {
      const entries: unknown[] =
        params.attached_media !== undefined
          ? (JSON.parse(params.attached_media) as unknown[])
          : Object.keys(params)
              .filter((key) => /^attached_media\[\d+\]$/.test(key))
              .sort((a, b) => Number(a.slice(15, -1)) - Number(b.slice(15, -1)))
              .map((key) => JSON.parse(params[key] ?? '') as unknown);
      if (!Array.isArray(entries)) throw new TypeError('not an array');
      ids = entries.map((entry) => String((entry as { media_fbid?: unknown } | null)?.media_fbid ?? ''));
    } catch {
      return graphError(100, '(#100) param attached_media must be an array of {"media_fbid": id}');
    }
    if (message.trim() === '' && ids.length === 0) return graphError(100, '(#100) Missing message or attachment');
    if (ids.length > networkRules.facebook.maxMedia) return graphError(100, '(#100) Too many attached media');
    const photos = ids.map((id) => ({ id, photo: unpublishedPhotos.get(id) }));
    const wrong = photos.find(({ photo }) => !photo || photo.pageId !== pageId || photo.attached);
    if (wrong) return graphError(100, `(#100) Invalid media_fbid: ${wrong.id}`);
    for (const { photo } of photos) if (photo) photo.attached = true;
    const post = record({
      id: `${pageId}_${nextId()}`,
      network: 'facebook',
      target: pageId,
      text: message,
      media: photos.map(({ photo }) => ({ url: photo?.url ?? '', kind: 'image' as const })),
    });
    return ok({ id: post.id });
  };

  const pagePhotos = async (pageId: string, params: Params): Promise<Reply> => {
    const url = params.url;
    if (!url) return graphError(324, '(#324) Requires upload file');
    const caption = params.caption ?? params.message ?? '';
    if (tooLong('facebook', caption)) return graphError(100, '(#100) The caption is too long');
    const problem = fetchMedia ? await mediaProblem(url, 'image') : null;
    if (problem) return notFetched(problem);
    const photoId = nextId();
    if (params.published === 'false' || params.published === '0') {
      unpublishedPhotos.set(photoId, { pageId, url, attached: false });
      return ok({ id: photoId });
    }
    const post = record({
      id: `${pageId}_${nextId()}`,
      network: 'facebook',
      target: pageId,
      text: caption,
      media: [{ url, kind: 'image' }],
    });
    return ok({ id: photoId, post_id: post.id });
  };

  const pageVideos = async (pageId: string, params: Params): Promise<Reply> => {
    const url = params.file_url;
    if (!url) return graphError(100, '(#100) A video needs file_url or source');
    const description = params.description ?? '';
    if (tooLong('facebook', description)) return graphError(100, '(#100) The description is too long');
    const problem = fetchMedia ? await mediaProblem(url, 'video') : null;
    if (problem) return notFetched(problem);
    const post = record({
      id: nextId(),
      network: 'facebook',
      target: pageId,
      text: description,
      media: [{ url, kind: 'video' }],
    });
    return ok({ id: post.id });
  };

  // ——— Instagram ———

  /** Processing is over once the container has been asked about statusPolls times: the next answer is FINISHED. */
  const ready = (container: Container) => !container.processing || container.statusReads >= statusPolls;
  const notReady = () =>
    graphError(9007, 'The media is not ready for publishing, please wait for a moment', { subcode: 2207027 });

  const igMedia = async (userId: string, params: Params): Promise<Reply> => {
    const type = (params.media_type ?? 'IMAGE').toUpperCase();
    const caption = params.caption ?? '';
    const carouselItem = params.is_carousel_item === 'true';
    if (tooLong('instagram', caption)) {
      return graphError(
        100,
        `(#100) The caption is too long: ${networkRules.instagram.maxCharacters} characters at most`,
      );
    }
    const container: Container = {
      id: nextId(),
      userId,
      type: 'IMAGE',
      media: [],
      caption: carouselItem ? '' : caption,
      carouselItem,
      processing: false,
      statusReads: 0,
      error: null,
      published: false,
    };
    if (type === 'CAROUSEL') {
      const ids = (params.children ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
      if (ids.length < 2 || ids.length > networkRules.instagram.maxMedia) {
        return graphError(100, `(#100) A carousel takes 2 to ${networkRules.instagram.maxMedia} children`);
      }
      const children = ids.map((id) => containers.get(id));
      for (const [index, child] of children.entries()) {
        if (!child || child.userId !== userId || !child.carouselItem || child.published) {
          return graphError(100, `(#100) The children parameter holds an invalid id: ${ids[index]}`);
        }
        if (child.error) return graphError(100, `(#100) Carousel item ${child.id} could not be processed`);
        if (!ready(child)) return notReady();
      }
      container.type = 'CAROUSEL';
      container.processing = true;
      container.media = children.flatMap((child) => child?.media ?? []);
    } else if (type === 'REELS' || type === 'VIDEO') {
      // Single feed videos are reels since 2023; VIDEO is left for carousel items.
      if (type === 'VIDEO' && !carouselItem) {
        return graphError(100, '(#100) The VIDEO media type is only for carousel items; use REELS');
      }
      const url = params.video_url;
      if (!url) return graphError(100, '(#100) The parameter video_url is required.');
      // Instagram takes a video URL at once and downloads it while processing: a URL it cannot fetch shows later
      // as the container's ERROR status, not as a refusal of this call.
      const problem = fetchMedia ? await mediaProblem(url, 'video') : null;
      container.type = type;
      container.processing = true;
      container.media = [{ url, kind: 'video' }];
      container.error = problem ? `Error: Media download has failed. ${problem}` : null;
    } else if (type === 'IMAGE') {
      const url = params.image_url;
      if (!url) return graphError(100, '(#100) The parameter image_url is required.');
      const problem = fetchMedia ? await mediaProblem(url, 'image') : null;
      if (problem) return notFetched(problem);
      container.media = [{ url, kind: 'image' }];
    } else {
      return graphError(100, `(#100) Unsupported media_type: ${type}`);
    }
    containers.set(container.id, container);
    return ok({ id: container.id });
  };

  const igPublish = (userId: string, params: Params): Reply => {
    const container = containers.get(params.creation_id ?? '');
    if (!container || container.userId !== userId || container.carouselItem) {
      return graphError(100, '(#100) The parameter creation_id is invalid');
    }
    if (container.published) return graphError(100, '(#100) The media container has already been published');
    if (container.error) return graphError(100, `(#100) The media could not be processed: ${container.error}`);
    if (!ready(container)) return notReady();
    container.published = true;
    const post = record({
      id: nextId(),
      network: 'instagram',
      target: userId,
      text: container.caption,
      media: container.media,
    });
    return ok({ id: post.id });
  };

  // ——— Reading nodes ———

  const readNode = (id: string, fields: string[]): Reply => {
    const post = posts.get(id);
    const container = containers.get(id);
    let values: Record<string, unknown>;
    let nodeType: string;
    if (post && post.network !== 'webhook') {
      const figures = figuresOf(post);
      nodeType = post.network === 'facebook' ? 'Post' : 'IGMedia';
      values =
        post.network === 'facebook'
          ? {
              id: post.id,
              message: post.text,
              created_time: post.at,
              permalink_url: post.permalink,
              // Graph leaves shares out of a post nobody shared.
              ...(figures.shares > 0 ? { shares: { count: figures.shares } } : {}),
              reactions: { data: [], summary: { total_count: figures.likes, viewer_reaction: 'NONE' } },
              comments: { data: [], summary: { order: 'ranked', total_count: figures.comments, can_comment: true } },
            }
          : {
              id: post.id,
              caption: post.text,
              timestamp: post.at,
              permalink: post.permalink,
              media_type:
                post.media.length > 1 ? 'CAROUSEL_ALBUM' : post.media[0]?.kind === 'video' ? 'VIDEO' : 'IMAGE',
              like_count: figures.likes,
              comments_count: figures.comments,
            };
    } else if (container) {
      nodeType = 'ShadowIGMediaBuilder';
      const status = container.published
        ? 'PUBLISHED'
        : !ready(container)
          ? 'IN_PROGRESS'
          : container.error
            ? 'ERROR'
            : 'FINISHED';
      if (fields.includes('status_code') || fields.includes('status')) container.statusReads += 1;
      values = {
        id,
        status_code: status,
        status: container.error ?? (status === 'IN_PROGRESS' ? 'In Progress' : 'Finished'),
      };
    } else if (/^\d{1,30}$/.test(id)) {
      // Any other number is taken for a Page or an Instagram account the token may act for.
      nodeType = 'User';
      values = { id, name: `Pagina simulata ${id}`, username: `bottega_sim_${id}` };
    } else {
      return unknownObject(id);
    }
    const asked = fields.length > 0 ? fields : ['id'];
    const missing = asked.find((field) => !(field in values) && !(field === 'shares' && nodeType === 'Post'));
    if (missing)
      return graphError(100, `(#100) Tried accessing nonexisting field (${missing}) on node type (${nodeType})`);
    return ok(Object.fromEntries(asked.filter((field) => field in values).map((field) => [field, values[field]])));
  };

  const readInsights = (id: string, metrics: string[]): Reply => {
    const post = posts.get(id);
    if (!post || post.network === 'webhook') return unknownObject(id);
    const known = post.network === 'facebook' ? 'post_impressions_unique' : 'reach';
    if (metrics.length === 0 || metrics.some((metric) => metric !== known)) {
      return graphError(100, '(#100) The value must be a valid insights metric');
    }
    const reach = figuresOf(post).reach;
    return ok({
      data: [
        {
          name: known,
          period: 'lifetime',
          values: [{ value: reach }],
          title: post.network === 'facebook' ? 'Lifetime Post Total Reach' : 'Reach',
          id: `${id}/insights/${known}/lifetime`,
        },
      ],
    });
  };

  // ——— Graph routing ———

  const handleGraph = async (
    request: IncomingMessage,
    url: URL,
    segments: string[],
    params: Params,
  ): Promise<Reply> => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const token = params.access_token || bearer;
    if (!token) return graphError(190, 'An access token is required to request this resource.');
    if (token.startsWith('expired') || expiredTokens.has(token)) return expiredToken();
    const [node = '', edge] = segments;
    if (request.method === 'GET') {
      if (edge === undefined) return readNode(node, fieldNamesOf(params.fields));
      if (edge === 'insights') return readInsights(node, (params.metric ?? '').split(',').filter(Boolean));
      return graphError(2500, `Unknown path components: /${edge}`);
    }
    if (request.method !== 'POST') return graphError(100, `(#100) Unsupported ${request.method} request`);
    if (edge === undefined || !/^\d{1,30}$/.test(node)) {
      return graphError(100, `(#100) Unsupported post request to ${url.pathname.replace(/^\/v[\d.]+/, '')}`);
    }
    if (!['feed', 'photos', 'videos', 'media', 'media_publish'].includes(edge)) {
      return graphError(2500, `Unknown path components: /${edge}`);
    }
    const failure = takeFailure(node);
    if (failure) return simulatedGraphFailure(failure);
    if (overRateLimit(node)) {
      // A Page's limit comes with the minutes to wait, in the business use case header.
      const usage = { [node]: [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 1 }] };
      return graphError(32, '(#32) Page request limit reached', {
        subcode: 2446079,
        headers: { 'x-business-use-case-usage': JSON.stringify(usage) },
      });
    }
    switch (edge) {
      case 'feed':
        return pageFeed(node, params);
      case 'photos':
        return pagePhotos(node, params);
      case 'videos':
        return pageVideos(node, params);
      case 'media':
        return igMedia(node, params);
      default:
        return igPublish(node, params);
    }
  };

  // ——— Webhook receiver ———

  const handleWebhook = async (name: string, request: IncomingMessage, raw: Buffer): Promise<Reply> => {
    if (request.method !== 'POST') return { status: 405, body: { error: 'Method Not Allowed' } };
    const expected = Buffer.from(`sha256=${createHmac('sha256', webhookSecret).update(raw).digest('hex')}`);
    const signature = Buffer.from(String(request.headers['x-bottega-signature'] ?? ''));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      return { status: 401, body: { error: 'Invalid signature' } };
    }
    let event: Record<string, unknown>;
    try {
      const parsed = JSON.parse(raw.toString('utf8')) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new TypeError('not an object');
      event = parsed as Record<string, unknown>;
    } catch {
      return { status: 400, body: { error: 'Invalid JSON' } };
    }
    if (event.event === 'ping') return ok({ ok: true });
    if (event.event !== 'post.publish') return { status: 422, body: { error: 'Unknown event' } };
    const failure = takeFailure(name);
    if (failure === 'reject') return { status: 422, body: { error: 'Simulated rejection' } };
    if (failure === 'rateLimit')
      return { status: 429, headers: { 'retry-after': '1' }, body: { error: 'Too many requests' } };
    if (failure === 'unavailable') return { status: 503, body: { error: 'Service temporarily unavailable' } };
    if (failure === 'expireToken') return { status: 401, body: { error: 'Token expired' } };
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' && header !== '' ? header : String(event.idempotencyKey ?? '');
    const keyOf = `${name}\n${key}`;
    const answerFor = (id: string) => ok({ id, url: posts.get(id)?.permalink ?? null });
    const seen = key === '' ? undefined : webhookKeys.get(keyOf);
    if (seen) return answerFor(seen);
    const text = typeof event.text === 'string' ? event.text : null;
    if (text === null) return { status: 422, body: { error: 'text must be a string' } };
    if (tooLong('webhook', text)) return { status: 422, body: { error: 'Text too long' } };
    const rawMedia = Array.isArray(event.media) ? event.media : null;
    const media = (rawMedia ?? []).map((item) => item as { url?: unknown; kind?: unknown } | null);
    if (
      !rawMedia ||
      media.some((item) => typeof item?.url !== 'string' || (item.kind !== 'image' && item.kind !== 'video'))
    ) {
      return { status: 422, body: { error: 'media must be a list of {kind, url}' } };
    }
    const items = media.map((item) => ({ url: String(item?.url), kind: item?.kind as 'image' | 'video' }));
    if (fetchMedia) {
      for (const item of items) {
        const problem = await mediaProblem(item.url, item.kind);
        if (problem) return { status: 422, body: { error: `Media could not be fetched: ${problem}` } };
      }
    }
    // The same key may have arrived again while the media were being fetched.
    const again = key === '' ? undefined : webhookKeys.get(keyOf);
    if (again) return answerFor(again);
    const post = record({ id: `evt_${nextId()}`, network: 'webhook', target: name, text, media: items });
    if (key !== '') webhookKeys.set(keyOf, post.id);
    return answerFor(post.id);
  };

  // ——— The demo's pages ———

  const published = (): SimulatedPost[] =>
    [...posts.values()].map(({ publishedMs: _publishedMs, ...post }) => ({ ...post, media: [...post.media] }));

  const postPage = (post: SimulatedPost): string => {
    const media = post.media
      .map((item) =>
        item.kind === 'image'
          ? `<img src="${escapeHtml(item.url)}" alt="" style="max-width:100%">`
          : `<video src="${escapeHtml(item.url)}" controls style="max-width:100%"></video>`,
      )
      .join('\n');
    return `<!doctype html>
<html lang="it"><meta charset="utf-8"><title>${escapeHtml(post.network)} ${escapeHtml(post.id)}</title>
<body style="font-family:sans-serif;max-width:40rem;margin:2rem auto">
<p><small>${escapeHtml(post.network)} · ${escapeHtml(post.target)} · ${escapeHtml(post.at)}</small></p>
<p style="white-space:pre-wrap">${escapeHtml(post.text)}</p>
${media}
</body></html>`;
  };

  const writeJson = (response: ServerResponse, reply: Reply) => {
    response
      .writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers })
      .end(JSON.stringify(reply.body));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const raw = await readBody(request);
    if (raw === null) {
      return writeJson(
        response,
        graphError(1, 'Request Entity Too Large', { status: 413, type: 'FacebookApiException' }),
      );
    }
    const path = url.pathname.split('/').map((segment) => decodeURIComponent(segment));
    if (path[1] === 'sim' && request.method === 'GET') {
      if (path.length === 2 || (path.length === 3 && path[2] === '')) {
        return writeJson(response, ok({ data: published().reverse() }));
      }
      const post = path.length === 4 ? posts.get(path[3] ?? '') : undefined;
      if (!post || post.network !== path[2]) return writeJson(response, { status: 404, body: { error: 'Not Found' } });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(postPage(post));
      return;
    }
    if (path[1] === 'webhook' && path.length === 3 && path[2]) {
      return writeJson(response, await handleWebhook(path[2], request, raw));
    }
    if (path[1] === graphVersion || /^v\d+\.\d+$/.test(path[1] ?? '')) {
      const segments = path.slice(2).filter((segment) => segment !== '');
      if (segments.length === 0 || segments.length > 2) {
        return writeJson(response, graphError(2500, `Unknown path components: ${url.pathname}`));
      }
      const params = paramsOf(url, request.headers['content-type'], raw.toString('utf8'));
      if (params === null) return writeJson(response, graphError(100, '(#100) The request body could not be parsed'));
      return writeJson(response, await handleGraph(request, url, segments, params));
    }
    writeJson(response, graphError(2500, `Unknown path components: ${url.pathname}`, { status: 404 }));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      // A request it cannot read (a broken percent-encoding, a URL it cannot parse) is the caller's mistake.
      if (!response.headersSent) writeJson(response, graphError(100, '(#100) Invalid request'));
      else response.destroy();
    });
  });
  server.listen(options.port, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { address, port } = server.address() as AddressInfo;
  origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

  return {
    url: `${origin}/${graphVersion}`,
    webhookUrl: (name) => `${origin}/webhook/${encodeURIComponent(name)}`,
    published,
    expireToken: (token) => {
      expiredTokens.add(token);
    },
    failNext: (target, mode, times = 1) => {
      const queue = failures.get(target) ?? [];
      for (let index = 0; index < times; index += 1) queue.push(mode);
      failures.set(target, queue);
    },
    reset: () => {
      posts.clear();
      containers.clear();
      unpublishedPhotos.clear();
      expiredTokens.clear();
      failures.clear();
      publishCalls.clear();
      webhookKeys.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
