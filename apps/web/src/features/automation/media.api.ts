// The media library of the automation area (issue 28): media a page at a time, their tags, one medium, its title and
// tags changed, deleted, its thumbnail replaced; the bytes of a file or a thumbnail (fetched with the app's headers and
// shown from object URLs); the resumable upload's calls, the pieces through XMLHttpRequest for their progress.
import type { Media, MediaEdit, MediaListQuery, UploadStart, UploadState } from '@bottega/contracts/automation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiErrorOf, baseHeaders, fetchBlob } from '../../lib/api-client';
import {
  fileFingerprint,
  resumableUpload,
  sessionUploadMemory,
  type UploadProgress,
  type UploadTransport,
} from './resumable-upload';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

const base = '/api/automation';

export const mediaKey = ['automation', 'media'] as const;

/** The bytes of a medium (answers HTTP ranges). */
export function mediaFileUrl(id: number): string {
  return `${base}/media/${id}/file`;
}

/** Its thumbnail (an image without one answers the image itself; 404 when there is none). */
export function mediaThumbnailUrl(id: number): string {
  return `${base}/media/${id}/thumbnail`;
}

export function useMediaList(query: MediaListQuery, enabled = true) {
  return useQuery({
    queryKey: [...mediaKey, 'list', query],
    queryFn: () => api<Page<Media>>(`${base}/media`, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMediaTags(enabled = true) {
  return useQuery({
    queryKey: [...mediaKey, 'tags'],
    queryFn: async () => (await api<{ data: { tag: string; count: number }[] }>(`${base}/media/tags`)).data,
    staleTime: 30_000,
    enabled,
  });
}

export function useMedia(id: number | null) {
  return useQuery({
    queryKey: [...mediaKey, 'one', id],
    queryFn: async () => (await api<{ data: Media }>(`${base}/media/${id}`)).data,
    enabled: id !== null,
  });
}

/** Lists, tags and the medium itself are asked again; the cached pictures stay unless `thumbnailOf` names one. */
export function useInvalidateMedia() {
  const queryClient = useQueryClient();
  return (thumbnailOf?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...mediaKey, 'list'] }),
      queryClient.invalidateQueries({ queryKey: [...mediaKey, 'tags'] }),
      queryClient.invalidateQueries({ queryKey: [...mediaKey, 'one'] }),
      thumbnailOf === undefined
        ? undefined
        : queryClient.invalidateQueries({ queryKey: [...mediaKey, 'thumbnail', thumbnailOf] }),
    ]);
}

