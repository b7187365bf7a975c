// Theme (dark mode persisted), direction (Arabic is right-to-left), data fetching, toasts, and the
// server's translation overrides merged over the bundled catalogs.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Language } from '@bottega/contracts/common';
import {
  createTheme,
  DirectionProvider,
  localStorageColorSchemeManager,
  MantineProvider,
  useDirection,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { authUserKey } from '../features/auth/auth.api';
import { ApiError, api } from '../lib/api-client';
import { currentLanguage, isRightToLeft, mergeOverrides } from '../lib/i18n';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'bottega.color-scheme' });

/** A 403 means the user's abilities changed under them: reload them so menu and routes follow at once. */
function refreshAbilitiesOnForbidden(error: unknown) {
  if (error instanceof ApiError && error.code === 'forbidden') {
    void queryClient.invalidateQueries({ queryKey: authUserKey });
  }
}

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: refreshAbilitiesOnForbidden }),
  mutationCache: new MutationCache({ onError: refreshAbilitiesOnForbidden }),
  defaultOptions: {
    queries: {
      // A refused or missing answer will not change by asking again.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

function LanguageEffects() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const lng = currentLanguage();
  useEffect(() => {
    setDirection(isRightToLeft(lng) ? 'rtl' : 'ltr');
  }, [lng, setDirection]);
  const overrides = useQuery({
    queryKey: ['language-overrides', lng],
    queryFn: async () =>
      (await api<{ data: Record<string, string> }>('/api/language/variable', { query: { lng } })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (overrides.data) mergeOverrides(i18n.language as Language, overrides.data);
  }, [overrides.data, i18n.language]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={isRightToLeft(currentLanguage()) ? 'rtl' : 'ltr'} detectDirection={false}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <LanguageEffects />
          <Notifications position="top-right" />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
