// How the library writes its media: a clip's length, the title a dropped file starts with, the name of a recording,
// and whether a dropped file is one the library takes, and how large it may be.
import {
  type MediaKind,
  type MediaMimeType,
  maxImageBytes,
  maxVideoBytes,
  mediaMimeTypes,
} from '@bottega/contracts/automation';

/** A clip's length as players write it: 0:07, 12:34, 1:02:03 (digits and colons read left to right in any language). */
export function formatClipDuration(milliseconds: number | null | undefined): string {
  const total = Math.max(0, Math.floor((milliseconds ?? 0) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A value keeping its own direction inside a sentence: "200 MiB" or "0:42" within Arabic text. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** The library's kind of a MIME type it takes (its parameters left aside), else null. */
export function mediaKindOf(mimeType: string): MediaKind | null {
  const bare = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return bare in mediaMimeTypes ? mediaMimeTypes[bare as MediaMimeType] : null;
}

/** The largest file of a kind the library takes. */
export function maxBytesOf(kind: MediaKind): number {
  return kind === 'image' ? maxImageBytes : maxVideoBytes;
}

/** What a dropped file is titled before anyone changes it: its name without the extension, within 120 characters. */
export function titleFromFileName(fileName: string): string {
  const stem = fileName.replace(/\.[^./\\]{1,5}$/, '').trim();
  return (stem === '' ? fileName.trim() : stem).slice(0, 120);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A recording's file name by when it was made and its container: registrazione-20260301-101500.webm. */
export function recordingFileName(mimeType: string, at: Date): string {
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(
    at.getMinutes(),
  )}${pad(at.getSeconds())}`;
  return `recording-${stamp}.${mimeType.startsWith('video/mp4') ? 'mp4' : 'webm'}`;
}

/** Tags as the server keeps them: trimmed, lower case, each once, at most `max`, none longer than 40. */
export function normalizeTags(tags: readonly string[], max: number): string[] {
  const seen: string[] = [];
  for (const tag of tags) {
    const one = tag.trim().toLowerCase().slice(0, 40);
    if (one !== '' && !seen.includes(one)) seen.push(one);
  }
  return seen.slice(0, max);
}
