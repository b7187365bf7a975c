// The signed-in person's own security: two-factor sign-in, recovery codes, fingerprints (passkeys)
// and open sessions.
import type { MfaStatus, Passkey, TotpSetup, UserSession } from '@bottega/contracts/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Ceremony } from '../auth/auth.api';
import { registerPasskey } from '../auth/webauthn';

const mfaKey = ['profile', 'mfa'] as const;
const passkeysKey = ['profile', 'passkeys'] as const;
const sessionsKey = ['profile', 'sessions'] as const;

type RecoveryCodesAnswer = { data: { recoveryCodes: string[] } };

export function useMfaStatus() {
  return useQuery({
    queryKey: mfaKey,
    queryFn: async () => (await api<{ data: MfaStatus }>('/api/profile/mfa')).data,
  });
}

function useMfaChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: mfaKey });
}

/** A new key for the authenticator app; it counts only once confirmed with a code. */
export function useStartMfaSetup() {
  return useMutation({
    mutationFn: async () => (await api<{ data: TotpSetup }>('/api/profile/mfa/setup', { method: 'POST' })).data,
  });
}

export function useConfirmMfaSetup() {
  const changed = useMfaChanged();
  return useMutation({
    mutationFn: async (code: string) =>
      (await api<RecoveryCodesAnswer>('/api/profile/mfa/confirm', { method: 'POST', body: { code } })).data
        .recoveryCodes,
    onSuccess: changed,
  });
}

/** New recovery codes; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const changed = useMfaChanged();
  return useMutation({
    mutationFn: async (code: string) =>
      (await api<RecoveryCodesAnswer>('/api/profile/mfa/recovery-codes', { method: 'POST', body: { code } })).data
        .recoveryCodes,
    onSuccess: changed,
  });
}

export function useDisableMfa() {
  const changed = useMfaChanged();
  return useMutation({
    mutationFn: (code: string) => api('/api/profile/mfa/disable', { method: 'POST', body: { code } }),
    onSuccess: changed,
  });
}

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: async () => (await api<{ data: Passkey[] }>('/api/profile/passkeys')).data,
  });
}

/** Registers this device's fingerprint under a name the person recognises. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { ceremony, response } = await registerPasskey(
        async () => (await api<{ data: Ceremony }>('/api/profile/passkeys/options', { method: 'POST' })).data,
      );
      return (
        await api<{ data: Passkey }>('/api/profile/passkeys', {
          method: 'POST',
          body: { challenge: ceremony.challenge, name, response },
        })
      ).data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/profile/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await api<{ data: UserSession[] }>('/api/profile/sessions')).data,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/profile/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
