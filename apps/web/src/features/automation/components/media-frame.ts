// What the browser learns of a medium before it is sent: a video's length and size and a frame of it as thumbnail, an
// image's size and a small copy of it; and a frame of any playing <video> as JPEG ("set this frame as thumbnail").
// Everything here is best effort: a file the browser cannot play still goes to the server, which checks the content.
import { type MediaKind, maxThumbnailBytes } from '@bottega/contracts/automation';

/** Widest thumbnail made in the browser: sharp on a card, far below maxThumbnailBytes as JPEG. */
const thumbnailWidth = 960;

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Draws the source scaled to at most `maxWidth` wide and encodes it as JPEG within maxThumbnailBytes. */
async function drawToJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  maxWidth: number,
): Promise<Blob | null> {
  if (width <= 0 || height <= 0) return null;
  let scale = Math.min(1, maxWidth / width);
  for (let attempt = 0; attempt < 4; attempt++) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const blob = await canvasToBlob(canvas, 'image/jpeg', attempt === 0 ? 0.85 : 0.7);
    if (blob && blob.size <= maxThumbnailBytes) return blob;
    scale /= 2;
  }
  return null;
}

/** The frame the video shows now, as JPEG; null when it shows none yet. */
export function grabVideoFrame(video: HTMLVideoElement, maxWidth = thumbnailWidth): Promise<Blob | null> {
  if (video.readyState < 2) return Promise.resolve(null);
  return drawToJpeg(video, video.videoWidth, video.videoHeight, maxWidth);
}

function once(target: EventTarget, events: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const done = (name: string) => {
      clearTimeout(timer);
      for (const event of events) target.removeEventListener(event, handlers[event] as EventListener);
      resolve(name);
    };
    const handlers: Record<string, () => void> = {};
    for (const event of events) {
      handlers[event] = () => done(event);
      target.addEventListener(event, handlers[event] as EventListener);
    }
    const timer = setTimeout(() => done('timeout'), timeoutMs);
  });
}

/**
 * A WebM from MediaRecorder has no length in its header (duration Infinity) and seeks badly: asking for a time far
 * past its end makes the browser read it through and learn it; then back to the start.
 */
export async function settleDuration(video: HTMLVideoElement): Promise<void> {
  if (Number.isFinite(video.duration)) return;
  const learnt = once(video, ['durationchange', 'timeupdate'], 5000);
  video.currentTime = 1e101;
  await learnt;
  const back = once(video, ['seeked'], 3000);
  video.currentTime = 0;
  await back;
}

/** Moves the video to `seconds` and waits until the frame is there. */
export async function seekTo(video: HTMLVideoElement, seconds: number): Promise<void> {
  const seeked = once(video, ['seeked'], 5000);
  video.currentTime = seconds;
  await seeked;
}

export type ProbedMedia = {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  thumbnail: Blob | null;
};

const nothing: ProbedMedia = { durationMs: null, width: null, height: null, thumbnail: null };

async function probeVideo(file: Blob): Promise<ProbedMedia> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  const url = URL.createObjectURL(file);
  try {
    const loaded = once(video, ['loadeddata', 'error'], 15_000);
    video.src = url;
    if ((await loaded) !== 'loadeddata') return nothing;
    await settleDuration(video);
    const seconds = Number.isFinite(video.duration) ? video.duration : null;
    // A frame a little in, past a black first frame, and never past the end of a short clip.
    if (seconds !== null && seconds > 0) await seekTo(video, Math.min(1, seconds / 10));
    return {
      durationMs: seconds === null ? null : Math.round(seconds * 1000),
      width: video.videoWidth || null,
      height: video.videoHeight || null,
      thumbnail: await grabVideoFrame(video).catch(() => null),
    };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

async function probeImage(file: Blob): Promise<ProbedMedia> {
  const bitmap = await createImageBitmap(file);
  try {
    return {
      durationMs: null,
      width: bitmap.width || null,
      height: bitmap.height || null,
      thumbnail: await drawToJpeg(bitmap, bitmap.width, bitmap.height, thumbnailWidth).catch(() => null),
    };
  } finally {
    bitmap.close();
  }
}

/** What the browser can tell of a file before it is sent; nulls where it cannot (the server still takes the file). */
export async function probeMedia(file: Blob, kind: MediaKind): Promise<ProbedMedia> {
  try {
    return kind === 'video' ? await probeVideo(file) : await probeImage(file);
  } catch {
    return nothing;
  }
}
