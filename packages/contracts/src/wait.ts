// How long to wait, in words people read: shared by the server's messages and the web, and free of Zod so the
// sign-in page (which tells a lockout's wait) does not load it.

/**
 * How a wait is told ("riprova tra 15 minuti"): whole minutes, rounded up, and seconds only under a
 * minute. Translated as `common:wait.<unit>` with `count`, on the server and on the web alike.
 */
export function waitDuration(seconds: number): { unit: 'minutes' | 'seconds'; count: number } {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? { unit: 'seconds', count: whole } : { unit: 'minutes', count: Math.ceil(whole / 60) };
}
