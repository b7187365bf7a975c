// Dropped files and folder trees (and the folder picker): folders are made first through
// q=newDragedfolder — parents before children, within the limits of spec §7 — then the files go
// into the upload queue, each into its folder.
import { dropFolderConcurrency, dropFolderPerSecond } from '@bottega/contracts/files';
import { type DragEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DroppedTree, folderInside, makeFolders, readDroppedEntries, treeOfPickedFiles } from '../dropped-tree';
import { createDroppedFolder, fileErrorMessage } from '../files.api';
import { createThrottle } from '../request-throttle';
import type { DropHandlers } from './upload-modals';
import type { UploadQueue } from './use-upload-queue';

export function useTreeUpload(options: {
  url: string;
  folder: string;
  queue: UploadQueue;
  /** A tree arrived: the drag-upload dialog opens. */
  onTree: () => void;
  onError: (message: string) => void;
  onInfo: (message: string) => void;
  /** The folder may not be changed: a drop is answered with a message instead. */
  readOnly: boolean;
}) {
  const { url, folder, queue, onTree, onError, onInfo, readOnly } = options;
  const { t } = useTranslation(['files', 'errors']);
  const [dragging, setDragging] = useState(false);
  const [folders, setFolders] = useState<{ made: number; total: number } | null>(null);
  // One gate for every drop, so two drops in a row still share the limits.
  const throttle = useMemo(
    () => createThrottle({ concurrency: dropFolderConcurrency, perSecond: dropFolderPerSecond }),
    [],
  );

  const send = useCallback(
    async (tree: DroppedTree) => {
      let made = 0;
      setFolders({ made, total: tree.folders.length });
      const results = await makeFolders(tree.folders, (relative) =>
        throttle.schedule(async () => {
          await createDroppedFolder(url, folderInside(folder, relative));
          made++;
          setFolders({ made, total: tree.folders.length });
        }),
      );
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) onError(fileErrorMessage(failure.reason, t) ?? '');
      queue.add(tree.files.map((entry) => ({ file: entry.file, folder: folderInside(folder, entry.folder) })));
    },
    [url, folder, queue, throttle, onError, t],
  );

  const sendFiles = useCallback((files: File[]) => queue.add(files.map((file) => ({ file, folder }))), [queue, folder]);

  const sendPickedFolder = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      onTree();
      void send(treeOfPickedFiles(files));
    },
    [send, onTree],
  );

  const dropHandlers: DropHandlers = {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      setDragging(false);
      if (readOnly) {
        onInfo(t('messages.readOnly'));
        return;
      }
      // Entries must be taken while the drop event lasts; reading them may take longer.
      const entries = [...event.dataTransfer.items]
        .map((item) => item.webkitGetAsEntry?.() ?? null)
        .filter((entry): entry is FileSystemEntry => entry !== null);
      const files = [...event.dataTransfer.files];
      if (entries.length === 0 && files.length === 0) {
        onInfo(t('messages.nothingToUpload'));
        return;
      }
      onTree();
      setFolders(null);
      if (entries.length === 0) {
        sendFiles(files);
        return;
      }
      readDroppedEntries(entries).then(send, (error: unknown) => onError(fileErrorMessage(error, t) ?? ''));
    },
  };

  return { dragging, folders, dropHandlers, sendFiles, sendPickedFolder };
}
