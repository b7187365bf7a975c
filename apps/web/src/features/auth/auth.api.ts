// Sign-in, shop choice, the signed-in user and sign-out (spec §4 Session, §7 api/auth/*).
import type { AuthUser, ShopSummary, SignInAnswer, SignInBody } from '@bottega/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, authToken } from '../../lib/api-client';

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

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => (await api<SignInAnswer>('/api/auth/login', { method: 'POST', body })).data,
    onSuccess: (answer) => {
      authToken.set(answer.token);
      queryClient.setQueryData(['auth', 'shops'], answer.shops);
      void queryClient.invalidateQueries({ queryKey: authUserKey });
    },
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

/** Spec §4: sign-out calls the server, removes the token and returns to the base page. */
export async function signOut(): Promise<void> {
  await api('/api/auth/logout').catch(() => undefined);
  authToken.clear();
  window.location.assign('/');
}
