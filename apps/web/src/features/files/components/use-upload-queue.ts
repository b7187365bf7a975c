// The upload queue (spec §9): files wait their turn, a few go at once, each shows its progress, and
// a failed one keeps its marker and message until the error list is cleared.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileErrorMessage, uploadFile, useRefreshFolder } from '../files.api';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed';
export type UploadEntry = {
  id: number;
  name: string;
  /** The folder it goes into, from the root. */
  folder: string;
  size: number;
  progress: number;
  state: UploadState;
  error: string | null;
};

/** Enough to keep the line busy without a dropped tree of hundreds of files opening hundreds of requests. */
const parallelUploads = 3;

export function useUploadQueue(url: string) {
  const { t } = useTranslation(['files', 'errors']);
  const refresh = useRefreshFolder(url);
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const files = useRef(new Map<number, File>());
  const nextId = useRef(1);
  const running = useRef(0);

  const update = useCallback((id: number, change: Partial<UploadEntry>) => {
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  }, []);

  // Starts waiting files while there is room; runs again whenever an entry changes.
  useEffect(() => {
    const waiting = entries.filter((entry) => entry.state === 'waiting');
    for (const entry of waiting.slice(0, Math.max(0, parallelUploads - running.current))) {
      const file = files.current.get(entry.id);
      // Taken out at once, so a second run of this effect cannot send it twice.
      if (!file) continue;
      files.current.delete(entry.id);
      running.current++;
      update(entry.id, { state: 'uploading' });
      uploadFile(url, entry.folder, file, (progress) => update(entry.id, { progress }))
        .then(
          () => update(entry.id, { state: 'done', progress: 100 }),
          (error: unknown) => update(entry.id, { state: 'failed', error: fileErrorMessage(error, t) }),
        )
        .finally(() => {
          running.current--;
          if (running.current === 0) void refresh();
        });
    }
  }, [entries, url, t, update, refresh]);

  const add = useCallback((items: readonly { file: File; folder: string }[]) => {
    const added = items.map(({ file, folder }) => {
      const id = nextId.current++;
      files.current.set(id, file);
      return { id, name: file.name, folder, size: file.size, progress: 0, state: 'waiting', error: null } as const;
    });
    setEntries((current) => [...current, ...added]);
  }, []);

  const clearErrors = useCallback(
    () => setEntries((current) => current.filter((entry) => entry.state !== 'failed')),
    [],
  );
  const clearDone = useCallback(() => setEntries((current) => current.filter((entry) => entry.state !== 'done')), []);

  return {
    entries,
    busy: entries.some((entry) => entry.state === 'waiting' || entry.state === 'uploading'),
    add,
    clearErrors,
    clearDone,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
