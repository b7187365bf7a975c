// Logs (issue 29): pino's JSON lines on stdout, one per event, each request's lines carrying its id (`reqId`) and each
// job's lines the id of the request that queued it, so an operator follows one request into its jobs.
// No secret reaches a line: a logged value under a secret's name (password, token, IBAN, one-time code …, at any
// depth) is written as [redacted]; URLs — the request's own and any in a logged text, an error's message or stack —
// keep their path but not their query values, credentials or token-like segments (reset and invitation links,
// signed media links); an error's database parameters and failing row are left out. Messages are fixed texts of the
// code: values go in fields. One walk over each line's fields rather than pino's `redact`: wildcard paths deep
// enough to matter made every line some 25 times slower and still missed deeper keys.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  FastifyError,
  FastifyInstance,
  FastifyLoggerOptions,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config';

export const redactedValue = '[redacted]';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
/** Where log lines are written: stdout, or a test's collector. */
export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

/**
 * Field names holding secrets, matched anywhere in a name (any case): passwords (a camera's, the router's), tokens
 * (sessions, bots, social accounts), API and app keys, signatures, cookies and CSRF tokens, TOTP keys and otpauth
 * URIs, IBANs, credentials.
 */
const secretNamePattern =
  /pass(word|wd|phrase)|pwd|secret|token|api_?key|app_?key|access_?key|private_?key|authori[sz]ation|cookie|csrf|otp|iban|credential|signature/i;
/** Whole names that are secrets only as a whole (`bic`, not "public"; one-time and recovery codes). */
const secretNames = new Set([
  'code',
  'codes',
  'recoverycode',
  'recoverycodes',
  'mfacode',
  'invitecode',
  'challenge',
  'auth',
  'bic',
  'accountnumber',
  'depositcardnumber',
  // A failed check's value (Zod issues): a password too short is still a password.
  'input',
]);

function isSecretName(name: string): boolean {
  return secretNamePattern.test(name) || secretNames.has(name.toLowerCase());
}