export function useEditMedia(id: number) {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: async (body: MediaEdit) =>
      (await api<{ data: Media }>(`${base}/media/${id}`, { method: 'PUT', body })).data,
    onSuccess: () => invalidate(),
  });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${base}/media/${id}`, { method: 'DELETE' }),
    // The medium itself is not asked again: it is gone.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...mediaKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...mediaKey, 'tags'] }),
      ]),
  });
}

/** Raw bytes with the app's headers (PUT thumbnail): `api` sends JSON only. */
async function putBytes<T>(path: string, bytes: Blob): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'PUT',
      headers: { ...baseHeaders(), 'Content-Type': 'application/octet-stream' },
      body: bytes,
    });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw apiErrorOf(response.status, body, response.headers.get('retry-after'));
  return body as T;
}

/** Replaces a medium's thumbnail with a JPEG or PNG (≤ maxThumbnailBytes). */
export async function putMediaThumbnail(id: number, picture: Blob): Promise<Media> {
  return (await putBytes<{ data: Media }>(`${base}/media/${id}/thumbnail`, picture)).data;
}

export function useSetMediaThumbnail(id: number) {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (picture: Blob) => putMediaThumbnail(id, picture),
    onSuccess: () => invalidate(id),
  });
}

/**
 * A medium's thumbnail as a blob, or null when it has none. Asked only when there is one to show: a video's own
 * thumbnail, or an image (the server answers the image itself when it has no thumbnail).
 */
export function useMediaThumbnailBlob(
  media: { id: number; kind: Media['kind']; hasThumbnail: boolean },
  wanted = true,
) {
  const exists = media.hasThumbnail || media.kind === 'image';
  return useQuery({
    queryKey: [...mediaKey, 'thumbnail', media.id, media.hasThumbnail],
    queryFn: async () => {
      try {
        return await fetchBlob(mediaThumbnailUrl(media.id));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: wanted && exists,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
  });
}

/** The whole file of a medium, for the player (a few hundred MB at most; forgotten as soon as it is closed). */
export function useMediaFileBlob(id: number | null) {
  return useQuery({
    queryKey: [...mediaKey, 'file', id],
    queryFn: () => fetchBlob(mediaFileUrl(id ?? 0)),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

// ——— The resumable upload's calls ———

function abortError(): DOMException {
  return new DOMException('aborted', 'AbortError');
}

/** One piece, through XMLHttpRequest: fetch reports no upload progress. */
function sendChunk(
  id: string,
  offset: number,
  chunk: Blob,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<UploadState> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('PUT', `${base}/uploads/${encodeURIComponent(id)}?offset=${offset}`);
    for (const [name, value] of Object.entries(baseHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    const onAbort = () => request.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    request.addEventListener('load', () => {
      settle();
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page: answered below by its status.
      }
      if (request.status >= 200 && request.status < 300) resolve((body as { data: UploadState }).data);
      else reject(apiErrorOf(request.status, body, request.getResponseHeader('retry-after')));
    });
    request.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, 'network', ''));
    });
    request.addEventListener('timeout', () => {
      settle();
      reject(new ApiError(0, 'network', ''));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    request.send(chunk);
  });
}

export const mediaUploadTransport: UploadTransport = {
  start: async (body: UploadStart) =>
    (await api<{ data: UploadState }>(`${base}/uploads`, { method: 'POST', body })).data,
  status: async (id: string) => (await api<{ data: UploadState }>(`${base}/uploads/${encodeURIComponent(id)}`)).data,
  sendChunk,
};

export type MediaUploadOptions = {
  file: Blob;
  fileName: string;
  title: string;
  tags: string[];
  durationMs: number | null;
  width: number | null;
  height: number | null;
  source: UploadStart['source'];
  /** The thumbnail made in the browser, sent once the media exists (a failure there does not undo the upload). */
  thumbnail: Blob | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The calls; the app's own when not given. */
  transport?: UploadTransport;
};

export type MediaUploadResult = { media: Media; thumbnailError: unknown };

/**
 * Uploads one file of the library: its bytes resumably (a dropped File is remembered by its fingerprint, so the same
 * file dropped after a reload goes on where it stopped), then its thumbnail; a resumed upload gets the title and tags
 * asked now.
 */
export async function uploadMedia(options: MediaUploadOptions): Promise<MediaUploadResult> {
  const { file } = options;
  const body = {
    fileName: options.fileName,
    title: options.title,
    tags: options.tags,
    durationMs: options.durationMs,
    width: options.width,
    height: options.height,
    source: options.source,
  };
  const { media: uploaded, resumed } = await resumableUpload({
    file,
    body,
    transport: options.transport ?? mediaUploadTransport,
    onProgress: options.onProgress,
    signal: options.signal,
    memory: sessionUploadMemory,
    fingerprint: file instanceof File ? `${options.source}|${fileFingerprint(file)}` : null,
  });
  let media = uploaded;
  if (resumed && (media.title !== options.title || media.tags.join('\n') !== options.tags.join('\n'))) {
    media = (
      await api<{ data: Media }>(`${base}/media/${media.id}`, {
        method: 'PUT',
        body: { title: options.title, tags: options.tags },
      })
    ).data;
  }
  let thumbnailError: unknown = null;
  if (options.thumbnail) {
    try {
      media = await putMediaThumbnail(media.id, options.thumbnail);
    } catch (error) {
      thumbnailError = error;
    }
  }
  return { media, thumbnailError };
}
