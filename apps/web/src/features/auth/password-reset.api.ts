// Password reset by email (spec §8): ask for a link, check it, set the new password. No sign-in needed.
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
