// Fingerprint (passkey) ceremonies in the browser, and the one place that says what went wrong in
// the words of spec §8: already registered, timed out or failed, only secure connections, browser
// unsupported. The browser's API is only called once the first two checks pass (spec §7). The WebAuthn
// library is fetched when a ceremony starts: the sign-in page's first load does not carry it (issue 16).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { errorMessage } from '../../lib/error-message';

export type PasskeyProblem = 'insecure' | 'unsupported' | 'alreadyRegistered' | 'failed';

/** A ceremony that did not happen or did not finish, for one of the reasons of spec §8. */
export class PasskeyError extends Error {
  constructor(
    readonly problem: PasskeyProblem,
    cause?: unknown,
  ) {
    super(problem, { cause });
  }
}

type Environment = { secure: boolean; supported: boolean };
type WebAuthnBrowser = typeof import('@simplewebauthn/browser');

/** Why this page cannot use a fingerprint at all; null when it can. A secure connection comes first. */
export function passkeyBlocker(environment: Environment): 'insecure' | 'unsupported' | null {
  if (!environment.secure) return 'insecure';
  if (!environment.supported) return 'unsupported';
  return null;
}

/** What a failure of the browser's ceremony means to the person. */
export function problemOfCeremonyError(error: unknown): PasskeyProblem {
  if (error instanceof PasskeyError) return error.problem;
  // The library's WebAuthnError, known by its code (the class itself is only loaded with a ceremony).
  if (error instanceof Error && 'code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'alreadyRegistered';
  }
  if (error instanceof Error && error.name === 'InvalidStateError') return 'alreadyRegistered';
  // NotAllowedError (cancelled or timed out), AbortError, ERROR_CEREMONY_ABORTED and the rest.
  return 'failed';
}

type Ceremony = { options: Record<string, unknown> };

async function run<C extends Ceremony, R>(
  getCeremony: () => Promise<C>,
  ceremonyStep: (browser: WebAuthnBrowser, options: C['options']) => Promise<R>,
): Promise<{ ceremony: C; response: R }> {
  const browser = await import('@simplewebauthn/browser');
  const blocker = passkeyBlocker({
    secure: globalThis.isSecureContext === true,
    supported: browser.browserSupportsWebAuthn(),
  });
  if (blocker) throw new PasskeyError(blocker);
  const ceremony = await getCeremony();
  try {
    return { ceremony, response: await ceremonyStep(browser, ceremony.options) };
  } catch (error) {
    throw new PasskeyError(problemOfCeremonyError(error), error);
  }
}

/** Registers a new fingerprint: the server's options (asked for only when the browser can), then the browser. */
export function registerPasskey<C extends Ceremony>(getCeremony: () => Promise<C>) {
  return run<C, RegistrationResponseJSON>(getCeremony, (browser, options) =>
    browser.startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );
}

/** Proves a registered fingerprint: the server's options (asked for only when the browser can), then the browser. */
export function provePasskey<C extends Ceremony>(getCeremony: () => Promise<C>) {
  return run<C, AuthenticationResponseJSON>(getCeremony, (browser, options) =>
    browser.startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  );
}

const messageKeys: Record<PasskeyProblem, string> = {
  insecure: 'auth:passkey.insecure',
  unsupported: 'auth:passkey.unsupported',
  alreadyRegistered: 'errors:passkeyAlreadyRegistered',
  failed: 'errors:passkeyFailed',
};

/** The browser's problems in our words; the server's refusals (409, 429 …) in its own. */
export function passkeyErrorMessage(error: unknown, t: TFunction): string | null {
  if (error instanceof PasskeyError) return t(messageKeys[error.problem]);
  return errorMessage(error, t);
}
