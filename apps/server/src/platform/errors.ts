// One error type for the whole server and the handler that turns any failure into
// `{ code, message, errors? }` in the caller's language; never a stack trace, never a bare 500 for bad input.

import {
  type ErrorBody,
  type ErrorCode,
  errorCodes,
  type ValidationRule,
  validationRules,
} from '@bottega/contracts/errors';
import { waitDuration } from '@bottega/contracts/wait';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { pickLanguage, translate } from './i18n';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly fieldErrors?: Record<string, { rule: ValidationRule; params?: Record<string, unknown> }[]>,
  ) {
    super(code);
    this.status = errorCodes[code];
  }
}

type ValidationIssue = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
};

/**
 * Custom checks (the Italian identifiers of contracts/italian-identifiers.ts) say which rule failed
 * and why; some reasons have a sharper message than the rule's own.
 */
const customRules: Record<string, { rule: ValidationRule; byReason?: Record<string, ValidationRule> }> = {
  fiscalCode: {
    rule: 'fiscalCode',
    byReason: { checkCharacter: 'fiscalCodeCheck', birthdayMismatch: 'fiscalCodeBirthday' },
  },
  vatNumber: { rule: 'vatNumber', byReason: { checkDigit: 'vatNumberCheck' } },
  iban: { rule: 'iban', byReason: { checksum: 'ibanChecksum' } },
  bic: { rule: 'bic' },
  cap: { rule: 'cap' },
  phone: { rule: 'phone' },
  ipAddress: { rule: 'ipAddress' },
  confirmed: { rule: 'confirmed' },
};

function isValidationRule(value: string | undefined): value is ValidationRule {
  return (validationRules as readonly string[]).includes(value ?? '');
}

/** Maps a Zod issue to one of the generic rules of spec §5 (required, email, min/max …). */
export function ruleOfIssue(issue: ValidationIssue): { rule: ValidationRule; params?: Record<string, unknown> } {
  const { keyword, params } = issue;
  if (keyword === 'custom') {
    const { rule, reason, ...ruleParams } = (params.params ?? {}) as { rule?: string; reason?: string };
    const known = rule ? customRules[rule] : undefined;
    if (known) return { rule: (reason && known.byReason?.[reason]) || known.rule };
    // Any other check naming a rule of the catalog (cross-field checks: required, slotOverlap …) keeps it.
    if (isValidationRule(rule)) return { rule, params: ruleParams };
  }
  const missing = params.input === undefined || params.input === null;
  if ((keyword === 'invalid_type' || keyword === 'invalid_value') && missing) return { rule: 'required' };
  if (keyword === 'too_small') {
    if (params.origin === 'string' && params.minimum === 1) return { rule: 'required' };
    return { rule: params.origin === 'string' ? 'minLength' : 'min', params: { min: params.minimum } };
  }
  if (keyword === 'too_big') {
    return { rule: params.origin === 'string' ? 'maxLength' : 'max', params: { max: params.maximum } };
  }
  if (keyword === 'invalid_format') {
    if (params.format === 'email') return { rule: 'email' };
    if (params.format === 'date' || params.format === 'datetime') return { rule: 'date' };
  }
  return { rule: 'invalid' };
}

/**
 * The field errors of a Zod check run by hand (a multipart form's fields, which pass no route schema), with the same
 * rules as a schema's: `input` is what was checked, for telling a missing value from a wrong one.
 */
export function fieldErrorsOf(
  error: { issues: readonly { code: string; path: readonly PropertyKey[] }[] },
  input: Record<string, unknown>,
): NonNullable<AppError['fieldErrors']> {
  const errors: NonNullable<AppError['fieldErrors']> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    const value = input[String(issue.path[0] ?? '')];
    const rule = ruleOfIssue({ keyword: issue.code, instancePath: `/${field}`, params: { ...issue, input: value } });
    errors[field] = [...(errors[field] ?? []), rule];
  }
  return errors;
}

/** The value a failed check was about, read from the request part that failed (Zod 4 leaves it out of its issues). */
function inputAt(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const part = context === 'querystring' ? 'query' : context;
  let node: unknown =
    part === 'body' || part === 'query' || part === 'params' || part === 'headers' ? request[part] : undefined;
  for (const key of instancePath.split('/').filter(Boolean)) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
}

export type ErrorAnswer = { status: number; body: ErrorBody };

/**
 * What a failure answers: its HTTP status and `{ code, message, errors? }` in the caller's language.
 * Headers that belong to the answer (Retry-After) are set on `reply`; the caller sends the body, so an
 * area with its own answer shape (the file manager's `status: false`) words it exactly the same way.
 */
export function describeError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): ErrorAnswer {
  const lng = pickLanguage(request.headers['accept-language']);
  const answer = (
    code: ErrorCode,
    status: number,
    params: Record<string, unknown> = {},
    errors?: Record<string, string[]>,
  ): ErrorAnswer => ({
    status,
    body: { code, message: translate(lng, `errors:${code}`, params), ...(errors ? { errors } : {}) },
  });

  if (error instanceof AppError) {
    const errors = error.fieldErrors
      ? Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, rules]) => [
            field,
            rules.map(({ rule, params }) => translate(lng, `validation:${rule}`, params)),
          ]),
        )
      : undefined;
    // A "too many" answer that tells the wait in its message tells it to programs too (RFC 9110 Retry-After);
    // people read it in minutes (`wait`), seconds only under a minute.
    const { seconds } = error.params;
    if (typeof seconds !== 'number') return answer(error.code, error.status, error.params, errors);
    if (error.status === 429) reply.header('retry-after', String(Math.ceil(seconds)));
    const { unit, count } = waitDuration(seconds);
    const wait = translate(lng, `common:wait.${unit}`, { count });
    return answer(error.code, error.status, { ...error.params, wait }, errors);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation as ValidationIssue[]) {
      const input =
        'input' in issue.params ? issue.params.input : inputAt(request, error.validationContext, issue.instancePath);
      const { rule, params } = ruleOfIssue({ ...issue, params: { ...issue.params, input } });
      const field = fieldName(issue.instancePath);
      errors[field] = [...(errors[field] ?? []), translate(lng, `validation:${rule}`, params)];
    }
    return answer('validation', 422, {}, errors);
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response does not match its schema');
    return answer('internal', 500);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer('malformedJson', 400);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer('payloadTooLarge', 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer('unsupportedMediaType', 415);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    if (error instanceof SyntaxError) return answer('malformedJson', 400);
    return answer('badRequest', error.statusCode);
  }
  request.log.error({ err: error }, 'unhandled error');
  return answer('internal', 500);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = describeError(error, request, reply);
    return reply.status(status).send(body);
  });
}

/**
 * The unique index a failed write ran into (PostgreSQL's 23505, found through the driver's and Drizzle's wrapping):
 * its name, or the message that names it; null for any other failure. Two saves at once are then a 4xx, not a 500.
 */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ?? message ?? '';
  }
  return null;
}
