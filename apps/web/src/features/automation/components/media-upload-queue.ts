// The library's upload queue: each dropped file is read in the browser (a video's length and size, a frame as its
// thumbnail), then sent in resumable pieces with its progress, then its thumbnail; two at a time, each with its own
// cancel. Leaving the page cancels what is still going (the same file dropped again after a reload resumes).
import type { MediaKind } from '@bottega/contracts/automation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { signInAgainIfExpired } from '../../auth/auth.api';
import { uploadMedia, useInvalidateMedia } from '../media.api';
import { UploadAbortedError } from '../resumable-upload';
import { mediaKindOf, titleFromFileName } from './media-format';
import { probeMedia } from './media-frame';

export type MediaUploadStep = 'waiting' | 'reading' | 'uploading' | 'done' | 'failed';

export type MediaUploadEntry = {
  key: number;
  name: string;
  sizeBytes: number;
  kind: MediaKind;
  step: MediaUploadStep;
  percent: number;
  error: string | null;
  /** The upload went through but its thumbnail did not. */
  warning: string | null;
};

const parallelUploads = 2;

export function useMediaUploadQueue() {
  const { t } = useTranslation(['automation', 'errors']);
  const invalidate = useInvalidateMedia();
  const [entries, setEntries] = useState<MediaUploadEntry[]>([]);
  const waiting = useRef(new Map<number, { file: File; tags: string[] }>());
  const controllers = useRef(new Map<number, AbortController>());
  const nextKey = useRef(1);
  const running = useRef(0);

  const update = useCallback((key: number, change: Partial<MediaUploadEntry>) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);
  const drop = useCallback((key: number) => {
    setEntries((current) => current.filter((entry) => entry.key !== key));
  }, []);

  const run = useCallback(
    async (key: number, file: File, tags: string[], kind: MediaKind, signal: AbortSignal) => {
      update(key, { step: 'reading' });
      const probed = await probeMedia(file, kind);
      if (signal.aborted) throw new UploadAbortedError();
      update(key, { step: 'uploading', percent: 0 });
      return uploadMedia({
        file,
        fileName: file.name,
        title: titleFromFileName(file.name),
        tags,
        durationMs: probed.durationMs,
        width: probed.width,
        height: probed.height,
        source: 'upload',
        thumbnail: probed.thumbnail,
        signal,
        onProgress: (progress) => update(key, { percent: progress.percent }),
      });
    },
    [update],
  );

  // Starts waiting files while there is room; runs again whenever an entry changes.
  useEffect(() => {
    for (const entry of entries) {
      if (running.current >= parallelUploads) break;
      if (entry.step !== 'waiting') continue;
      const item = waiting.current.get(entry.key);
      // Taken out at once, so a second run of this effect cannot send it twice.
      if (!item) continue;
      waiting.current.delete(entry.key);
      const controller = new AbortController();
      controllers.current.set(entry.key, controller);
      running.current++;
      run(entry.key, item.file, item.tags, entry.kind, controller.signal)
        .then(
          (result) => {
            update(entry.key, {
              step: 'done',
              percent: 100,
              warning: result.thumbnailError ? t('videos.upload.thumbnailFailed') : null,
            });
            void invalidate();
          },
          (error: unknown) => {
            if (error instanceof UploadAbortedError || controller.signal.aborted) {
              drop(entry.key);
              return;
            }
            signInAgainIfExpired(error);
            update(entry.key, { step: 'failed', error: errorMessage(error, t) });
          },
        )
        .finally(() => {
          running.current--;
          controllers.current.delete(entry.key);
          // Another file may start now.
          setEntries((current) => [...current]);
        });
    }
  }, [entries, run, update, drop, invalidate, t]);

  // Leaving the page stops what is still going.
  useEffect(() => {
    const all = controllers.current;
    return () => {
      for (const controller of all.values()) controller.abort();
    };
  }, []);

  const add = useCallback((files: readonly File[], tags: string[]) => {
    const added: MediaUploadEntry[] = [];
    for (const file of files) {
      const kind = mediaKindOf(file.type);
      if (!kind) continue;
      const key = nextKey.current++;
      waiting.current.set(key, { file, tags });
      added.push({
        key,
        name: file.name,
        sizeBytes: file.size,
        kind,
        step: 'waiting',
        percent: 0,
        error: null,
        warning: null,
      });
    }
    setEntries((current) => [...current, ...added]);
  }, []);

  const cancel = useCallback(
    (key: number) => {
      waiting.current.delete(key);
      const controller = controllers.current.get(key);
      if (controller) controller.abort();
      else drop(key);
    },
    [drop],
  );

  const clearFinished = useCallback(
    () => setEntries((current) => current.filter((entry) => entry.step !== 'done' && entry.step !== 'failed')),
    [],
  );

  return {
    entries,
    busy: entries.some((entry) => entry.step === 'waiting' || entry.step === 'reading' || entry.step === 'uploading'),
    add,
    cancel,
    clearFinished,
  };
}

export type MediaUploadQueue = ReturnType<typeof useMediaUploadQueue>;
