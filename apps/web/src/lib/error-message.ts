import { waitDuration } from '@bottega/contracts/wait';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { ApiError } from './api-client';

/** What to tell a person about a failed call: the server's localized message, or ours when it said nothing. */
export function errorMessage(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.message || t(`errors:${error.code}`);
  return t('errors:internal');
}

/** Whole seconds from `now` until a refused call may be tried again (a 429's Retry-After); 0 when it may. */
export function secondsToWait(error: unknown, now: number): number {
  if (!(error instanceof ApiError) || error.retryAt === null) return 0;
  return Math.max(0, Math.ceil((error.retryAt - now) / 1000));
}

/** A wait as people read it: "15 minuti", seconds only under a minute (the server words its messages alike). */
export function formatWait(seconds: number, t: TFunction): string {
  const { unit, count } = waitDuration(seconds);
  return t(`common:wait.${unit}`, { count });
}

/**
 * errorMessage for a form the server may hold back for a while ("too many attempts, retry in N
 * minutes"): the wait counts down in the message, `waiting` holds the form back meanwhile, and the
 * message goes when the wait is over. `describe` words any other failure.
 */
export function useWaitingErrorMessage(
  error: unknown,
  t: TFunction,
  describe: (error: unknown, t: TFunction) => string | null = errorMessage,
): { message: string | null; waiting: boolean } {
  const [now, setNow] = useState(Date.now);
  const retryAt = error instanceof ApiError ? error.retryAt : null;
  useEffect(() => {
    if (retryAt === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= retryAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [retryAt]);
  if (!(error instanceof ApiError) || retryAt === null) return { message: describe(error, t), waiting: false };
  const seconds = secondsToWait(error, now);
  return seconds > 0
    ? { message: t(`errors:${error.code}`, { seconds, wait: formatWait(seconds, t) }), waiting: true }
    : { message: null, waiting: false };
}
