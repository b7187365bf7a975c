// The signed-in person's Telegram chat (issue 18): its state, a one-time code to link it through the bot, unlinking.
import type { TelegramLink, TelegramLinkCode } from '@bottega/contracts/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const telegramLinkKey = ['profile', 'telegram'] as const;

/** How often the state is asked again while a code waits: the server links the chat within ten seconds of it. */
const waitingPollMs = 3000;

/**
 * The chat and any pending code. While a code waits to be sent to the bot (one shown here until `waitingUntil`, in
 * epoch ms, or one the server knows of) it is asked again every few seconds until the chat is linked: the server's
 * read of the bot makes the link.
 */
export function useTelegramLink(options: { waitingUntil: number | null }) {
  return useQuery({
    queryKey: telegramLinkKey,
    queryFn: async () => (await api<{ data: TelegramLink }>('/api/profile/telegram')).data,
    refetchInterval: (query) => {
      const state = query.state.data;
      if (!state || state.linked) return false;
      const waiting = options.waitingUntil !== null && Date.now() < options.waitingUntil;
      return waiting || state.pendingCodeExpiresAt !== null ? waitingPollMs : false;
    },
  });
}

/** A new code, replacing any earlier one: the answer is the only place it is ever shown. */
export function useIssueTelegramCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api<{ data: TelegramLinkCode }>('/api/profile/telegram/link-code', { method: 'POST' })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: telegramLinkKey }),
  });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api<{ data: TelegramLink }>('/api/profile/telegram', { method: 'DELETE' })).data,
    onSuccess: (state) => queryClient.setQueryData(telegramLinkKey, state),
  });
}
