import { maxImageBytes, maxVideoBytes } from '@bottega/contracts/automation';
import { describe, expect, it } from 'vitest';
import {
  formatClipDuration,
  maxBytesOf,
  mediaKindOf,
  normalizeTags,
  recordingFileName,
  titleFromFileName,
} from './media-format';

describe('the media library writes', () => {
  it("a clip's length as players do", () => {
    expect(formatClipDuration(0)).toBe('0:00');
    expect(formatClipDuration(7_900)).toBe('0:07');
    expect(formatClipDuration(754_000)).toBe('12:34');
    expect(formatClipDuration(3_723_000)).toBe('1:02:03');
    expect(formatClipDuration(null)).toBe('0:00');
    expect(formatClipDuration(-5)).toBe('0:00');
  });

  it('the kind of the formats it takes, by MIME type and whatever codecs follow', () => {
    expect(mediaKindOf('video/webm;codecs=vp9,opus')).toBe('video');
    expect(mediaKindOf('video/mp4')).toBe('video');
    expect(mediaKindOf('IMAGE/PNG')).toBe('image');
    expect(mediaKindOf('image/jpeg')).toBe('image');
    expect(mediaKindOf('image/gif')).toBeNull();
    expect(mediaKindOf('video/quicktime')).toBeNull();
    expect(maxBytesOf('image')).toBe(maxImageBytes);
    expect(maxBytesOf('video')).toBe(maxVideoBytes);
  });

  it("a dropped file's title from its name", () => {
    expect(titleFromFileName('Vetrina Natale.mp4')).toBe('Vetrina Natale');
    expect(titleFromFileName('foto.2026.jpeg')).toBe('foto.2026');
    expect(titleFromFileName('.webm')).toBe('.webm');
    expect(titleFromFileName(`${'a'.repeat(200)}.png`)).toHaveLength(120);
  });

  it("a recording's file name by its date and container", () => {
    const at = new Date(2026, 2, 1, 10, 5, 9);
    expect(recordingFileName('video/webm;codecs=vp9,opus', at)).toBe('recording-20260301-100509.webm');
    expect(recordingFileName('video/mp4', at)).toBe('recording-20260301-100509.mp4');
  });

  it('tags as the server keeps them', () => {
    expect(normalizeTags([' Natale ', 'natale', '', 'Saldi', 'x'], 2)).toEqual(['natale', 'saldi']);
  });
});
