// Recording in the browser (issue 28): which MediaRecorder format to ask for, what a refused camera or screen means,
// and the trim, which plays the chosen stretch of the recording into a new MediaRecorder (the browser has no other way
// to cut a WebM without a server).
import { seekTo, settleDuration } from './media-frame';

/** Best first: VP9 with Opus, then VP8, then whatever WebM, then MP4 (Safari). */
export const recorderMimeTypes = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4',
] as const;

/**
 * The bit rate asked of the recorder: 2 Mbit/s of video and 128 kbit/s of sound keep the longest clip
 * (maxCaptureMinutes) near 160 MB, under maxVideoBytes.
 */
export const recorderBitRates = { videoBitsPerSecond: 2_000_000, audioBitsPerSecond: 128_000 } as const;

/** The first format of the list the browser records; null when MediaRecorder says none (use its default). */
export function pickRecorderMimeType(isTypeSupported: ((type: string) => boolean) | undefined): string | null {
  if (!isTypeSupported) return null;
  for (const type of recorderMimeTypes) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // An old browser throwing on a codec it does not know: the next one.
    }
  }
  return null;
}

/** The MIME type the file is uploaded as: the recorder's, without its codecs. */
export function containerOf(mimeType: string): 'video/webm' | 'video/mp4' {
  return mimeType.toLowerCase().startsWith('video/mp4') ? 'video/mp4' : 'video/webm';
}

export type CaptureProblem =
  | 'unsupported'
  | 'insecure'
  | 'screenUnsupported'
  | 'permissionDenied'
  | 'noDevice'
  | 'deviceBusy'
  | 'failed';

/** Why getUserMedia or getDisplayMedia refused, in the words the page shows. */
export function captureProblemOf(error: unknown): CaptureProblem {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permissionDenied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'noDevice';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'deviceBusy';
    default:
      return 'failed';
  }
}

export type CaptureSupport = {
  /** A page not on HTTPS (nor localhost) gets no camera at all. */
  secure: boolean;
  camera: boolean;
  screen: boolean;
  recorder: boolean;
};

export function captureSupport(scope: {
  isSecureContext?: boolean;
  navigator?: { mediaDevices?: { getUserMedia?: unknown; getDisplayMedia?: unknown } };
  MediaRecorder?: unknown;
}): CaptureSupport {
  const devices = scope.navigator?.mediaDevices;
  return {
    secure: scope.isSecureContext !== false,
    camera: typeof devices?.getUserMedia === 'function',
    screen: typeof devices?.getDisplayMedia === 'function',
    recorder: typeof scope.MediaRecorder === 'function',
  };
}

/** The problem that keeps the page from recording at all, before anything is asked. */
export function supportProblem(support: CaptureSupport): CaptureProblem | null {
  if (!support.secure) return 'insecure';
  if (!support.recorder || (!support.camera && !support.screen)) return 'unsupported';
  return null;
}

/** Every track of the stream stopped: the camera's light goes off, the browser's "sharing" bar goes away. */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** A recorder's chunks as they come and the whole recording when it stops. */
export function collectRecording(recorder: MediaRecorder, fallbackType: string): Promise<Blob> {
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  return new Promise((resolve, reject) => {
    recorder.addEventListener('stop', () =>
      resolve(new Blob(chunks, { type: recorder.mimeType || fallbackType || 'video/webm' })),
    );
    recorder.addEventListener('error', (event) => reject((event as Event & { error?: unknown }).error ?? event));
  });
}

export function newRecorder(stream: MediaStream, mimeType: string | null): MediaRecorder {
  return new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), ...recorderBitRates });
}

export class TrimCancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'AbortError';
  }
}

type CapturableVideo = HTMLVideoElement & { captureStream?: () => MediaStream; mozCaptureStream?: () => MediaStream };

/** Whether this browser can trim (replay a video into a recorder). */
export function canTrim(): boolean {
  if (typeof document === 'undefined' || typeof MediaRecorder === 'undefined') return false;
  const video = document.createElement('video') as CapturableVideo;
  return typeof video.captureStream === 'function' || typeof video.mozCaptureStream === 'function';
}

/**
 * The stretch from `startMs` to `endMs` of the recording, recorded again while it plays (in real time, unheard: its
 * sound goes through Web Audio into the recorder, not to the speakers). `onProgress` gets 0–1.
 */
export async function trimRecording(options: {
  source: Blob;
  startMs: number;
  endMs: number;
  mimeType: string | null;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}): Promise<Blob> {
  const { startMs, endMs, signal } = options;
  const video = document.createElement('video') as CapturableVideo;
  video.playsInline = true;
  video.preload = 'auto';
  // In the page (a detached element may not be decoded), but out of sight and out of the accessibility tree.
  video.setAttribute('aria-hidden', 'true');
  Object.assign(video.style, {
    position: 'fixed',
    insetInlineStart: '-10000px',
    top: '0',
    width: '320px',
    height: '180px',
    opacity: '0',
    pointerEvents: 'none',
  });
  document.body.append(video);
  const url = URL.createObjectURL(options.source);
  let audio: AudioContext | null = null;
  let output: MediaStream | null = null;
  let poll = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      video.addEventListener('loadedmetadata', () => resolve(), { once: true });
      video.addEventListener('error', () => reject(video.error ?? new Error('video')), { once: true });
      video.src = url;
    });
    await settleDuration(video);
    await seekTo(video, startMs / 1000);
    if (signal.aborted) throw new TrimCancelledError();

    const capture = (video.captureStream ?? video.mozCaptureStream)?.call(video);
    if (!capture) throw new Error('captureStream');
    const tracks: MediaStreamTrack[] = [...capture.getVideoTracks()];
    try {
      audio = new AudioContext();
      const destination = audio.createMediaStreamDestination();
      audio.createMediaElementSource(video).connect(destination);
      await audio.resume();
      tracks.push(...destination.stream.getAudioTracks());
    } catch {
      // No Web Audio: the captured sound itself, and the element muted for the person watching.
      video.muted = true;
      tracks.push(...capture.getAudioTracks());
    }
    output = new MediaStream(tracks);
    const recorder = newRecorder(output, options.mimeType);
    const recording = collectRecording(recorder, options.mimeType ?? 'video/webm');
    const span = Math.max(1, endMs - startMs);

    await new Promise<void>((resolve, reject) => {
      let stopped = false;
      const finish = () => {
        if (stopped) return;
        stopped = true;
        window.clearInterval(poll);
        video.pause();
        if (recorder.state !== 'inactive') recorder.stop();
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        finish();
        reject(new TrimCancelledError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      video.addEventListener('ended', finish, { once: true });
      recorder.start(1000);
      video.play().then(
        () => {
          // Often enough for a cut within a frame or two at 25 fps.
          poll = window.setInterval(() => {
            const at = video.currentTime * 1000;
            options.onProgress(Math.min(1, Math.max(0, (at - startMs) / span)));
            if (at >= endMs) finish();
          }, 40);
        },
        (error: unknown) => {
          finish();
          reject(error);
        },
      );
    });
    const blob = await recording;
    options.onProgress(1);
    return blob;
  } finally {
    window.clearInterval(poll);
    stopStream(output);
    void audio?.close().catch(() => undefined);
    video.pause();
    video.removeAttribute('src');
    video.load();
    video.remove();
    URL.revokeObjectURL(url);
  }
}
