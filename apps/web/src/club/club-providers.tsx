// The loyalty club's theme (the staff app's, so colours read at 4.5:1 in light and dark), direction (Arabic is
// right-to-left) and data fetching, with what a refused call means for the customer's session: expired → sign in
// again; not confirmed yet → the codes page.
// The first paint carries only the styles of what the welcome page and the frame draw, in Mantine's own order; the
// whole of Mantine's styles follow with the first lazily loaded screen (lib/lazy-component.tsx), as in the staff app.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import { DirectionProvider, localStorageColorSchemeManager, MantineProvider, useDirection } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '../app/accessibility.css';
import { cssVariablesResolver, themeFor } from '../app/theme';
import { ApiError } from '../lib/api-client';
import { currentLanguage, isRightToLeft } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { clubKeys, clubToken, forgetCard, forgetOtpSent } from './club-api';
import { clubRouter } from './club-router';

// The same key as the staff app and public/color-scheme.js, which applies it before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'bottega.color-scheme' });

/**
 * A session the server no longer knows sends the customer to sign in again, saying so; a customer who has not
 * confirmed both codes yet is taken to them (403 clubNotConfirmed), whatever call found out.
 */
function followSession(error: unknown) {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401 && (error.code === 'unauthenticated' || error.code === 'sessionExpired')) {
    if (!clubToken.get()) return;
    clubToken.clear();
    forgetOtpSent();
    forgetCard();
    queryClient.removeQueries({ queryKey: clubKeys.all });
    void clubRouter.navigate('/sign-in?expired=1', { replace: true });
  } else if (error.code === 'clubNotConfirmed') {
    void queryClient.invalidateQueries({ queryKey: clubKeys.me });
    void clubRouter.navigate('/verify', { replace: true });
  }
}

const queryClient = createQueryClient(followSession);

function DirectionEffect() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the direction follows the language
  useEffect(() => {
    setDirection(isRightToLeft(currentLanguage()) ? 'rtl' : 'ltr');
  }, [i18n.language, setDirection]);
  return null;
}

/** The page's style nonce (set by the server with its Content-Security-Policy), for the <style> elements Mantine adds. */
function styleNonce(): string {
  return document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
}

export function ClubProviders({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme's labels follow the language
  const theme = useMemo(() => themeFor(t), [t, i18n.language]);
  return (
    <DirectionProvider initialDirection={isRightToLeft(currentLanguage()) ? 'rtl' : 'ltr'} detectDirection={false}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        getStyleNonce={styleNonce}
      >
        <QueryClientProvider client={queryClient}>
          <DirectionEffect />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
