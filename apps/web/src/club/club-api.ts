// The loyalty club's calls (/api/club/*, contracts/club.ts) as TanStack Query hooks. Club sessions are a realm of
// their own: the customer's token is kept under its own key and sent as the bearer of these calls only.
// Types only from the contracts: the welcome page's first load carries no schema library.
import type {
  ClubLoyalty,
  ClubProfile,
  ClubRegistration,
  clubInfoSchema,
  clubProfileEditSchema,
  OtpChannel,
  otpSentAnswerSchema,
} from '@bottega/contracts/club';
import type { CustomerSale, PointEntry } from '@bottega/contracts/customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiErrorOf, createApiClient, tokenStore } from '../lib/api-client';
import { downloadFileName } from './club-format';

export type ClubInfo = z.infer<typeof clubInfoSchema>;
export type ClubProfileEdit = z.input<typeof clubProfileEditSchema>;
export type OtpSent = z.infer<typeof otpSentAnswerSchema>['data'];
export type { ClubLoyalty, ClubProfile, ClubRegistration, CustomerSale, OtpChannel, PointEntry };
export type Page<Item> = { data: Item[]; meta: { page: number; perPage: number; total: number } };
type Session = { token: string; customer: ClubProfile };

export const clubToken = tokenStore('bottega.club.token');
const client = createApiClient(clubToken);
export const clubApi = client.api;

export const clubKeys = {
  all: ['club'] as const,
  info: (invite: string | null) => ['club', 'info', invite ?? ''] as const,
  me: ['club', 'me'] as const,
  loyalty: ['club', 'loyalty'] as const,
  activity: (page: number) => ['club', 'activity', page] as const,
  purchases: (page: number) => ['club', 'purchases', page] as const,
};

/** Whether the phone holds a club session (it may have expired: the first call says so). */
export function isSignedIn(): boolean {
  return clubToken.get() !== null;
}

/** What the club promises and offers, public; with the inviting friend's name when `invite` is a good code. */
export function useClubInfo(invite: string | null = null) {
  return useQuery({
    queryKey: clubKeys.info(invite),
    queryFn: async () =>
      (await clubApi<{ data: ClubInfo }>('/api/club/info', { query: { invite: invite ?? undefined } })).data,
    staleTime: 5 * 60_000,
  });
}

export function useClubProfile(enabled = true) {
  return useQuery({
    queryKey: clubKeys.me,
    queryFn: async () => {
      const profile = (await clubApi<{ data: ClubProfile }>('/api/club/me')).data;
      rememberCard(profile);
      return profile;
    },
    enabled: enabled && isSignedIn(),
    staleTime: 60_000,
  });
}

/** A session was opened (registration or sign-in): keep its token and the customer it is for. */
function useSessionOpened() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    queryClient.removeQueries({ queryKey: clubKeys.all });
    clubToken.set(session.token);
    rememberCard(session.customer);
    queryClient.setQueryData(clubKeys.me, session.customer);
  };
}

export function useRegister() {
  const opened = useSessionOpened();
  return useMutation({
    mutationFn: async (body: ClubRegistration) =>
      (await clubApi<{ data: Session }>('/api/club/register', { method: 'POST', body })).data,
    onSuccess: opened,
  });
}

export function useClubSignIn() {
  const opened = useSessionOpened();
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      (await clubApi<{ data: Session }>('/api/club/sign-in', { method: 'POST', body })).data,
    onSuccess: opened,
  });
}

/** Forgets the session on this phone: its token, everything fetched with it and the codes' countdowns. */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return () => {
    clubToken.clear();
    forgetOtpSent();
    forgetCard();
    queryClient.removeQueries({ queryKey: clubKeys.all });
  };
}

/** Signs out on the server, then here whatever it answered (an expired session is as good as closed). */
export function useClubSignOut() {
  const forget = useForgetSession();
  return useMutation({
    mutationFn: async () => {
      await clubApi('/api/club/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
    },
    onSettled: forget,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClubProfileEdit) =>
      (await clubApi<{ data: ClubProfile }>('/api/club/me', { method: 'PUT', body })).data,
    onSuccess: (profile) => {
      queryClient.setQueryData(clubKeys.me, profile);
      // The shop and the birthday show on the loyalty screens.
      void queryClient.invalidateQueries({ queryKey: clubKeys.loyalty });
    },
  });
}

