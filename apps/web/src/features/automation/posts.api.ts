// Automation › posts (issue 28): the posts a page at a time and over a calendar's days, their authors, one post with
// how each account took it, saved (draft, schedule or publish now), cancelled, retried or deleted. Every change
// refreshes the post queries and the accounts (which count their published posts).
import type { Post, PostBody, PostCalendarQuery, PostListQuery, PostSummary } from '@bottega/contracts/automation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

export const automationPostsKey = ['automation', 'posts'] as const;

/** How often a post being published is asked again, until every account has answered. */
export const publishingRefreshMs = 3000;

export function usePosts(query: PostListQuery, enabled = true) {
  return useQuery({
    queryKey: [...automationPostsKey, 'list', query],
    queryFn: () => api<Page<PostSummary>>('/api/automation/posts', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePostCalendar(query: PostCalendarQuery, enabled = true) {
  return useQuery({
    queryKey: [...automationPostsKey, 'calendar', query],
    queryFn: async () => (await api<{ data: PostSummary[] }>('/api/automation/posts/calendar', { query })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The people who wrote the posts the person sees: the author filter. */
export function usePostAuthors() {
  return useQuery({
    queryKey: [...automationPostsKey, 'authors'],
    queryFn: async () => (await api<{ data: { id: number; name: string }[] }>('/api/automation/posts/authors')).data,
    staleTime: 60_000,
  });
}

/** One post; asked again every 3 s while it is being published. */
export function usePost(id: number | null) {
  return useQuery({
    queryKey: [...automationPostsKey, 'post', id],
    queryFn: async () => (await api<{ data: Post }>(`/api/automation/posts/${id}`)).data,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'publishing' ? publishingRefreshMs : false),
  });
}

function useAfterPostChange() {
  const queryClient = useQueryClient();
  return (post?: Post) => {
    if (post) queryClient.setQueryData([...automationPostsKey, 'post', post.id], post);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: automationPostsKey }),
      queryClient.invalidateQueries({ queryKey: ['automation', 'accounts'] }),
    ]);
  };
}

/** Saves a new post (id null) or changes one: as a draft, scheduled, or published now. */
export function useSavePost(id: number | null) {
  const after = useAfterPostChange();
  return useMutation({
    mutationFn: async (body: PostBody) =>
      (
        await api<{ data: Post }>(id === null ? '/api/automation/posts' : `/api/automation/posts/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: (post) => after(post),
  });
}

function usePostStep(step: 'cancel' | 'retry') {
  const after = useAfterPostChange();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api<{ data: Post }>(`/api/automation/posts/${id}/${step}`, { method: 'POST' })).data,
    onSuccess: (post) => after(post),
  });
}

/** A scheduled post taken off the schedule. */
export function useCancelPost() {
  return usePostStep('cancel');
}

/** A failed post sent again to the accounts that refused it. */
export function useRetryPost() {
  return usePostStep('retry');
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/automation/posts/${id}`, { method: 'DELETE' }),
    // Everything but the deleted post itself, which its page (being left) would ask for again and find gone.
    onSuccess: (_answer, id) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: automationPostsKey,
          predicate: (query) => !(query.queryKey[2] === 'post' && query.queryKey[3] === id),
        }),
        queryClient.invalidateQueries({ queryKey: ['automation', 'accounts'] }),
      ]),
  });
}
