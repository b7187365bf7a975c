// The second guard against text no database column can store (NUL, lone UTF-16 surrogates), for every
// request whatever its schema says. The contracts' `text` primitive refuses them field by field with its
// own limits; this hook covers what a schema lets through unchecked (an undeclared property stripped only
// later, a free-form object such as a passkey's WebAuthn answer, a field someone forgets), so such input is
// a 422 naming the field instead of a database error.
import { isUnstorableText } from '@bottega/contracts/common';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** The path (`address`, `lines.0.name`) of the first string in `value`, key or value, that cannot be stored. */
export function unstorableTextPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isUnstorableText(value) ? path.join('.') || '_' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    // The key itself is not echoed back: the object holding it is named instead.
    if (isUnstorableText(key)) return path.join('.') || '_';
    const found = unstorableTextPath(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses, before validation, a query, path parameter or JSON body holding unstorable text anywhere. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = unstorableTextPath(part);
      if (field !== undefined) return done(new AppError('validation', {}, { [field]: [{ rule: 'textCharacters' }] }));
    }
    done();
  });
}