export function useSendOtp() {
  return useMutation({
    mutationFn: async (channel: OtpChannel) =>
      (await clubApi<{ data: OtpSent }>('/api/club/otp/send', { method: 'POST', body: { channel } })).data,
    onSuccess: (sent) => rememberOtpSent(sent.channel, { sentTo: sent.sentTo, resendAt: sent.resendAt }),
  });
}

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { channel: OtpChannel; code: string }) =>
      (await clubApi<{ data: ClubProfile }>('/api/club/otp/verify', { method: 'POST', body })).data,
    onSuccess: (profile) => queryClient.setQueryData(clubKeys.me, profile),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: async (body: { email: string }) => {
      await clubApi('/api/club/password/forgot', { method: 'POST', body });
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: { email: string; code: string; password: string }) => {
      await clubApi('/api/club/password/reset', { method: 'POST', body });
    },
  });
}

export function useLoyalty() {
  return useQuery({
    queryKey: clubKeys.loyalty,
    queryFn: async () => (await clubApi<{ data: ClubLoyalty }>('/api/club/loyalty')).data,
    enabled: isSignedIn(),
    staleTime: 60_000,
  });
}

export const historyPerPage = 20;

export function useActivity(page: number) {
  return useQuery({
    queryKey: clubKeys.activity(page),
    queryFn: () => clubApi<Page<PointEntry>>('/api/club/activity', { query: { page, perPage: historyPerPage } }),
    enabled: isSignedIn(),
    placeholderData: keepPreviousData,
  });
}

export function usePurchases(page: number, enabled: boolean) {
  return useQuery({
    queryKey: clubKeys.purchases(page),
    queryFn: () => clubApi<Page<CustomerSale>>('/api/club/purchases', { query: { page, perPage: historyPerPage } }),
    enabled: enabled && isSignedIn(),
    placeholderData: keepPreviousData,
  });
}

/** Deletes the account for good (the server pseudonymises it), then forgets the session here. */
export function useDeleteAccount() {
  const forget = useForgetSession();
  return useMutation({
    mutationFn: async (body: { password: string }) => {
      await clubApi('/api/club/me/delete', { method: 'POST', body });
    },
    onSuccess: forget,
  });
}

/** GDPR: everything the club keeps about the customer, as the JSON file the server builds. */
export async function fetchMyData(): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch('/api/club/export', { headers: client.baseHeaders() });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  if (!response.ok) {
    throw apiErrorOf(response.status, await response.json().catch(() => null), response.headers.get('retry-after'));
  }
  const fileName = downloadFileName(response.headers.get('content-disposition'), 'bottega-club.json');
  return { blob: await response.blob(), fileName };
}

// ——— The codes sent: where to, and from when another may be asked for, kept for this visit ———

export type OtpSentRecord = { sentTo: string; resendAt: string };
const otpKey = 'bottega.club.otp';

export function readOtpSent(): Partial<Record<OtpChannel, OtpSentRecord>> {
  try {
    return JSON.parse(sessionStorage.getItem(otpKey) ?? '{}') as Partial<Record<OtpChannel, OtpSentRecord>>;
  } catch {
    return {};
  }
}

export function rememberOtpSent(channel: OtpChannel, record: OtpSentRecord): void {
  try {
    sessionStorage.setItem(otpKey, JSON.stringify({ ...readOtpSent(), [channel]: record }));
  } catch {
    // No storage: the page shows "send the code" instead of the countdown.
  }
}

export function forgetOtpSent(): void {
  try {
    sessionStorage.removeItem(otpKey);
  } catch {
    // Nothing kept.
  }
}

// ——— The card, kept on the phone so it can be shown at the till without a network ———

export type RememberedCard = { cardNumber: string; firstName: string };
const cardKey = 'bottega.club.card';

function rememberCard(profile: ClubProfile): void {
  try {
    localStorage.setItem(cardKey, JSON.stringify({ cardNumber: profile.cardNumber, firstName: profile.firstName }));
  } catch {
    // No storage: the card shows only online.
  }
}

export function rememberedCard(): RememberedCard | null {
  try {
    const card = JSON.parse(localStorage.getItem(cardKey) ?? 'null') as RememberedCard | null;
    return card && typeof card.cardNumber === 'string' ? card : null;
  } catch {
    return null;
  }
}

export function forgetCard(): void {
  try {
    localStorage.removeItem(cardKey);
  } catch {
    // Nothing kept.
  }
}
