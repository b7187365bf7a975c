// Security cameras (issue 26): the choices (shops, categories), the cameras a page at a time, one camera saved,
// deleted, its password read back (audited) and its connection tested; the viewer's tiles and pictures; the
// categories; the viewing log and its CSV. Saving a camera or a category refreshes every camera query.
import type {
  Camera,
  CameraBody,
  CameraCategory,
  CameraCategoryBody,
  CameraListQuery,
  CameraOptions,
  CameraTestAnswer,
  CameraTestBody,
  CameraTile,
  CameraViewing,
  CameraViewingQuery,
} from '@bottega/contracts/cameras';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { fetchCameraSnapshot } from './camera-stream';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

export const camerasKey = ['cameras'] as const;

/** The shops the person may see cameras of, and the categories. */
export function useCameraOptions(enabled = true) {
  return useQuery({
    queryKey: [...camerasKey, 'options'],
    queryFn: async () => (await api<{ data: CameraOptions }>('/api/cameras/options')).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useCameras(query: CameraListQuery, enabled = true) {
  return useQuery({
    queryKey: [...camerasKey, 'list', query],
    queryFn: () => api<Page<Camera>>('/api/cameras', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCamera(id: number | null) {
  return useQuery({
    queryKey: [...camerasKey, 'camera', id],
    queryFn: async () => (await api<{ data: Camera }>(`/api/cameras/${id}`)).data,
    enabled: id !== null,
  });
}

function useInvalidateCameras() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: camerasKey });
}

export function useSaveCamera(id: number | null) {
  const invalidate = useInvalidateCameras();
  return useMutation({
    mutationFn: async (body: CameraBody) =>
      (
        await api<{ data: Camera }>(id === null ? '/api/cameras' : `/api/cameras/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteCamera() {
  const invalidate = useInvalidateCameras();
  return useMutation({
    mutationFn: (id: number) => api(`/api/cameras/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Reading a camera's password is a deliberate, audited act: a mutation, never cached. */
export function useRevealCameraPassword(id: number) {
  return useMutation({
    mutationFn: async () =>
      (
        await api<{ data: { password: string | null } }>(`/api/cameras/${id}/password/reveal`, {
          method: 'POST',
        })
      ).data.password,
  });
}

/** Asks the camera with the values being typed; what it answered is the outcome, not a failure of the call. */
export function useTestCamera() {
  return useMutation({
    mutationFn: async (body: CameraTestBody) =>
      (await api<{ data: CameraTestAnswer }>('/api/cameras/test', { method: 'POST', body })).data,
  });
}

// ——— The viewer ———

export type CameraTileQuery = Omit<CameraListQuery, 'state'>;

/** The cameras the person may watch. */
export function useCameraTiles(query: CameraTileQuery, enabled = true) {
  return useQuery({
    queryKey: [...camerasKey, 'viewer', query],
    queryFn: () => api<Page<CameraTile>>('/api/cameras/viewer', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The camera's picture, asked again every `refreshMs` while `active` (the tile on screen, the tab visible), and on a
 * failure too: a camera that did not answer is asked again at the same rhythm, never in a quick retry.
 */
export function useCameraSnapshot(cameraId: number, active: boolean, refreshMs: number) {
  return useQuery({
    queryKey: [...camerasKey, 'snapshot', cameraId],
    queryFn: ({ signal }) => fetchCameraSnapshot(cameraId, signal),
    enabled: active,
    refetchInterval: active ? refreshMs : false,
    refetchIntervalInBackground: false,
    retry: false,
    // Pictures are big and old at once: nothing kept once no tile shows the camera.
    gcTime: 0,
  });
}

// ——— Categories ———

const categoriesKey = [...camerasKey, 'categories'] as const;

export function useCameraCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async () => (await api<{ data: CameraCategory[] }>('/api/camera-categories')).data,
  });
}

export function useSaveCameraCategory(id: number | null) {
  const invalidate = useInvalidateCameras();
  return useMutation({
    mutationFn: async (body: CameraCategoryBody) =>
      (
        await api<{ data: CameraCategory }>(id === null ? '/api/camera-categories' : `/api/camera-categories/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteCameraCategory() {
  const invalidate = useInvalidateCameras();
  return useMutation({
    mutationFn: (id: number) => api(`/api/camera-categories/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

// ——— The viewing log ———

export function useCameraViewings(query: CameraViewingQuery) {
  return useQuery({
    queryKey: [...camerasKey, 'viewings', query],
    queryFn: () => api<Page<CameraViewing>>('/api/camera-viewings', { query }),
    placeholderData: keepPreviousData,
  });
}

/** The viewings the filters select, as the CSV the server writes. */
export async function downloadCameraViewings(
  filters: Omit<CameraViewingQuery, 'page' | 'perPage'>,
  fileName: string,
): Promise<void> {
  const query = new URLSearchParams(
    Object.entries(filters).flatMap(([key, value]) =>
      value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
    ),
  );
  saveBlobAs(await fetchBlob(`/api/camera-viewings/export?${query}`), fileName);
}
