import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, registerErrorHandler, ruleOfIssue } from './errors';

const issue = (keyword: string, params: Record<string, unknown>) => ({ keyword, instancePath: '/field', params });

describe('ruleOfIssue', () => {
  it('calls a missing or null value required, and any other wrong type invalid', () => {
    expect(ruleOfIssue(issue('invalid_type', { expected: 'string', input: undefined }))).toEqual({ rule: 'required' });
    expect(ruleOfIssue(issue('invalid_type', { expected: 'string', input: null }))).toEqual({ rule: 'required' });
    expect(ruleOfIssue(issue('invalid_type', { expected: 'string', input: 5 }))).toEqual({ rule: 'invalid' });
    expect(ruleOfIssue(issue('invalid_type', { expected: 'boolean', input: 'yes' }))).toEqual({ rule: 'invalid' });
    // An enum or literal that is left out is missing too, not a wrong choice.
    expect(ruleOfIssue(issue('invalid_value', { values: ['it', 'en'], input: undefined }))).toEqual({
      rule: 'required',
    });
  });

  it('calls an empty required string required and a short one minLength', () => {
    expect(ruleOfIssue(issue('too_small', { origin: 'string', minimum: 1 }))).toEqual({ rule: 'required' });
    expect(ruleOfIssue(issue('too_small', { origin: 'string', minimum: 8 }))).toEqual({
      rule: 'minLength',
      params: { min: 8 },
    });
  });

  it('maps number and string bounds to min/max and minLength/maxLength with the bound', () => {
    expect(ruleOfIssue(issue('too_small', { origin: 'number', minimum: 1 }))).toEqual({
      rule: 'min',
      params: { min: 1 },
    });
    expect(ruleOfIssue(issue('too_big', { origin: 'number', maximum: 100 }))).toEqual({
      rule: 'max',
      params: { max: 100 },
    });
    expect(ruleOfIssue(issue('too_big', { origin: 'string', maximum: 254 }))).toEqual({
      rule: 'maxLength',
      params: { max: 254 },
    });
  });

  it('maps the email, date and datetime formats and calls other formats invalid', () => {
    expect(ruleOfIssue(issue('invalid_format', { format: 'email' }))).toEqual({ rule: 'email' });
    expect(ruleOfIssue(issue('invalid_format', { format: 'date' }))).toEqual({ rule: 'date' });
    expect(ruleOfIssue(issue('invalid_format', { format: 'datetime' }))).toEqual({ rule: 'date' });
    expect(ruleOfIssue(issue('invalid_format', { format: 'uuid' }))).toEqual({ rule: 'invalid' });
  });

  it('keeps the rule a custom check names when it is a rule of the catalog, with its parameters', () => {
    expect(ruleOfIssue(issue('custom', { params: { rule: 'slotOverlap' } }))).toEqual({
      rule: 'slotOverlap',
      params: {},
    });
    expect(ruleOfIssue(issue('custom', { params: { rule: 'dateRangeTooLong', max: 92 } }))).toEqual({
      rule: 'dateRangeTooLong',
      params: { max: 92 },
    });
    expect(ruleOfIssue(issue('custom', { params: { rule: 'noSuchRule' } }))).toEqual({ rule: 'invalid' });
  });

  it('calls anything else invalid', () => {
    expect(ruleOfIssue(issue('invalid_value', { values: ['it', 'en'], input: 'xx' }))).toEqual({ rule: 'invalid' });
    expect(ruleOfIssue(issue('custom', {}))).toEqual({ rule: 'invalid' });
  });
});

describe('the error handler', () => {
  /** A bare server whose one route throws `error`: what the handler answers for it. */
  async function answerFor(error: AppError) {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/fails', () => {
      throw error;
    });
    try {
      return await app.inject({ url: '/fails', headers: { 'accept-language': 'en' } });
    } finally {
      await app.close();
    }
  }

  it('tells the seconds to wait of a 429 in Retry-After, and the wait in minutes (seconds under one) in the message', async () => {
    const locked = await answerFor(new AppError('tooManyAttempts', { seconds: 895 }));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('895');
    expect(locked.json()).toEqual({ code: 'tooManyAttempts', message: 'Too many attempts: try again in 15 minutes.' });
    const minute = await answerFor(new AppError('tooManyAttempts', { seconds: 60 }));
    expect(minute.json().message).toBe('Too many attempts: try again in 1 minute.');
    const moment = await answerFor(new AppError('tooManyAttempts', { seconds: 1 }));
    expect(moment.json().message).toBe('Too many attempts: try again in 1 second.');

    const throttled = await answerFor(new AppError('resetThrottled', { seconds: 41.2 }));
    expect(throttled.headers['retry-after']).toBe('42');
  });

  it('sends no Retry-After for other errors', async () => {
    expect((await answerFor(new AppError('invalidCredentials'))).headers['retry-after']).toBeUndefined();
    expect((await answerFor(new AppError('validation', { seconds: 5 }))).headers['retry-after']).toBeUndefined();
  });
});
