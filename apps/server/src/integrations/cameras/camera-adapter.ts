// What the server asks a camera, one adapter per type (foscam-hd.ts, foscam-mjpeg.ts, generic-camera.ts): a
// picture, a health check and, where the camera has one, its MJPEG stream. Every request goes to the host and port
// saved on the camera, on its type's own paths, never following a redirect (which could lead anywhere), and ends in
// one of the eight outcomes of Foscam's CGI (contracts/cameras.ts); a camera that does not answer is a timeout.
import type { CameraFailure, CameraOutcome, CameraType } from '@bottega/contracts/cameras';
import { multipartBoundary } from '@bottega/contracts/mjpeg';

/** A saved camera as the adapters need it: the password already unsealed. */
export type CameraConnection = {
  type: CameraType;
  link: string;
  username: string;
  password: string;
  channel: number | null;
};

export type CameraRequestOptions = { timeoutMs: number; signal?: AbortSignal };

export type CameraPicture = { outcome: 'ok'; jpeg: Uint8Array } | { outcome: CameraFailure };

/** An open MJPEG stream: its multipart boundary and body, read until `signal` aborts or the camera hangs up. */
export type CameraStream =
  | { outcome: 'ok'; boundary: string; body: ReadableStream<Uint8Array> }
  | { outcome: CameraFailure };

export type CameraAdapter = {
  snapshot: (camera: CameraConnection, options: CameraRequestOptions) => Promise<CameraPicture>;
  check: (camera: CameraConnection, options: CameraRequestOptions) => Promise<CameraOutcome>;
  /** Absent for a camera that only gives pictures: the relay asks for pictures one after the other. */
  stream?: (camera: CameraConnection, options: CameraRequestOptions) => Promise<CameraStream>;
};

/** The largest picture the server takes from a camera. */
export const maxPictureBytes = 4 * 1024 * 1024;

/**
 * An answer's HTTP status as an outcome, for the cameras that speak HTTP rather than CGI result codes: refused
 * credentials, forbidden, a path or command the camera does not know, the camera failing.
 */
export function outcomeOfStatus(status: number): CameraOutcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'wrongCredentials';
  if (status === 403) return 'accessDenied';
  if (status === 400 || status === 404 || status === 405) return 'wrongCgiFormat';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'cgiFailed';
  return 'unknownError';
}

/** `path` on the camera's own scheme, host and port, with `query` (credentials included, as Foscam's CGI wants). */
export function cameraUrl(link: string, path: string, query: Record<string, string>): URL {
  const base = new URL(link);
  const url = new URL(path, `${base.protocol}//${base.host}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

export type CameraResponse = { outcome: 'ok'; response: Response } | { outcome: CameraFailure };

/**
 * One GET to the camera. The timeout covers the answer's headers; a caller reading a body sets its own limits. A
 * refused or unreachable connection is a timeout too: to the person watching, the camera did not answer.
 */
export async function cameraRequest(
  url: URL,
  options: CameraRequestOptions & { headers?: Record<string, string> },
): Promise<CameraResponse> {
  // Only the wait for the answer's headers: a stream's body then flows for as long as someone watches.
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(), options.timeoutMs);
  try {
    const response = await fetch(url, {
      headers: options.headers,
      redirect: 'manual',
      signal: options.signal ? AbortSignal.any([options.signal, waiting.signal]) : waiting.signal,
    });
    return { outcome: 'ok', response };
  } catch {
    return { outcome: 'timeout' };
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a whole body of at most `maxPictureBytes` before the timeout; null when it is larger or too slow. */
export async function readBody(response: Response, timeoutMs: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxPictureBytes) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const timer = setTimeout(() => reader.cancel().catch(() => undefined), timeoutMs);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxPictureBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** A JPEG starts with the SOI marker FF D8. */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8;
}

/** The picture of an answer expected to be a JPEG: anything else from a 2xx answer is an unknown error. */
export async function pictureOf(answer: CameraResponse, timeoutMs: number): Promise<CameraPicture> {
  if (answer.outcome !== 'ok') return answer;
  const { response } = answer;
  const outcome = outcomeOfStatus(response.status);
  if (outcome !== 'ok') {
    await response.body?.cancel();
    return { outcome };
  }
  const bytes = await readBody(response, timeoutMs);
  if (bytes === null) return { outcome: 'timeout' };
  return isJpeg(bytes) ? { outcome: 'ok', jpeg: bytes } : { outcome: 'unknownError' };
}

/** The stream of an answer expected to be `multipart/x-mixed-replace`. */
export async function streamOf(answer: CameraResponse): Promise<CameraStream> {
  if (answer.outcome !== 'ok') return answer;
  const { response } = answer;
  const outcome = outcomeOfStatus(response.status);
  const boundary = multipartBoundary(response.headers.get('content-type'));
  if (outcome !== 'ok' || !boundary || !response.body) {
    await response.body?.cancel();
    return { outcome: outcome === 'ok' ? 'unknownError' : outcome };
  }
  return { outcome: 'ok', boundary, body: response.body };
}

/** HTTP Basic credentials, for the cameras that take them that way. */
export function basicAuthorization(camera: CameraConnection): Record<string, string> {
  if (camera.username === '' && camera.password === '') return {};
  return { authorization: `Basic ${Buffer.from(`${camera.username}:${camera.password}`).toString('base64')}` };
}
