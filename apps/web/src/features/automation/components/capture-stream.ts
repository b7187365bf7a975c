// The live side of recording in the browser: the camera (a chosen one, with or without the microphone) or a shared
// screen as one stream, the cameras the browser lists, and the recorder running on the stream with its elapsed time and
// the maxCaptureMinutes limit. Every track is stopped when the page is left, and a stream replaced stops the old one.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type CaptureProblem,
  captureProblemOf,
  collectRecording,
  newRecorder,
  pickRecorderMimeType,
  stopStream,
} from './capture-recorder';
import { grabVideoFrame } from './media-frame';

export type CaptureSource = 'camera' | 'screen';

export type CaptureDevice = { deviceId: string; label: string };

export function useCaptureStream() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<CaptureDevice[]>([]);
  const [problem, setProblem] = useState<CaptureProblem | null>(null);
  const [opening, setOpening] = useState(false);
  /** The person ended the screen sharing from the browser's own bar. */
  const [ended, setEnded] = useState(false);
  const current = useRef<MediaStream | null>(null);
  // Each opening is numbered: an answer arriving after a newer request (or after the page was left) is stopped at once.
  const request = useRef(0);

  const replace = useCallback((next: MediaStream | null) => {
    if (current.current !== next) stopStream(current.current);
    current.current = next;
    setStream(next);
  }, []);

  const open = useCallback(
    async (options: { source: CaptureSource; deviceId: string | null; microphone: boolean }) => {
      const id = ++request.current;
      // The old stream first: some cameras cannot be opened twice.
      replace(null);
      setProblem(null);
      setEnded(false);
      setOpening(true);
      let next: MediaStream | null = null;
      try {
        const media = navigator.mediaDevices;
        if (options.source === 'camera') {
          next = await media.getUserMedia({
            video: {
              ...(options.deviceId ? { deviceId: { exact: options.deviceId } } : {}),
              width: { ideal: 1280 },
              height: { ideal: 720 },
            },
            audio: options.microphone ? { echoCancellation: true, noiseSuppression: true } : false,
          });
        } else {
          next = await media.getDisplayMedia({ video: { frameRate: { ideal: 30 } }, audio: false });
          if (options.microphone) {
            const microphone = await media.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
            for (const track of microphone.getAudioTracks()) next.addTrack(track);
          }
        }
        if (id !== request.current) {
          stopStream(next);
          return;
        }
        const opened = next;
        opened.getVideoTracks()[0]?.addEventListener('ended', () => {
          if (current.current !== opened) return;
          setEnded(true);
          replace(null);
        });
        replace(opened);
        // The cameras' names are known only once one was allowed.
        const all = await media.enumerateDevices().catch(() => []);
        if (id === request.current) {
          setDevices(
            all
              .filter((device) => device.kind === 'videoinput' && device.deviceId !== '')
              .map((device) => ({ deviceId: device.deviceId, label: device.label })),
          );
        }
      } catch (error) {
        stopStream(next);
        if (id === request.current) setProblem(captureProblemOf(error));
      } finally {
        if (id === request.current) setOpening(false);
      }
    },
    [replace],
  );

  const close = useCallback(() => {
    request.current++;
    replace(null);
    setOpening(false);
  }, [replace]);

  // Leaving the page: the camera's light goes off, the sharing ends.
  useEffect(
    () => () => {
      request.current++;
      stopStream(current.current);
      current.current = null;
    },
    [],
  );

  return { stream, devices, problem, opening, ended, open, close };
}

export type Recording = {
  blob: Blob;
  /** What the recorder made (with its codecs). */
  mimeType: string;
  /** Measured while recording: a WebM from MediaRecorder carries no length of its own. */
  durationMs: number;
  width: number | null;
  height: number | null;
  /** A frame of the live picture about a second in. */
  thumbnail: Blob | null;
};

/** Records the stream until stopped, the stream ends or `limitMs` is reached. */
export function useRecorder(options: { limitMs: number; onFinished: (recording: Recording) => void }) {
  const [recording, setRecording] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [failed, setFailed] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef(0);
  const thumbnailTimer = useRef(0);
  const stoppedAt = useRef<number | null>(null);
  const discarded = useRef(false);
  const finished = useRef(options.onFinished);
  useEffect(() => {
    finished.current = options.onFinished;
  });
  const limitMs = options.limitMs;

  const stop = useCallback(() => {
    window.clearInterval(timer.current);
    window.clearTimeout(thumbnailTimer.current);
    const active = recorder.current;
    if (active && active.state !== 'inactive') {
      stoppedAt.current ??= performance.now();
      active.stop();
    }
    setRecording(false);
  }, []);

  const start = useCallback(
    (stream: MediaStream, preview: HTMLVideoElement | null) => {
      const mimeType = pickRecorderMimeType(MediaRecorder.isTypeSupported?.bind(MediaRecorder));
      let active: MediaRecorder;
      try {
        active = newRecorder(stream, mimeType);
      } catch {
        setFailed(true);
        return;
      }
      setFailed(false);
      discarded.current = false;
      stoppedAt.current = null;
      recorder.current = active;
      const result = collectRecording(active, mimeType ?? 'video/webm');
      let thumbnail: Promise<Blob | null> = Promise.resolve(null);
      const takeThumbnail = () => {
        thumbnail = preview ? grabVideoFrame(preview).catch(() => null) : Promise.resolve(null);
      };
      active.start(1000);
      const startedAt = performance.now();
      setElapsedMs(0);
      setRecording(true);
      thumbnailTimer.current = window.setTimeout(takeThumbnail, 1000);
      timer.current = window.setInterval(() => {
        const elapsed = performance.now() - startedAt;
        setElapsedMs(elapsed);
        if (elapsed >= limitMs) stop();
      }, 200);
      // The sharing ended from the browser's bar, or the camera went away: what was recorded is kept.
      stream.getVideoTracks()[0]?.addEventListener('ended', stop, { once: true });
      const settings = stream.getVideoTracks()[0]?.getSettings();
      result.then(
        async (blob) => {
          window.clearInterval(timer.current);
          if (discarded.current) return;
          const durationMs = Math.round(Math.min(limitMs, (stoppedAt.current ?? performance.now()) - startedAt));
          // A clip shorter than a second: the frame is taken as it stops (the preview still shows the live picture).
          let picture = await thumbnail;
          if (!picture && preview) picture = await grabVideoFrame(preview).catch(() => null);
          if (discarded.current) return;
          setRecording(false);
          setElapsedMs(durationMs);
          finished.current({
            blob,
            mimeType: blob.type || mimeType || 'video/webm',
            durationMs,
            width: settings?.width ?? preview?.videoWidth ?? null,
            height: settings?.height ?? preview?.videoHeight ?? null,
            thumbnail: picture,
          });
        },
        () => {
          setRecording(false);
          setFailed(true);
        },
      );
    },
    [limitMs, stop],
  );

  // Leaving the page while recording: the recording is dropped.
  useEffect(
    () => () => {
      discarded.current = true;
      window.clearInterval(timer.current);
      window.clearTimeout(thumbnailTimer.current);
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    },
    [],
  );

  return { recording, elapsedMs, failed, start, stop };
}
