// The signed-in person's own data: profile, registration, password, language and avatar.
import type { Language } from '@bottega/contracts/common';
import type { PasswordChangeBody, Profile, ProfileUpdateBody, RegistrationBody } from '@bottega/contracts/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, apiErrorOf, authToken, baseHeaders } from '../../lib/api-client';
import { changeLanguage } from '../../lib/i18n';
import { authUserKey } from '../auth/auth.api';

export const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: async () => (await api<{ data: Profile }>('/api/profile')).data,
    enabled: authToken.get() !== null,
    staleTime: 60_000,
  });
}

/** A saved profile replaces the cached one; the navbar's name and picture come from api/auth/user. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileKey, profile);
    void queryClient.invalidateQueries({ queryKey: authUserKey });
  };
}

export function useUpdateProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async (body: ProfileUpdateBody) =>
      (await api<{ data: Profile }>('/api/profile', { method: 'PUT', body })).data,
    onSuccess: saved,
  });
}

export function useCompleteRegistration() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async (body: RegistrationBody) =>
      (await api<{ data: Profile }>('/api/profile/registration', { method: 'POST', body })).data,
    onSuccess: saved,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: PasswordChangeBody) =>
      (await api<{ data: { revokedSessions: number } }>('/api/profile/password', { method: 'PUT', body })).data,
  });
}

/** api() speaks JSON; an upload is multipart, with the same headers and the same errors. */
async function uploadFile(path: string, file: File): Promise<Profile> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: baseHeaders(), body: form });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw apiErrorOf(response.status, body, response.headers.get('retry-after'));
  return (body as { data: Profile }).data;
}

export function useUploadAvatar() {
  const saved = useProfileSaved();
  return useMutation({ mutationFn: (file: File) => uploadFile('/api/profile/avatar', file), onSuccess: saved });
}

export function useRemoveAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: async () => (await api<{ data: Profile }>('/api/profile/avatar', { method: 'DELETE' })).data,
    onSuccess: saved,
  });
}

/**
 * Switches the screen at once (and local storage), then keeps the choice on the user (users.lng).
 * Answers whether the server kept it; the screen's language changes either way.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return async (lng: Language): Promise<boolean> => {
    await changeLanguage(lng);
    if (authToken.get() === null) return false;
    try {
      await api('/api/profile/language', { method: 'PUT', body: { lng } });
    } catch {
      return false;
    }
    void queryClient.invalidateQueries({ queryKey: authUserKey });
    void queryClient.invalidateQueries({ queryKey: profileKey });
    return true;
  };
}

// An <img> cannot send the bearer header, so a picture is fetched with it and shown through an object
// URL. One per picture URL, shared by every place that shows it; its URL changes with every new
// picture (?v=…), so when a newer one of the same user is loaded the older object URL is released.
const pictures = new Map<string, Promise<string>>();

function loadPicture(url: string): Promise<string> {
  const cached = pictures.get(url);
  if (cached) return cached;
  const path = url.split('?')[0];
  for (const [other, picture] of pictures) {
    if (other.split('?')[0] === path) {
      pictures.delete(other);
      void picture.then((objectUrl) => URL.revokeObjectURL(objectUrl)).catch(() => undefined);
    }
  }
  const picture = fetch(url, { headers: { ...baseHeaders(), Accept: 'image/*' } })
    .then((response) => {
      if (!response.ok) throw new Error(`avatar answered ${response.status}`);
      return response.blob();
    })
    .then((blob) => URL.createObjectURL(blob));
  picture.catch(() => pictures.delete(url));
  pictures.set(url, picture);
  return picture;
}

/** The object URL of an avatar URL from the server, once loaded; null without a picture or while loading. */
export function useAvatarSource(url: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ url: string; source: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    loadPicture(url)
      .then((source) => {
        if (current) setLoaded({ url, source });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url]);
  return url && loaded?.url === url ? loaded.source : null;
}
