// Every call to the server goes through here: the base headers of spec §7 (timezone, bearer
// token, language, X-Requested-With, X-CSRF-TOKEN from the page's meta tag) and one error type.
import type { ErrorBody, ErrorCode } from '@bottega/contracts/errors';
import { currentLanguage } from './i18n';

/** Where a realm keeps its session token: staff sessions and the loyalty club's customer sessions apart. */
export type TokenStore = { get: () => string | null; set: (token: string) => void; clear: () => void };

export function tokenStore(key: string): TokenStore {
  return {
    get: () => localStorage.getItem(key),
    set: (token) => localStorage.setItem(key, token),
    clear: () => localStorage.removeItem(key),
  };
}

/** The staff's session (the club keeps its own, club/club-api.ts). */
export const authToken = tokenStore('bottega.token');

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** A 429's Retry-After as an instant (epoch ms): the call may be tried again from then. */
    readonly retryAt: number | null = null,
  ) {
    super(message);
  }
}

/** The error of a refused call, from its status, JSON body and Retry-After header (whole seconds). */
export function apiErrorOf(status: number, body: unknown, retryAfter: string | null = null): ApiError {
  const error = (body ?? {}) as Partial<ErrorBody>;
  const seconds = Number(retryAfter);
  const retryAt = status === 429 && retryAfter && seconds > 0 ? Date.now() + seconds * 1000 : null;
  return new ApiError(status, error.code ?? 'internal', error.message ?? '', error.errors ?? {}, retryAt);
}

function csrfToken(): string {
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, unknown>;
};

/**
 * The calls of one realm, sending its token: the staff app's below, the loyalty club's with the club's token.
 * Everything else (headers, errors) is the same for both.
 */
export function createApiClient(token: TokenStore) {
  function baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
      'X-Timezone': Intl.DateTimeFormat().resolvedOptions().timeZone,
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': csrfToken(),
    };
    const bearer = token.get();
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    return headers;
  }

  async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const url = new URL(path.replace(/^\/?/, '/'), window.location.origin);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
    }
    const headers = baseHeaders();
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch {
      throw new ApiError(0, 'network', '');
    }
    const body = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) throw apiErrorOf(response.status, body, response.headers.get('retry-after'));
    return body as T;
  }

  /** Bytes the server answers (a document, a file manager's read or download), fetched with the app's headers. */
  async function fetchBlob(path: string): Promise<Blob> {
    let response: Response;
    try {
      response = await fetch(path, { headers: baseHeaders() });
    } catch {
      throw new ApiError(0, 'network', '');
    }
    if (!response.ok) {
      throw apiErrorOf(response.status, await response.json().catch(() => null), response.headers.get('retry-after'));
    }
    return response.blob();
  }

  return { baseHeaders, api, fetchBlob };
}

const staffClient = createApiClient(authToken);
export const baseHeaders = staffClient.baseHeaders;
export const api = staffClient.api;
export const fetchBlob = staffClient.fetchBlob;
