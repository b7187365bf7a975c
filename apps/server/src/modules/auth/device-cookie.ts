// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a complete sign-in the
// browser gets a cookie binding the user and a random id, signed with the app key. A later password (or code)
// typed in that browser for that user is counted against the cookie alone (see platform/login-throttle.ts),
// so a stranger's failures from elsewhere never lock the owner's own browser out. One cookie per user, so a
// shop's shared tablet holds one for each person who signs in there.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { safeEqual, sign } from '../../platform/crypto';

const purpose = 'device-cookie';
const cookiePrefix = 'bottega_device_';
/** Long-lived: the browser stays trusted for a year after its last complete sign-in. */
const lifetimeSeconds = 365 * 86_400;

/** The device cookies of a request, as the sign-in services see them. */
export type DeviceCookies = {
  /** The id of the valid device cookie the browser holds for the user, if any. */
  presented(userId: number): string | undefined;
  /** Gives the browser a new device cookie for the user: called once a sign-in is complete. */
  remember(userId: number): void;
};

/** `<id>.<signature>`, the signature binding the user: a cookie copied to another user's name is worthless. */
export function newDeviceCookie(appKey: string, userId: number): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${sign(appKey, purpose, `${userId}.${id}`)}`;
}

/** The cookie's id when it is a valid device cookie for the user, else undefined. */
export function deviceIdOf(appKey: string, userId: number, value: string | undefined): string | undefined {
  const [id, signature, ...rest] = (value ?? '').split('.');
  if (!id || !signature || rest.length > 0) return undefined;
  return safeEqual(signature, sign(appKey, purpose, `${userId}.${id}`)) ? id : undefined;
}

/** Reads and writes the device cookies of one sign-in request (HttpOnly, SameSite=Strict, Secure on https). */
export function deviceCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'appKey' | 'publicUrl'>,
): DeviceCookies {
  return {
    presented: (userId) => deviceIdOf(config.appKey, userId, request.cookies[`${cookiePrefix}${userId}`]),
    remember(userId) {
      reply.setCookie(`${cookiePrefix}${userId}`, newDeviceCookie(config.appKey, userId), {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.publicUrl.startsWith('https:'),
        maxAge: lifetimeSeconds,
      });
    },
  };
}
