// Links mailed to a person (spec §8): ask for a reset link, check it, set the new password (reset or
// invitation), confirm a new email address. No sign-in needed: the link's token is the proof.
import type { PasswordResetBody, PasswordResetRequestBody } from '@bottega/contracts/password-reset';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, authToken } from '../../lib/api-client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) => api('/api/auth/password-reset/request', { method: 'POST', body }),
  });
}

/** Whether the link can still be used: answered before the new password is typed. */
export function usePasswordResetCheck(token: string) {
  return useQuery({
    queryKey: ['password-reset', 'check', token],
    queryFn: () => api('/api/auth/password-reset/check', { method: 'POST', body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetBody) => api('/api/auth/password-reset', { method: 'POST', body }),
    onSuccess: () => {
      // A reset signs the person out everywhere: whoever was signed in on this browser signs in again.
      authToken.clear();
      queryClient.removeQueries({ queryKey: ['auth'] });
    },
  });
}

/** Opening the confirmation link: the pending address becomes the person's email. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('/api/auth/email-confirmation', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
