// A dropped or picked folder tree, read into the folders to create and the files to send into them.
// Folders are kept even when empty, so the tree arrives as it was.
import { joinFilePath } from '@bottega/contracts/files';

/** Paths relative to the folder it is dropped into: `Contratti`, `Contratti/2026`; '' for that folder itself. */
export type DroppedTree = { folders: string[]; files: { file: File; folder: string }[] };

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** A folder's entries; a reader answers in batches (Chromium: 100) until it answers none. */
async function childrenOf(entry: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = entry.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

/** Walks the entries of a drop (DataTransferItem.webkitGetAsEntry), folders before what they hold. */
export async function readDroppedEntries(entries: readonly FileSystemEntry[]): Promise<DroppedTree> {
  const tree: DroppedTree = { folders: [], files: [] };
  const walk = async (entry: FileSystemEntry, folder: string) => {
    if (isDirectory(entry)) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      tree.folders.push(path);
      for (const child of await childrenOf(entry)) await walk(child, path);
    } else if (entry.isFile) {
      tree.files.push({ file: await fileOf(entry as FileSystemFileEntry), folder });
    }
  };
  for (const entry of entries) await walk(entry, '');
  return tree;
}

/** The files of an <input webkitdirectory>: each knows its path from the picked folder. */
export function treeOfPickedFiles(files: readonly File[]): DroppedTree {
  const folders = new Set<string>();
  const picked = files.map((file) => {
    const names = (file.webkitRelativePath || file.name).split('/').slice(0, -1);
    names.forEach((_, depth) => {
      folders.add(names.slice(0, depth + 1).join('/'));
    });
    return { file, folder: names.join('/') };
  });
  return { folders: [...folders], files: picked };
}

/**
 * Makes every folder of the tree with `make`, each only once its parent was made (a folder whose
 * parent failed is not tried: it fails with the parent's reason). Answers how each folder went.
 */
export function makeFolders(
  folders: readonly string[],
  make: (folder: string) => Promise<unknown>,
): Promise<PromiseSettledResult<unknown>[]> {
  const depth = (folder: string) => folder.split('/').length;
  const made = new Map<string, Promise<unknown>>();
  for (const folder of [...new Set(folders)].sort((a, b) => depth(a) - depth(b))) {
    const parent = made.get(folder.slice(0, Math.max(0, folder.lastIndexOf('/'))));
    made.set(
      folder,
      (parent ?? Promise.resolve()).then(() => make(folder)),
    );
  }
  return Promise.allSettled(made.values());
}

/** Where a folder or file of the tree goes: its relative folder inside the folder it was dropped into. */
export function folderInside(current: string, relative: string): string {
  return relative === '' ? current : joinFilePath(current, relative);
}
