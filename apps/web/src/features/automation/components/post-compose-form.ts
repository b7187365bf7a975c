// The compose screen's values and what they become: the body of a post saved, scheduled or published now; the check
// of each chosen network as the text is typed (the contract's own rules, the server's); and what the previews show.
import {
  type Account,
  hashtagCount,
  networkRules,
  type Post,
  type PostBody,
  type PostProblem,
  postCharacterCount,
  postProblemFor,
  type SocialNetwork,
  socialNetworks,
} from '@bottega/contracts/automation';
import type { TFunction } from 'i18next';
import { instantToRomeDateTime, romeDateTimeToInstant } from './post-time';

/** A picture or video a post carries, as the post and the library's picker give it. */
export type PostMedia = Post['media'][number];

/** What the compose screen knows of an account to choose (its state when the account list gave it). */
export type ComposeAccount = Pick<Account, 'id' | 'network' | 'name' | 'handle'> & Partial<Pick<Account, 'state'>>;

export type ComposeValues = {
  text: string;
  /** The MultiSelect's values: account ids as text. */
  accountIds: string[];
  media: PostMedia[];
  /** The picker's wall-clock text on Rome's clock, `YYYY-MM-DD HH:mm:ss`; null when not chosen. */
  scheduledAt: string | null;
};

export const emptyComposeValues: ComposeValues = { text: '', accountIds: [], media: [], scheduledAt: null };

export type ComposeAction = PostBody['action'];

/** The states a post can still be changed in from the compose screen. */
export const editablePostStates: readonly Post['state'][] = ['draft', 'scheduled', 'cancelled'];

export function composeValuesOf(post: Post): ComposeValues {
  return {
    text: post.text,
    accountIds: post.targets.map((target) => String(target.account.id)),
    media: post.media,
    scheduledAt: post.state === 'scheduled' ? instantToRomeDateTime(post.scheduledAt) : null,
  };
}

/** The body sent for an action; the time only when scheduling (read on Rome's clock). */
export function postBodyOf(values: ComposeValues, action: ComposeAction): PostBody {
  return {
    text: values.text,
    accountIds: values.accountIds.map(Number),
    mediaIds: values.media.map((item) => item.id),
    action,
    scheduledAt: action === 'schedule' ? romeDateTimeToInstant(values.scheduledAt) : null,
  };
}

/** The networks of the chosen accounts, in the app's order, each once. */
export function chosenNetworks(accounts: readonly ComposeAccount[], ids: readonly string[]): SocialNetwork[] {
  const chosen = new Set(
    accounts.filter((account) => ids.includes(String(account.id))).map((account) => account.network),
  );
  return socialNetworks.filter((network) => chosen.has(network));
}

export type NetworkCheck = {
  network: SocialNetwork;
  characters: number;
  maxCharacters: number;
  hashtags: number;
  /** Null where the network sets no limit. */
  maxHashtags: number | null;
  problem: PostProblem | null;
};

/** How the post stands against each network: its characters and hashtags as the network counts them, and its problem. */
export function networkChecks(
  text: string,
  media: readonly Pick<PostMedia, 'kind'>[],
  networks: readonly SocialNetwork[],
): NetworkCheck[] {
  const characters = postCharacterCount(text);
  const hashtags = hashtagCount(text);
  return networks.map((network) => ({
    network,
    characters,
    maxCharacters: networkRules[network].maxCharacters,
    hashtags,
    maxHashtags: networkRules[network].maxHashtags,
    problem: postProblemFor(network, { text, media }),
  }));
}

/** The figure a problem's message names: the network's limit it goes over. */
function problemLimit(network: SocialNetwork, problem: PostProblem): number | null {
  const rule = networkRules[network];
  if (problem === 'postTooLong') return rule.maxCharacters;
  if (problem === 'postTooManyMedia') return rule.maxMedia;
  if (problem === 'postTooManyHashtags') return rule.maxHashtags;
  return null;
}

/** A problem worded as the server words it (validation.json), naming the network. */
export function problemMessage(network: SocialNetwork, problem: PostProblem, t: TFunction): string {
  return t(`validation:${problem}`, {
    network: t(`automation:networks.${network}`),
    max: problemLimit(network, problem)?.toLocaleString('it-IT') ?? '',
  });
}

/** Where a problem is shown: on the text or on the media. */
export function problemField(problem: PostProblem): 'text' | 'mediaIds' {
  return problem === 'postNeedsMedia' || problem === 'postTooManyMedia' || problem === 'postVideoWithImages'
    ? 'mediaIds'
    : 'text';
}

/** Instagram shows this many characters of a caption under the picture, then "more". */
export const instagramCaptionPreview = 125;

/** The caption as Instagram's feed shows it: cut (by characters as the network counts them) with a "more" after it. */
export function feedCaption(text: string, limit = instagramCaptionPreview): { shown: string; cut: boolean } {
  const characters = [...text];
  if (characters.length <= limit) return { shown: text, cut: false };
  return { shown: characters.slice(0, limit).join('').trimEnd(), cut: true };
}

/**
 * The JSON event a webhook account is sent for the post (integrations/social: `post.publish`, signed by the server),
 * with what only the server knows when it sends it — the idempotency key, each medium's temporary address — elided.
 */
export function webhookPreview(
  values: Pick<ComposeValues, 'text' | 'media'>,
  account: Pick<ComposeAccount, 'name' | 'handle'> | null,
  sentAt: string,
): string {
  return JSON.stringify(
    {
      event: 'post.publish',
      idempotencyKey: '…',
      account: account ? { name: account.name, handle: account.handle } : null,
      text: values.text.trim(),
      media: values.media.map((item) => ({ kind: item.kind, mimeType: item.mimeType, url: '…', title: item.title })),
      sentAt,
    },
    null,
    2,
  );
}

/** Moves the item at `from` to `to` (a media's place in the post), leaving the list as it is when out of range. */
export function moveItem<Item>(items: readonly Item[], from: number, to: number): Item[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as Item);
  return moved;
}

/** Whether the values differ from those the screen started with (the unsaved-changes guard). */
export function composeChanged(values: ComposeValues, initial: ComposeValues): boolean {
  return (
    values.text !== initial.text ||
    values.scheduledAt !== initial.scheduledAt ||
    values.accountIds.join(',') !== initial.accountIds.join(',') ||
    values.media.map((item) => item.id).join(',') !== initial.media.map((item) => item.id).join(',')
  );
}
