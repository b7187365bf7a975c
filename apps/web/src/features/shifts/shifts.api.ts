// Shift planning's calls: a shop's templates, a shop's week (read, saved, moved, rectified, proposed), every shop's
// weeks for one week, and the person's own weeks to validate.
import type {
  AvailabilityDay,
  OwnAvailability,
  OwnShiftWeek,
  ShiftTemplate,
  ShiftWeek,
  ShiftWeekAction,
  ShiftWeekBody,
  ShiftWeekOverview,
  shiftTemplateBodySchema,
} from '@bottega/contracts/shifts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { dashboardKey } from '../dashboard/dashboard.api';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };
export type ShiftTemplateBody = z.input<typeof shiftTemplateBodySchema>;

export const shiftKeys = {
  all: ['shifts'] as const,
  templates: (shopId: number) => [...shiftKeys.all, 'templates', shopId] as const,
  template: (id: number) => [...shiftKeys.all, 'template', id] as const,
  week: (shopId: number, week: string) => [...shiftKeys.all, 'week', shopId, week] as const,
  overview: ['shifts', 'overview'] as const,
  own: ['shifts', 'own'] as const,
  availability: (week: string) => ['shifts', 'availability', week] as const,
};

export function useShiftTemplates(shopId: number | null) {
  return useQuery({
    queryKey: shiftKeys.templates(shopId ?? 0),
    queryFn: async () => (await api<{ data: ShiftTemplate[] }>(`/api/shops/${shopId}/shift-templates`)).data,
    enabled: shopId !== null,
  });
}

export function useShiftTemplate(id: number | null) {
  return useQuery({
    queryKey: shiftKeys.template(id ?? 0),
    queryFn: async () => (await api<{ data: ShiftTemplate }>(`/api/shift-templates/${id}`)).data,
    enabled: id !== null,
  });
}

/** Creates a template in the shop, or saves the one named. */
export function useSaveShiftTemplate(shopId: number, id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShiftTemplateBody) =>
      (
        await api<{ data: ShiftTemplate }>(id ? `/api/shift-templates/${id}` : `/api/shops/${shopId}/shift-templates`, {
          method: id ? 'PUT' : 'POST',
          body,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
  });
}

export function useDeleteShiftTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/shift-templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
  });
}

export function useShiftWeek(shopId: number | null, week: string) {
  return useQuery({
    queryKey: shiftKeys.week(shopId ?? 0, week),
    queryFn: async () => (await api<{ data: ShiftWeek }>(`/api/shops/${shopId}/shift-weeks/${week}`)).data,
    enabled: shopId !== null,
  });
}

/** After any change of a week its answer is the week as it now is: kept, and the overviews refreshed. */
function useWeekMutation<T>(shopId: number, week: string, call: (body: T) => Promise<ShiftWeek>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(shiftKeys.week(shopId, week), saved);
      void queryClient.invalidateQueries({ queryKey: shiftKeys.overview });
    },
    // A refusal (moved meanwhile, convalidated by someone else) means the week changed: show it as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: shiftKeys.week(shopId, week) }),
  });
}

export function useSaveShiftWeek(shopId: number, week: string) {
  return useWeekMutation(shopId, week, async (body: ShiftWeekBody) => {
    return (await api<{ data: ShiftWeek }>(`/api/shops/${shopId}/shift-weeks/${week}`, { method: 'PUT', body })).data;
  });
}

export function useRectifyShiftWeek(shopId: number, week: string) {
  return useWeekMutation(shopId, week, async (body: ShiftWeekBody & { reason: string }) => {
    const path = `/api/shops/${shopId}/shift-weeks/${week}/rectification`;
    return (await api<{ data: ShiftWeek }>(path, { method: 'PUT', body })).data;
  });
}

export function useMoveShiftWeek(shopId: number, week: string) {
  return useWeekMutation(shopId, week, async (action: ShiftWeekAction) => {
    const path = `/api/shops/${shopId}/shift-weeks/${week}/${action}`;
    return (await api<{ data: ShiftWeek }>(path, { method: 'POST' })).data;
  });
}

/** A filled grid to start from (nothing saved): the week before, or each person's template. */
export function useShiftWeekProposal(shopId: number, week: string) {
  return useMutation({
    mutationFn: async (from: 'previousWeek' | 'templates') =>
      (
        await api<{ data: ShiftWeekBody }>(`/api/shops/${shopId}/shift-weeks/${week}/proposal`, {
          query: { from },
        })
      ).data,
  });
}

export function useShiftWeeksOverview(week: string, page: number, perPage: number) {
  return useQuery({
    queryKey: [...shiftKeys.overview, week, page, perPage],
    queryFn: () => api<Page<ShiftWeekOverview>>('/api/shift-weeks/overview', { query: { week, page, perPage } }),
    placeholderData: keepPreviousData,
  });
}

export function useOwnShiftWeeks(enabled = true) {
  return useQuery({
    queryKey: shiftKeys.own,
    queryFn: async () => (await api<{ data: OwnShiftWeek[] }>('/api/me/shift-weeks')).data,
    enabled,
  });
}

export function useValidateOwnShiftWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (weekId: number) =>
      (await api<{ data: OwnShiftWeek }>(`/api/me/shift-weeks/${weekId}/validate`, { method: 'POST' })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shiftKeys.own });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}

export function useOwnAvailability(week: string, enabled = true) {
  return useQuery({
    queryKey: shiftKeys.availability(week),
    queryFn: async () => (await api<{ data: OwnAvailability }>(`/api/me/shift-availability/${week}`)).data,
    enabled,
  });
}

export function useSaveOwnAvailability(week: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (days: AvailabilityDay[]) =>
      (await api<{ data: OwnAvailability }>(`/api/me/shift-availability/${week}`, { method: 'PUT', body: { days } }))
        .data,
    onSuccess: (saved) => {
      queryClient.setQueryData(shiftKeys.availability(week), saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}
