// A camera's pictures fetched with the session's bearer token (an <img src> cannot send it): one snapshot, or the
// server's MJPEG relay read part by part, each JPEG handed over as a Blob for an object URL.
import { cameraStreamBoundary } from '@bottega/contracts/cameras';
import { createMjpegParser, multipartBoundary } from '@bottega/contracts/mjpeg';
import { ApiError, apiErrorOf, baseHeaders } from '../../lib/api-client';

/** Whether a failure is only the fetch being stopped on purpose (unmount, full screen closed, tab hidden). */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

/** One answer of the server's camera routes: the bytes, or the camera error (JSON) it refused with. */
async function cameraFetch(path: string, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { headers: baseHeaders(), signal });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new ApiError(0, 'network', '');
  }
  if (!response.ok) {
    throw apiErrorOf(response.status, await response.json().catch(() => null), response.headers.get('retry-after'));
  }
  return response;
}

/** The camera's current picture (GET /api/cameras/:id/snapshot). */
export async function fetchCameraSnapshot(cameraId: number, signal: AbortSignal): Promise<Blob> {
  return (await cameraFetch(`/api/cameras/${cameraId}/snapshot`, signal)).blob();
}

/**
 * Reads a `multipart/x-mixed-replace` body to its end, handing each JPEG to `onFrame`. Stops (without error) when
 * `signal` aborts; a broken part throws.
 */
export async function readMjpegStream(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  onFrame: (jpeg: Blob) => void,
  signal?: AbortSignal,
): Promise<void> {
  const parser = createMjpegParser({
    boundary,
    onFrame: (frame) => onFrame(new Blob([frame.bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' })),
  });
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal?.aborted) return;
      parser.push(value);
    }
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Watches the camera live (GET /api/cameras/:id/stream) until `signal` aborts or the server ends the stream; a
 * refusal (429 cameraViewersFull, a camera error) throws an ApiError before the first picture.
 */
export async function watchCameraStream(
  cameraId: number,
  onFrame: (jpeg: Blob) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await cameraFetch(`/api/cameras/${cameraId}/stream`, signal);
  if (!response.body) throw new ApiError(0, 'network', '');
  const boundary = multipartBoundary(response.headers.get('content-type')) ?? cameraStreamBoundary;
  await readMjpegStream(response.body, boundary, onFrame, signal);
}
