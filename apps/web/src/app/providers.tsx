// Theme (dark mode persisted), direction (Arabic is right-to-left), data fetching, toasts, and the
// server's translation overrides merged over the bundled catalogs.
// The first paint carries only the styles of what the sign-in page, the loaders and the toasts draw, in
// Mantine's own order; the whole of Mantine's styles follow at once (lib/lazy-component.ts), before any
// lazily loaded screen shows (issue 16's first-load budget).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
import type { Language } from '@bottega/contracts/common';
import { DirectionProvider, localStorageColorSchemeManager, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { authUserKey, signInAgainIfExpired } from '../features/auth/auth.api';
import { ApiError, api } from '../lib/api-client';
import { currentLanguage, isRightToLeft, mergeOverrides } from '../lib/i18n';
import { lazyComponent } from '../lib/lazy-component';
import { createQueryClient } from '../lib/query-client';
import './accessibility.css';
import { cssVariablesResolver, themeFor } from './theme';

// Toasts wait in Mantine's store until their container is in: the sign-in page does not load it up front.
const Toasts = lazyComponent(() => import('./toasts').then((module) => module.Toasts));

const colorSchemeManager = localStorageColorSchemeManager({ key: 'bottega.color-scheme' });

/**
 * An expired session sends the person to sign in again, whatever call found out. A 403 means the user's
 * abilities changed under them: reload them so menu and routes follow at once.
 */
function followSessionChanges(error: unknown) {
  if (signInAgainIfExpired(error)) return;
  if (error instanceof ApiError && error.code === 'forbidden') {
    void queryClient.invalidateQueries({ queryKey: authUserKey });
  }
}

const queryClient = createQueryClient(followSessionChanges);

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

/** The page's style nonce (set by the server with its Content-Security-Policy), for the <style> elements Mantine adds. */
function styleNonce(): string {
  return document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
}

export function Providers({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme's labels follow the language
  const theme = useMemo(() => themeFor(t), [t, i18n.language]);
  return (
    <DirectionProvider initialDirection={isRightToLeft(currentLanguage()) ? 'rtl' : 'ltr'} detectDirection={false}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        getStyleNonce={styleNonce}
      >
        <QueryClientProvider client={queryClient}>
          <LanguageEffects />
          <Suspense>
            <Toasts />
          </Suspense>
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
