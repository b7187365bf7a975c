import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  PasskeyError,
  passkeyBlocker,
  passkeyErrorMessage,
  problemOfCeremonyError,
  provePasskey,
  registerPasskey,
} from './webauthn';

vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const t = ((key: string) => key) as unknown as TFunction;
const ceremony = { challenge: 'c1', options: { challenge: 'abc' } };

function domError(name: string): Error {
  return new DOMException('browser said no', name);
}

describe('passkeyBlocker', () => {
  it('asks for a secure connection before anything else', () => {
    expect(passkeyBlocker({ secure: false, supported: false })).toBe('insecure');
    expect(passkeyBlocker({ secure: false, supported: true })).toBe('insecure');
  });

  it('then for a browser that can', () => {
    expect(passkeyBlocker({ secure: true, supported: false })).toBe('unsupported');
    expect(passkeyBlocker({ secure: true, supported: true })).toBeNull();
  });
});

describe('problemOfCeremonyError', () => {
  it('knows an authenticator registered before', () => {
    const error = new WebAuthnError({
      message: 'registered',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      cause: domError('InvalidStateError'),
    });
    expect(problemOfCeremonyError(error)).toBe('alreadyRegistered');
    expect(problemOfCeremonyError(domError('InvalidStateError'))).toBe('alreadyRegistered');
  });

  it('calls cancelled, timed out, aborted and unknown failures "failed"', () => {
    expect(problemOfCeremonyError(domError('NotAllowedError'))).toBe('failed');
    expect(problemOfCeremonyError(domError('AbortError'))).toBe('failed');
    expect(
      problemOfCeremonyError(
        new WebAuthnError({ message: 'aborted', code: 'ERROR_CEREMONY_ABORTED', cause: domError('AbortError') }),
      ),
    ).toBe('failed');
    expect(problemOfCeremonyError(new Error('Registration was not completed'))).toBe('failed');
    expect(problemOfCeremonyError('?')).toBe('failed');
  });
});

describe('passkeyErrorMessage', () => {
  it('words each of the four problems of spec §8', () => {
    expect(passkeyErrorMessage(new PasskeyError('insecure'), t)).toBe('auth:passkey.insecure');
    expect(passkeyErrorMessage(new PasskeyError('unsupported'), t)).toBe('auth:passkey.unsupported');
    expect(passkeyErrorMessage(new PasskeyError('alreadyRegistered'), t)).toBe('errors:passkeyAlreadyRegistered');
    expect(passkeyErrorMessage(new PasskeyError('failed'), t)).toBe('errors:passkeyFailed');
  });

  it("keeps the server's own message for its refusals", () => {
    const refused = new ApiError(409, 'passkeyAlreadyRegistered', 'Già registrata.');
    expect(passkeyErrorMessage(refused, t)).toBe('Già registrata.');
    expect(passkeyErrorMessage(new ApiError(429, 'tooManyAttempts', 'Riprova tra 30 secondi.'), t)).toBe(
      'Riprova tra 30 secondi.',
    );
    expect(passkeyErrorMessage(null, t)).toBeNull();
  });
});

describe('the ceremonies', () => {
  const getCeremony = vi.fn(async () => ceremony);

  beforeEach(() => {
    vi.mocked(startRegistration).mockReset();
    vi.mocked(startAuthentication).mockReset();
    getCeremony.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  function browser(options: { secure: boolean; webAuthn: boolean }) {
    vi.stubGlobal('isSecureContext', options.secure);
    vi.stubGlobal('PublicKeyCredential', options.webAuthn ? class {} : undefined);
  }

  it('never reach the server nor the browser on an insecure connection', async () => {
    browser({ secure: false, webAuthn: true });
    await expect(registerPasskey(getCeremony)).rejects.toMatchObject({ problem: 'insecure' });
    await expect(provePasskey(getCeremony)).rejects.toMatchObject({ problem: 'insecure' });
    expect(getCeremony).not.toHaveBeenCalled();
    expect(startRegistration).not.toHaveBeenCalled();
    expect(startAuthentication).not.toHaveBeenCalled();
  });

  it('never reach the server nor the browser when the browser cannot', async () => {
    browser({ secure: true, webAuthn: false });
    await expect(provePasskey(getCeremony)).rejects.toMatchObject({ problem: 'unsupported' });
    expect(getCeremony).not.toHaveBeenCalled();
    expect(startAuthentication).not.toHaveBeenCalled();
  });

  it("hand the server's options to the browser and answer its response with the ceremony", async () => {
    browser({ secure: true, webAuthn: true });
    vi.mocked(startAuthentication).mockResolvedValue({ id: 'credential' } as never);
    await expect(provePasskey(getCeremony)).resolves.toEqual({ ceremony, response: { id: 'credential' } });
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: ceremony.options });
  });

  it("turn the browser's failures into problems", async () => {
    browser({ secure: true, webAuthn: true });
    vi.mocked(startRegistration).mockRejectedValue(
      new WebAuthnError({
        message: 'registered',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        cause: domError('InvalidStateError'),
      }),
    );
    await expect(registerPasskey(getCeremony)).rejects.toMatchObject({ problem: 'alreadyRegistered' });
    vi.mocked(startRegistration).mockRejectedValue(domError('NotAllowedError'));
    await expect(registerPasskey(getCeremony)).rejects.toMatchObject({ problem: 'failed' });
  });

  it("let the server's refusal of the options through as it is", async () => {
    browser({ secure: true, webAuthn: true });
    const refused = new ApiError(429, 'tooManyAttempts', 'Riprova tra 30 secondi.');
    await expect(provePasskey(() => Promise.reject(refused))).rejects.toBe(refused);
  });
});