/** A path segment or bare query part that looks generated: long, of a token's characters, not a lowercase word. */
function looksLikeToken(part: string): boolean {
  return part.length >= 20 && /^[\w\-:%~+=]+$/.test(part) && /[\dA-Z]/.test(part);
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * A URL (absolute or a request's path) as it may be logged: every query value, any credentials and the fragment
 * replaced, and any path segment that looks like a token (a signed link's signature, a bot's token).
 */
export function maskUrl(url: string): string {
  const [beforeFragment, fragment] = splitOnce(url, '#');
  const [path, query] = splitOnce(beforeFragment, '?');
  const maskedPath = path
    .replace(/^([a-z][a-z\d+.-]*:\/\/)[^/@]*@/i, `$1${redactedValue}@`)
    .split('/')
    .map((segment) => (looksLikeToken(segment) ? redactedValue : segment))
    .join('/');
  const maskedQuery = query
    ?.split('&')
    .map((part) => {
      const [name, value] = splitOnce(part, '=');
      if (value === undefined) return looksLikeToken(name) ? redactedValue : name;
      return `${looksLikeToken(name) ? redactedValue : name}=${redactedValue}`;
    })
    .join('&');
  return (
    maskedPath +
    (maskedQuery === undefined ? '' : `?${maskedQuery}`) +
    (fragment === undefined ? '' : `#${redactedValue}`)
  );
}

/** Absolute URLs, and paths with a query, within a text (an error message, a stack, a logged string). */
const urlInText = /[a-z][a-z\d+.-]*:\/\/[^\s"'<>`]+|\/[^\s"'<>`?]*\?[^\s"'<>`]+/gi;

export function maskUrlsIn(text: string): string {
  if (!text.includes('?') && !text.includes('://')) return text;
  return text.replace(urlInText, (url) => maskUrl(url));
}

/** Deeper than this a logged value is left out (written [redacted]): the walk ends, even on a cycle. */
const maxDepth = 8;

/**
 * A logged value with every secret field replaced, URLs in its texts masked and errors serialized; the value itself
 * when nothing changes (the common case costs one walk and no copy).
 */
export function censorSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskUrlsIn(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value);
  if (depth >= maxDepth) return redactedValue;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const censored = censorSecrets(item, depth + 1);
      if (censored !== item) {
        copy ??= [...value];
        copy[index] = censored;
      }
    });
    return copy ?? value;
  }
  // Requests, replies, dates, buffers: their serializers (or JSON) decide what is written.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    // Whether a secret is set (passwordSet, tokenExpired) is no secret.
    const secret = isSecretName(key) && item !== null && item !== undefined && typeof item !== 'boolean';
    const censored = secret ? redactedValue : censorSecrets(item, depth + 1);
    if (censored !== item) {
      copy ??= { ...value };
      copy[key] = censored;
    }
  }
  return copy ?? value;
}

type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

/**
 * An error as logged: its type, its message and stack with those of its causes (as pino's own serializer writes them),
 * and its other fields censored. A database error's parameters (`params` of an error carrying its `query`, repeated by
 * Drizzle in its message) and failing row (`detail`) are row values — a password hash, an IBAN — and left out; its
 * `code` (ECONNREFUSED, 23505) names the failure and is kept.
 */
export function serializeError(error: Error): SerializedError {
  const chain: Error[] = [];
  for (let cause: unknown = error; cause instanceof Error && !chain.includes(cause); cause = cause.cause) {
    chain.push(cause);
  }
  const withoutParameters = (text: string, from: Error) => {
    const { query, params } = from as { query?: unknown; params?: unknown };
    if (typeof query !== 'string' || params === undefined) return text;
    return text.replaceAll(`params: ${String(params)}`, `params: ${redactedValue}`);
  };
  const scrub = (text: string) => maskUrlsIn(chain.reduce(withoutParameters, text));
  const { cause: _cause, code, detail, ...fields } = { ...error } as Record<string, unknown>;
  if (typeof fields.query === 'string' && fields.params !== undefined) fields.params = redactedValue;
  return {
    type: error.constructor?.name ?? error.name,
    message: scrub(chain.map((item) => item.message).join(': ')),
    stack: scrub(chain.map((item) => item.stack ?? item.message).join('\ncaused by: ')),
    ...(censorSecrets(fields) as Record<string, unknown>),
    ...(detail === undefined ? {} : { detail: redactedValue }),
    ...(code === undefined ? {} : { code }),
    ...(error instanceof AggregateError ? { aggregateErrors: error.errors.map((item) => censorSecrets(item)) } : {}),
  };
}

/**
 * pino's `err` serializer, run after the walk (formatters.log), which serialized the errors of a line already: what
 * comes here is one of those, or an error in a child logger's bindings.
 */
function serializeLoggedError(value: unknown): unknown {
  return value instanceof Error ? serializeError(value) : value;
}

/** A request as its log lines show it: no headers, the URL masked. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger: JSON lines at LOG_LEVEL on stdout (or on `stream`, which only tests give). */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: LogStream): LoggerOptions {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    formatters: { log: (fields: Record<string, unknown>) => censorSecrets(fields) as Record<string, unknown> },
    serializers: {
      req: serializeRequest,
      err: serializeLoggedError as (error: FastifyError) => SerializedError,
    },
  };
}

/** What an incoming X-Request-Id must look like to be kept (a proxy's or a client's): short, no spaces or quotes. */
const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;
const requestIdHeader = 'x-request-id';

/** Fastify's genReqId: the caller's X-Request-Id when it is safe to log, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}

/** The id of the request whose work is running (undefined outside one, and in a job queued by none). */
const requestScope = new AsyncLocalStorage<string | undefined>();

export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}

/** Runs `work` as part of the request `requestId` (a job of that request), or of none. */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestScope.run(requestId, work);
}

/**
 * Every answer tells its request id (X-Request-Id), and the request's handlers run in its scope, so a job they queue
 * remembers it. Set again before validation: the body is read from the socket's events, outside the scope.
 */
export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    requestScope.run(request.id, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    requestScope.run(request.id, done);
  });
}
