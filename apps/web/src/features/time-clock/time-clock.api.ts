// The session's shop's time clock (GET /api/time-clock), a punch sent with its presence proof, and a punch's time
// set right. The list follows every punch of the shop live (the shop's realtime channel), and is read again when
// the tablet comes back to the screen and once a minute, should a push be missed.
import { shopChannel } from '@bottega/contracts/notifications';
import { type PunchStep, type TimeClock, type TimeClockPerson, timeClockChangedEvent } from '@bottega/contracts/shifts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { connectRealtime } from '../../lib/realtime';
import type { PresenceProof } from '../auth/auth.api';

export const timeClockKeys = { all: ['time-clock'] as const, shop: (shopId: number) => ['time-clock', shopId] };

/** A minute: the lateness shown moves by minutes, and a missed push is caught up with by then. */
const refreshMs = 60_000;

export function useTimeClock(shopId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shopId === null) return;
    return connectRealtime([shopChannel(shopId)], {
      [timeClockChangedEvent]: () => void queryClient.invalidateQueries({ queryKey: timeClockKeys.shop(shopId) }),
    });
  }, [shopId, queryClient]);
  return useQuery({
    queryKey: timeClockKeys.shop(shopId ?? 0),
    queryFn: async () => (await api<{ data: TimeClock }>('/api/time-clock')).data,
    enabled: shopId !== null,
    refetchInterval: refreshMs,
    refetchOnWindowFocus: 'always',
  });
}

/** Punches a step for the person the proof confirms: sent as the presence check's submit (one request). */
export function punchWith(step: PunchStep) {
  return async (presence: PresenceProof): Promise<TimeClockPerson> =>
    (
      await api<{ data: TimeClockPerson }>('/api/time-clock/punches', {
        method: 'POST',
        body: { step, presence },
      })
    ).data;
}

/** The list after a punch: the person as the server answered, the rest read again. */
export function usePunched(shopId: number | null) {
  const queryClient = useQueryClient();
  return (person: TimeClockPerson) => {
    queryClient.setQueryData<TimeClock>(timeClockKeys.shop(shopId ?? 0), (clock) =>
      clock
        ? { ...clock, people: clock.people.map((entry) => (entry.userId === person.userId ? person : entry)) }
        : clock,
    );
    void queryClient.invalidateQueries({ queryKey: timeClockKeys.all });
  };
}

export function useRectifyPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ punchId, at, reason }: { punchId: number; at: string; reason: string }) =>
      (
        await api<{ data: unknown }>(`/api/shift-punches/${punchId}/rectification`, {
          method: 'POST',
          body: { at, reason },
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeClockKeys.all }),
  });
}
