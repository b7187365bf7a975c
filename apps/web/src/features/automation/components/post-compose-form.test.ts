import { type Post, postBodySchema } from '@bottega/contracts/automation';
import { describe, expect, it } from 'vitest';
import {
  chosenNetworks,
  composeChanged,
  composeValuesOf,
  emptyComposeValues,
  feedCaption,
  moveItem,
  networkChecks,
  type PostMedia,
  postBodyOf,
  problemField,
  webhookPreview,
} from './post-compose-form';

const image: PostMedia = {
  id: 11,
  kind: 'image',
  title: 'Vetrina',
  mimeType: 'image/jpeg',
  durationMs: null,
  hasThumbnail: true,
};
const video: PostMedia = { ...image, id: 12, kind: 'video', mimeType: 'video/mp4', durationMs: 12_000 };

const accounts = [
  { id: 1, network: 'instagram', name: 'IG', handle: '@ig', state: 'connected' },
  { id: 2, network: 'facebook', name: 'FB', handle: 'fb', state: 'connected' },
  { id: 3, network: 'facebook', name: 'FB 2', handle: 'fb2', state: 'expired' },
  { id: 4, network: 'webhook', name: 'Hook', handle: '', state: 'error' },
] as const;

describe('the post body', () => {
  it('schedules at the picked time on Rome’s clock', () => {
    const values = { text: 'Saldi!', accountIds: ['2', '1'], media: [image], scheduledAt: '2026-07-15 19:45:00' };
    const body = postBodyOf(values, 'schedule');
    expect(body).toEqual({
      text: 'Saldi!',
      accountIds: [2, 1],
      mediaIds: [11],
      action: 'schedule',
      scheduledAt: '2026-07-15T17:45:00.000Z',
    });
    expect(postBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends no time when saving a draft or publishing now', () => {
    const values = { ...emptyComposeValues, scheduledAt: '2026-07-15 19:45:00' };
    expect(postBodyOf(values, 'draft').scheduledAt).toBeNull();
    expect(postBodyOf(values, 'publishNow').scheduledAt).toBeNull();
  });

  it('starts from a saved post, its time on Rome’s clock only while scheduled', () => {
    const post = {
      id: 1,
      text: 'Ciao',
      state: 'scheduled',
      scheduledAt: '2026-01-15T18:45:00.000Z',
      publishedAt: null,
      author: null,
      media: [image],
      targets: [{ account: { id: 2, name: 'FB', network: 'facebook', handle: 'fb' } }],
    } as unknown as Post;
    expect(composeValuesOf(post)).toEqual({
      text: 'Ciao',
      accountIds: ['2'],
      media: [image],
      scheduledAt: '2026-01-15 19:45:00',
    });
    expect(composeValuesOf({ ...post, state: 'draft' }).scheduledAt).toBeNull();
  });
});

describe('the checks per network', () => {
  it('lists the chosen networks once, in order', () => {
    expect(chosenNetworks(accounts, ['4', '1', '2', '3'])).toEqual(['facebook', 'instagram', 'webhook']);
    expect(chosenNetworks(accounts, [])).toEqual([]);
  });

  it('counts characters as the networks do and finds each one’s problem', () => {
    const text = `Ciao 👋 ${'#tag '.repeat(31)}`;
    const [facebook, instagram] = networkChecks(text, [], ['facebook', 'instagram']);
    expect(facebook?.characters).toBe([...text].length);
    expect(facebook?.problem).toBeNull();
    expect(instagram?.hashtags).toBe(31);
    expect(instagram?.maxHashtags).toBe(30);
    expect(instagram?.problem).toBe('postTooManyHashtags');
  });

  it('asks Instagram for a picture and Facebook for a video alone', () => {
    expect(networkChecks('Ciao', [], ['instagram'])[0]?.problem).toBe('postNeedsMedia');
    expect(networkChecks('Ciao', [video, image], ['facebook'])[0]?.problem).toBe('postVideoWithImages');
    expect(networkChecks('x'.repeat(2201), [image], ['instagram'])[0]?.problem).toBe('postTooLong');
  });

  it('shows media problems on the media, the others on the text', () => {
    expect(problemField('postNeedsMedia')).toBe('mediaIds');
    expect(problemField('postVideoWithImages')).toBe('mediaIds');
    expect(problemField('postTooLong')).toBe('text');
    expect(problemField('postTooManyHashtags')).toBe('text');
  });
});

describe('the previews', () => {
  it('cuts Instagram’s caption at 125 characters as the network counts them', () => {
    expect(feedCaption('short')).toEqual({ shown: 'short', cut: false });
    const long = `${'😀'.repeat(125)}tail`;
    const caption = feedCaption(long);
    expect(caption.cut).toBe(true);
    expect([...caption.shown]).toHaveLength(125);
  });

  it('writes the webhook JSON as the server sends it', () => {
    const json = JSON.parse(
      webhookPreview({ text: ' Ciao ', media: [image] }, { name: 'Hook', handle: '' }, '2026-07-15T17:45:00.000Z'),
    );
    expect(json).toEqual({
      event: 'post.publish',
      idempotencyKey: '…',
      account: { name: 'Hook', handle: '' },
      text: 'Ciao',
      media: [{ kind: 'image', mimeType: 'image/jpeg', url: '…', title: 'Vetrina' }],
      sentAt: '2026-07-15T17:45:00.000Z',
    });
  });
});

describe('helpers', () => {
  it('moves a media within the post', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveItem([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
  });

  it('tells changed values', () => {
    expect(composeChanged(emptyComposeValues, emptyComposeValues)).toBe(false);
    expect(composeChanged({ ...emptyComposeValues, media: [image] }, emptyComposeValues)).toBe(true);
    expect(composeChanged({ ...emptyComposeValues, accountIds: ['1'] }, emptyComposeValues)).toBe(true);
  });
});
