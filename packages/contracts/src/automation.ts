import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, requiredText, text } from './common';

// Automation (spec §1 "an automation area: users, posts, videos", §2 Automation; issue 28): the company's social
// accounts ("users"), the posts the marketing office writes, schedules and publishes to them through one adapter per
// network, and the library of videos and images those posts carry. §3 does not show their fields: what follows is
// the interpretation the README writes down.

const id = z.number().int().positive();

// ——— Networks ———

/**
 * facebook: a Facebook Page (Graph API: /{page-id}/feed, /photos, /videos); instagram: an Instagram professional
 * account (Graph API: /{ig-user-id}/media then /media_publish); webhook: any system that takes a signed JSON POST
 * (a newsletter tool, a website, a chat bridge).
 */
export const socialNetworks = ['facebook', 'instagram', 'webhook'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** What each network takes in one post: characters (as the network counts them, code points), media and hashtags. */
export const networkRules = {
  facebook: { maxCharacters: 63_206, maxMedia: 10, requiresMedia: false, maxVideos: 1, maxHashtags: null },
  instagram: { maxCharacters: 2_200, maxMedia: 10, requiresMedia: true, maxVideos: 10, maxHashtags: 30 },
  webhook: { maxCharacters: 10_000, maxMedia: 10, requiresMedia: false, maxVideos: 10, maxHashtags: null },
} as const satisfies Record<
  SocialNetwork,
  { maxCharacters: number; maxMedia: number; requiresMedia: boolean; maxVideos: number; maxHashtags: number | null }
>;

/** The longest text any network takes: what a post may hold at all. */
export const maxPostCharacters = Math.max(...Object.values(networkRules).map((rule) => rule.maxCharacters));
/** Accounts one post goes to, at most. */
export const maxPostAccounts = 20;

/** Characters as the networks count them: code points, so an emoji is one. */
export function postCharacterCount(value: string): number {
  return [...value].length;
}

/** Hashtags in a text: `#` then letters, digits or underscores. */
export function hashtagCount(value: string): number {
  return value.match(/(^|\s)#[\p{L}\p{N}_]+/gu)?.length ?? 0;
}

export type PostProblem =
  | 'postTooLong'
  | 'postNeedsMedia'
  | 'postTooManyMedia'
  | 'postVideoWithImages'
  | 'postTooManyHashtags'
  | 'postEmpty';

/**
 * What keeps a post from going to a network as it is: too many characters or hashtags, no picture for Instagram, too
 * many media, or a Facebook video with other media (a Page posts one video alone). Every problem, in that order.
 */
export function postProblemsFor(
  network: SocialNetwork,
  post: { text: string; media: readonly { kind: MediaKind }[] },
): PostProblem[] {
  const rule = networkRules[network];
  if (post.text.trim() === '' && post.media.length === 0) return ['postEmpty'];
  const videos = post.media.filter((item) => item.kind === 'video').length;
  const problems: [PostProblem, boolean][] = [
    ['postTooLong', postCharacterCount(post.text) > rule.maxCharacters],
    ['postTooManyHashtags', rule.maxHashtags !== null && hashtagCount(post.text) > rule.maxHashtags],
    ['postNeedsMedia', rule.requiresMedia && post.media.length === 0],
    ['postTooManyMedia', post.media.length > rule.maxMedia],
    ['postVideoWithImages', videos > rule.maxVideos || (network === 'facebook' && videos > 0 && post.media.length > 1)],
  ];
  return problems.filter(([, found]) => found).map(([problem]) => problem);
}

/** The first thing keeping a post from going to a network, or null. */
export function postProblemFor(
  network: SocialNetwork,
  post: { text: string; media: readonly { kind: MediaKind }[] },
): PostProblem | null {
  return postProblemsFor(network, post)[0] ?? null;
}

// ——— Accounts ("users" of §2 Automation) ———

/** connected: the last call worked; expired: the network refused the token (a new one is needed); error: other. */
export const accountStates = ['connected', 'expired', 'error'] as const;
export type AccountState = (typeof accountStates)[number];

function issue(rule: string, path: string, input: unknown) {
  return { code: 'custom' as const, message: rule, path: [path], input, params: { rule } };
}

/** A Graph id: digits only (a Page id, an Instagram user id). */
const graphIdPattern = /^\d{1,30}$/;

/** Where a webhook account posts: an http(s) address with no credentials in it. */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * An account. It speaks for one shop or for the whole company (`shopId` null, `companyId` set). `token` is write-only,
 * sealed with the app key: left out it stays, a string replaces it (for a webhook, the secret its calls are signed
 * with). `externalId` is the Page or Instagram user id; `webhookUrl` the address of a webhook account.
 */
export const accountBodySchema = z
  .object({
    network: z.enum(socialNetworks),
    name: requiredText(100),
    handle: text(100),
    shopId: id.nullable().default(null),
    companyId: id.nullable().default(null),
    externalId: text(30).default(''),
    webhookUrl: text(500).default(''),
    // Not trimmed: a token is taken exactly as the network gave it.
    token: text(2000, { trim: false }).min(1).optional(),
  })
  .superRefine((values, context) => {
    if ((values.shopId === null) === (values.companyId === null)) {
      context.addIssue(issue('automationSpeaksFor', 'shopId', values.shopId));
    }
    if (values.network === 'webhook') {
      if (!isWebhookUrl(values.webhookUrl)) context.addIssue(issue('webhookUrl', 'webhookUrl', values.webhookUrl));
    } else if (!graphIdPattern.test(values.externalId)) {
      context.addIssue(issue('graphId', 'externalId', values.externalId));
    }
  });
export type AccountBody = z.input<typeof accountBodySchema>;
export type AccountValues = z.output<typeof accountBodySchema>;

export const accountFiguresSchema = z.object({
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  reach: z.number().int(),
});
export type AccountFigures = z.infer<typeof accountFiguresSchema>;

export const accountSchema = z.object({
  id: z.number().int(),
  network: z.enum(socialNetworks),
  name: z.string(),
  handle: z.string(),
  shop: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  externalId: z.string(),
  webhookUrl: z.string(),
  /** Whether a token is stored; the token itself is never part of an answer. */
  tokenSet: z.boolean(),
  state: z.enum(accountStates),
  /** What the network said when the state is not connected. */
  stateMessage: z.string().nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  /** Posts published to it, and the figures the network returned for them (summed). */
  publishedPosts: z.number().int(),
  figures: accountFiguresSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountAnswerSchema = dataOf(accountSchema);
export const accountPageSchema = pageOf(accountSchema);

export const accountListQuerySchema = paginationQuerySchema.extend({
  search: text(100).optional(),
  network: z.enum(socialNetworks).optional(),
  state: z.enum(accountStates).optional(),
  shopId: z.coerce.number().int().positive().optional(),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

export const accountCheckAnswerSchema = dataOf(
  z.object({ state: z.enum(accountStates), message: z.string().nullable(), checkedAt: z.iso.datetime() }),
);

// ——— Media library (§2 videos) ———

export const mediaKinds = ['image', 'video'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** The formats the library takes, recognised by their content (never by the name). */
export const mediaMimeTypes = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
} as const satisfies Record<string, MediaKind>;
export type MediaMimeType = keyof typeof mediaMimeTypes;

export const maxImageBytes = 20 * 1024 * 1024;
export const maxVideoBytes = 200 * 1024 * 1024;
/** The size of one piece of a resumable upload (the last may be shorter). */
export const uploadChunkBytes = 4 * 1024 * 1024;
/** An upload not finished within this time is dropped. */
export const uploadLifetimeHours = 24;
export const maxThumbnailBytes = 2 * 1024 * 1024;
export const maxMediaTags = 10;
/** Longest clip recorded in the browser (minutes). */
export const maxCaptureMinutes = 10;

const tagSchema = requiredText(40).transform((value) => value.toLowerCase());

export const mediaSchema = z.object({
  id: z.number().int(),
  kind: z.enum(mediaKinds),
  title: z.string(),
  tags: z.array(z.string()),
  mimeType: z.enum(Object.keys(mediaMimeTypes) as [MediaMimeType, ...MediaMimeType[]]),
  sizeBytes: z.number().int(),
  /** Videos only. */
  durationMs: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasThumbnail: z.boolean(),
  /** Where it came from: uploaded, or recorded in the browser (camera or screen). */
  source: z.enum(['upload', 'camera', 'screen']),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  /** Posts that carry it. */
  usedBy: z.number().int(),
});
export type Media = z.infer<typeof mediaSchema>;
export const mediaAnswerSchema = dataOf(mediaSchema);
export const mediaPageSchema = pageOf(mediaSchema);

export const mediaListQuerySchema = paginationQuerySchema.extend({
  /** Words matched against the title and the tags. */
  search: text(100).optional(),
  tag: text(40).optional(),
  kind: z.enum(mediaKinds).optional(),
});
export type MediaListQuery = z.input<typeof mediaListQuerySchema>;

export const mediaTagsAnswerSchema = dataOf(z.array(z.object({ tag: z.string(), count: z.number().int() })));

export const mediaEditSchema = z.object({
  title: requiredText(120),
  tags: z.array(tagSchema).max(maxMediaTags).default([]),
});
export type MediaEdit = z.input<typeof mediaEditSchema>;

/**
 * Starts a resumable upload: what the file is said to be (checked again by its content when it is complete) and what
 * the browser measured of it (a video's length and size; a recording's source).
 */
export const uploadStartSchema = z.object({
  fileName: requiredText(200),
  sizeBytes: z.number().int().positive().max(maxVideoBytes),
  title: requiredText(120),
  tags: z.array(tagSchema).max(maxMediaTags).default([]),
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000)
    .nullable()
    .default(null),
  width: z.number().int().min(1).max(16_384).nullable().default(null),
  height: z.number().int().min(1).max(16_384).nullable().default(null),
  source: z.enum(['upload', 'camera', 'screen']).default('upload'),
});
export type UploadStart = z.input<typeof uploadStartSchema>;

/** Where an upload stands: `offset` bytes received of `sizeBytes`; `media` once complete and checked. */
export const uploadStateSchema = z.object({
  id: z.string(),
  offset: z.number().int(),
  sizeBytes: z.number().int(),
  chunkBytes: z.number().int(),
  expiresAt: z.iso.datetime(),
  media: mediaSchema.nullable(),
});
export type UploadState = z.infer<typeof uploadStateSchema>;
export const uploadStateAnswerSchema = dataOf(uploadStateSchema);
export const uploadIdParamSchema = z.object({ id: z.uuid() });
/** A chunk says where it starts: a chunk that does not start where the upload stands is refused (409). */
export const uploadChunkQuerySchema = z.object({ offset: z.coerce.number().int().min(0).max(maxVideoBytes) });

// ——— Posts ———

/**
 * draft: being written; scheduled: waits for its time; publishing: a job is sending it; published: every account took
 * it; failed: at least one refused it (the network's error per account), to retry; cancelled: taken off the schedule.
 */
export const postStates = ['draft', 'scheduled', 'publishing', 'published', 'failed', 'cancelled'] as const;
export type PostState = (typeof postStates)[number];

/** A post's way through its states: the one transition table (the service audits each step). */
export const postTransitions = {
  save: { from: ['draft', 'scheduled', 'cancelled'], to: 'draft' },
  schedule: { from: ['draft', 'scheduled', 'cancelled'], to: 'scheduled' },
  cancel: { from: ['scheduled'], to: 'cancelled' },
  start: { from: ['scheduled'], to: 'publishing' },
  succeed: { from: ['publishing'], to: 'published' },
  fail: { from: ['publishing'], to: 'failed' },
  retry: { from: ['failed'], to: 'scheduled' },
} as const satisfies Record<string, { from: readonly PostState[]; to: PostState }>;
export type PostTransition = keyof typeof postTransitions;

export function mayTransition(state: PostState, transition: PostTransition): boolean {
  return (postTransitions[transition].from as readonly PostState[]).includes(state);
}

/** One account's part of a post: waiting, being sent, taken by the network, or refused. */
export const targetStates = ['pending', 'sending', 'published', 'failed'] as const;
export type TargetState = (typeof targetStates)[number];

/** How the network refused: a token it no longer takes, too many calls, the post itself, or no answer. */
export const publishFailures = ['tokenExpired', 'rateLimited', 'rejected', 'unavailable', 'outcomeUnknown'] as const;
export type PublishFailure = (typeof publishFailures)[number];

/**
 * `action`: save as a draft, schedule at `scheduledAt` (an instant; the screen picks it in Europe/Rome), or publish
 * now. Scheduling and publishing need at least one account and a post every chosen network takes.
 */
export const postBodySchema = z
  .object({
    text: text(maxPostCharacters, { multiLine: true }),
    accountIds: z.array(id).max(maxPostAccounts).default([]),
    mediaIds: z.array(id).max(10).default([]),
    action: z.enum(['draft', 'schedule', 'publishNow']),
    scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((values, context) => {
    if (values.action !== 'draft' && values.accountIds.length === 0) {
      context.addIssue(issue('postAccounts', 'accountIds', values.accountIds));
    }
    if (values.action === 'schedule' && values.scheduledAt === null) {
      context.addIssue(issue('required', 'scheduledAt', values.scheduledAt));
    }
    if (new Set(values.accountIds).size !== values.accountIds.length) {
      context.addIssue(issue('unique', 'accountIds', values.accountIds));
    }
    if (new Set(values.mediaIds).size !== values.mediaIds.length) {
      context.addIssue(issue('unique', 'mediaIds', values.mediaIds));
    }
  });
export type PostBody = z.input<typeof postBodySchema>;
export type PostValues = z.output<typeof postBodySchema>;

const accountRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  network: z.enum(socialNetworks),
  handle: z.string(),
});

export const postTargetSchema = z.object({
  account: accountRefSchema,
  state: z.enum(targetStates),
  /** The network's id of the post, and its public address when the network gives one. */
  remoteId: z.string().nullable(),
  permalink: z.string().nullable(),
  failure: z.enum(publishFailures).nullable(),
  /** The network's own words. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  publishedAt: z.iso.datetime().nullable(),
  figures: accountFiguresSchema.nullable(),
  figuresAt: z.iso.datetime().nullable(),
});
export type PostTarget = z.infer<typeof postTargetSchema>;

const mediaRefSchema = mediaSchema.pick({
  id: true,
  kind: true,
  title: true,
  mimeType: true,
  durationMs: true,
  hasThumbnail: true,
});

export const postSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  state: z.enum(postStates),
  scheduledAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  media: z.array(mediaRefSchema),
  targets: z.array(postTargetSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Post = z.infer<typeof postSchema>;
export const postAnswerSchema = dataOf(postSchema);

/** A post in the list and the calendar: its text cut short, its accounts and how each went. */
export const postSummarySchema = z.object({
  id: z.number().int(),
  excerpt: z.string(),
  state: z.enum(postStates),
  /** When it goes out (scheduled) or went out (published), else when it was last changed. */
  at: z.iso.datetime(),
  scheduledAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  targets: z.array(accountRefSchema.extend({ state: z.enum(targetStates) })),
  mediaCount: z.number().int(),
  thumbnailMediaId: z.number().int().nullable(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;
export const postPageSchema = pageOf(postSummarySchema);

export const postListQuerySchema = paginationQuerySchema.extend({
  search: text(100).optional(),
  accountId: z.coerce.number().int().positive().optional(),
  state: z.enum(postStates).optional(),
  authorId: z.coerce.number().int().positive().optional(),
});
export type PostListQuery = z.input<typeof postListQuerySchema>;

/** The calendar shows at most six weeks at once (a month grid). */
export const maxCalendarDays = 42;
export const postCalendarQuerySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    accountId: z.coerce.number().int().positive().optional(),
    state: z.enum(postStates).optional(),
    authorId: z.coerce.number().int().positive().optional(),
  })
  .superRefine((values, context) => {
    if (values.to < values.from) context.addIssue(issue('dateRange', 'to', values.to));
    const days = (Date.parse(values.to) - Date.parse(values.from)) / 86_400_000 + 1;
    if (days > maxCalendarDays) {
      context.addIssue({
        code: 'custom',
        message: 'dateRangeTooLong',
        path: ['to'],
        input: values.to,
        params: { rule: 'dateRangeTooLong', max: maxCalendarDays },
      });
    }
  });
export type PostCalendarQuery = z.input<typeof postCalendarQuerySchema>;
export const postCalendarAnswerSchema = dataOf(z.array(postSummarySchema));

/** The people who wrote posts the caller sees (the list's author filter). */
export const postAuthorsAnswerSchema = dataOf(z.array(z.object({ id: z.number().int(), name: z.string() })));

/** A post is published at most this many times over per account when the network keeps failing for a passing reason. */
export const maxPublishAttempts = 5;
/** The figures of posts published within this many days are asked of their networks every hour. */
export const figuresWindowDays = 30;
