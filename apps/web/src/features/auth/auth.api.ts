// Sign-in (password, second step, fingerprint), shop choice, the signed-in user and sign-out
// (spec §2 Login, §4 Session, §7 api/auth/*).
import type { AuthUser, ShopSummary, SignedIn, SignInAnswer, SignInBody } from '@bottega/contracts/auth';
import type { MfaSignInBody, TotpSetup } from '@bottega/contracts/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, authToken } from '../../lib/api-client';
import { expiredSignInPath } from './sign-in-redirect';
import { PasskeyError, provePasskey } from './webauthn';

/** A fingerprint ceremony: the server's options for the browser and the token that names it on the way back. */
export type Ceremony = { challenge: string; options: Record<string, unknown> };

/** The second step due after the password: a code, or the two-factor setup the group requires. */
export type SecondStep = Exclude<SignInAnswer['data'], { step: 'signedIn' }>;

export const authUserKey = ['auth', 'user'] as const;

export function useAuthUser() {
  return useQuery({
    queryKey: authUserKey,
    queryFn: async () => (await api<{ data: AuthUser }>('/api/auth/user')).data,
    enabled: authToken.get() !== null,
    retry: false,
    staleTime: 60_000,
  });
}

export function useSelectableShops(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'shops'],
    queryFn: async () => (await api<{ data: ShopSummary[] }>('/api/auth/shops')).data,
    enabled,
    retry: false,
  });
}

/** A session was opened: keep its token; the login page goes on to registration or the shop choice. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return (answer: SignedIn) => {
    authToken.set(answer.token);
    queryClient.setQueryData(['auth', 'shops'], answer.shops);
    void queryClient.invalidateQueries({ queryKey: authUserKey });
  };
}

/** The password sign-in answers a session, or the second step that is due (spec §2 Login). */
export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: SignInBody) => (await api<SignInAnswer>('/api/auth/login', { method: 'POST', body })).data,
    onSuccess: (answer) => {
      if (answer.step === 'signedIn') signedIn(answer);
    },
  });
}

/** The second step: a code of the authenticator app, or one of the recovery codes. */
export function useMfaSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: MfaSignInBody) =>
      (await api<{ data: SignedIn }>('/api/auth/mfa', { method: 'POST', body })).data,
    onSuccess: signedIn,
  });
}

/** The forced setup at sign-in: the key for the authenticator app, asked for once per step. */
export function useMfaSetupAtSignIn(challenge: string) {
  return useQuery({
    queryKey: ['auth', 'mfaSetup', challenge],
    queryFn: async () =>
      (await api<{ data: TotpSetup }>('/api/auth/mfa/setup', { method: 'POST', body: { challenge } })).data,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/**
 * Confirms the forced setup with a first code. The answer opens the session and brings the recovery
 * codes, which are shown before the session is kept (see useSignedIn).
 */
export function useConfirmMfaSetupAtSignIn() {
  return useMutation({
    mutationFn: async (body: { challenge: string; code: string }) =>
      (
        await api<{ data: SignedIn & { recoveryCodes: string[] } }>('/api/auth/mfa/setup/confirm', {
          method: 'POST',
          body,
        })
      ).data,
  });
}

/** Sign-in with a fingerprint; the login typed, if any, narrows the choice to that person's keys. */
export function usePasskeySignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async ({ remember }: { remember: boolean }) => {
      const { ceremony, response } = await provePasskey(
        async () => (await api<{ data: Ceremony }>('/api/auth/passkey/options', { method: 'POST', body: {} })).data,
      );
      return (
        await api<{ data: SignedIn }>('/api/auth/passkey', {
          method: 'POST',
          body: { challenge: ceremony.challenge, response, remember },
        })
      ).data;
    },
    onSuccess: signedIn,
  });
}

export function useChooseShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shopId: number) =>
      (await api<{ data: AuthUser }>('/api/auth/shop', { method: 'POST', body: { shopId } })).data,
    onSuccess: (user) => {
      queryClient.setQueryData(authUserKey, user);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Presence: "is this person here?", by fingerprint or by password (shift punches, the profile's "try it")

export type PresenceOptions = { userId: number; name: string; passkey: Ceremony | null };
export type PresenceConfirmation = { userId: number; method: 'password' | 'passkey'; confirmedAt: string };

async function fetchPresenceOptions(userId: number): Promise<PresenceOptions> {
  return (await api<{ data: PresenceOptions }>('/api/auth/presence/options', { method: 'POST', body: { userId } }))
    .data;
}

/** Who is to confirm, and the fingerprint ceremony when they have a fingerprint registered. */
export function usePresenceOptions() {
  return useMutation({ mutationFn: fetchPresenceOptions });
}

/** What proves a person is here: their password, or their passkey's answer to a challenge. */
export type PresenceProof =
  | { userId: number; password: string }
  | { userId: number; challenge: string; response: Record<string, unknown> };

/**
 * Where a proof goes: to the presence check alone (`confirmPresenceOnly`), or with a call the server confirms it in
 * (a shift punch), so the proof and what it confirms are one request.
 */
export type PresenceSubmit<T> = (proof: PresenceProof) => Promise<T>;

export const confirmPresenceOnly: PresenceSubmit<PresenceConfirmation> = async (body) =>
  (await api<{ data: PresenceConfirmation }>('/api/auth/presence', { method: 'POST', body })).data;

export function useConfirmPresenceByPassword<T>(submit: PresenceSubmit<T>) {
  return useMutation({ mutationFn: (body: { userId: number; password: string }) => submit(body) });
}

/** A passkey's challenge is used once: `ceremony` is the one fetched with the options, if still unused. */
export function useConfirmPresenceByPasskey<T>(submit: PresenceSubmit<T>) {
  return useMutation({
    mutationFn: async ({ userId, ceremony }: { userId: number; ceremony: Ceremony | null }) => {
      const proof = await provePasskey(async () => {
        if (ceremony) return ceremony;
        const fresh = (await fetchPresenceOptions(userId)).passkey;
        if (!fresh) throw new PasskeyError('failed');
        return fresh;
      });
      return submit({
        userId,
        challenge: proof.ceremony.challenge,
        response: proof.response as unknown as Record<string, unknown>,
      });
    },
  });
}

/** A call refused because the session expired: idle too long, or past its absolute lifetime. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'sessionExpired';
}

/**
 * Ends an expired session, whichever call found out (the first one does it): the token goes and the
 * sign-in page says why, then brings the person back. Whether `error` was an expired session.
 */
export function signInAgainIfExpired(error: unknown): boolean {
  if (!isSessionExpired(error)) return false;
  if (authToken.get() !== null) {
    authToken.clear();
    window.location.replace(expiredSignInPath(window.location));
  }
  return true;
}

/** Spec §4: sign-out calls the server, removes the token and returns to the base page. */
export async function signOut(): Promise<void> {
  await api('/api/auth/logout').catch(() => undefined);
  authToken.clear();
  window.location.assign('/');
}
