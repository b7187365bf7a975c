// The embedded file manager's calls (spec §7): one configured url per root, `?q=` says what to do.
// Every answer must carry `status: true`; a refusal is an ApiError with the server's message.
import {
  type FileItem,
  type FileStatus,
  type FolderListing,
  joinFilePath,
  splitFilePath,
} from '@bottega/contracts/files';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, fetchBlob } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { saveBlobAs } from '../../lib/object-url';
import { uploadWithProgress } from '../../lib/upload-with-progress';

/** An answer that came back without `status: true` (spec §8: "Error occured!!"). */
export class FileStatusError extends Error {}

/** Spec §7: the status is true, or 1 from older servers. */
function checked<T>(answer: T): T {
  const status = (answer as { status?: unknown } | null)?.status;
  if (status !== true && status !== 1) throw new FileStatusError('status');
  return answer;
}

/** What to tell a person about a failed call (spec §8). */
export function fileErrorMessage(error: unknown, t: TFunction): string | null {
  if (error instanceof FileStatusError) return t('files:messages.statusNotTrue');
  return errorMessage(error, t);
}

function withQuery(url: string, query: Record<string, string>): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${new URLSearchParams(query).toString()}`;
}

async function fileCall<T>(url: string, query: Record<string, string>): Promise<T> {
  return checked(await api<T>(withQuery(url, query)));
}

const filesKey = (url: string) => ['files', url] as const;

export function useFolder(url: string, path: string) {
  return useQuery({
    queryKey: [...filesKey(url), 'index', path],
    queryFn: () => fileCall<FolderListing>(url, { q: 'index', path }),
  });
}

function useFileChange<Input>(url: string, call: (input: Input) => Promise<FileStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKey(url) }),
  });
}

export function useCreateFolder(url: string) {
  return useFileChange(url, ({ folder, name }: { folder: string; name: string }) =>
    fileCall<FileStatus>(url, { q: 'newfolder', path: folder, name }),
  );
}

export function useRenameItem(url: string) {
  return useFileChange(url, ({ item, name }: { item: FileItem; name: string }) =>
    fileCall<FileStatus>(url, { q: 'rename', from: item.path, to: joinFilePath(item.dirname, name) }),
  );
}

export function useDeleteItems(url: string) {
  return useFileChange(url, (items: readonly FileItem[]) =>
    fileCall<FileStatus>(url, {
      q: 'delete',
      items: JSON.stringify(items.map((item) => ({ path: item.path, type: item.type }))),
    }),
  );
}

/** The listing is fetched again, e.g. after uploads ended. */
export function useRefreshFolder(url: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: filesKey(url) });
}

/** One folder of a dropped tree; answers as well when it exists already, and creates missing parents. */
export function createDroppedFolder(url: string, path: string): Promise<FileStatus> {
  const { dirname, basename } = splitFilePath(path);
  return fileCall<FileStatus>(url, { q: 'newDragedfolder', path: dirname, name: basename });
}

export async function uploadFile(
  url: string,
  folder: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<FileStatus> {
  return checked(
    await uploadWithProgress<FileStatus>('POST', withQuery(url, { q: 'upload' }), file, onProgress, { path: folder }),
  );
}

/** The preview's bytes (q=read), cached per version of the file. */
export function useFileContent(url: string, item: FileItem) {
  return useQuery({
    queryKey: [...filesKey(url), 'read', item.path, item.timestamp],
    queryFn: async () => {
      const blob = await fetchBlob(withQuery(url, { q: 'read', path: item.path }));
      return { blob, text: item.type === 'text' ? await blob.text() : null };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/** Saves a file under its own name: its fileUrl is its q=download. */
export async function downloadItem(item: FileItem): Promise<void> {
  saveBlobAs(await fetchBlob(item.fileUrl), item.basename);
}
