// Uploads go through XMLHttpRequest because fetch reports no upload progress; the app's headers and
// its one error type are kept, so a refusal reads like any other call's.
import { ApiError, apiErrorOf, baseHeaders } from './api-client';

/**
 * Sends one file as multipart with the app's headers, reporting the share sent (0–100) as it goes.
 * `fields` travel before the file, so a server reading the stream knows where the file goes first.
 */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  file: File,
  onProgress: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    for (const [name, value] of Object.entries(baseHeaders())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page: answered below by its status.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(apiErrorOf(request.status, body, request.getResponseHeader('retry-after')));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'network', '')));
    request.addEventListener('abort', () => reject(new ApiError(0, 'network', '')));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    request.send(form);
  });
}
