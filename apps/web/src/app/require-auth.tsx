// Guards /app (spec §2, §4): no token → the login page (which brings the user back afterwards; a cash
// report's edit page is named by its report id); an expired session → the login page saying so; a user
// that fails to load otherwise → the token is removed and the page reloads; a user with shops but none chosen → back to the shop choice; a registration still pending →
// the registration page.
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSessionExpired, useAuthUser, useSelectableShops } from '../features/auth/auth.api';
import { signInPathFor } from '../features/auth/sign-in-redirect';
import { RegistrationGate } from '../features/profile/components/registration-gate';
import { authToken } from '../lib/api-client';
import { FullPageLoader } from '../ui/full-page-loader';
import { StatusPage } from '../ui/status-page';
import { type AppRoute, mayOpen } from './app-route';

export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const hasToken = authToken.get() !== null;
  const user = useAuthUser();
  const needsShop = user.data !== undefined && user.data.shop === null;
  const shops = useSelectableShops(needsShop);
  const failed = user.isError;

  useEffect(() => {
    // An expired session is taken to the sign-in page by the query cache (providers.tsx).
    if (failed && !isSessionExpired(user.error)) {
      authToken.clear();
      window.location.reload();
    }
  }, [failed, user.error]);

  const signIn = signInPathFor(location);
  if (!hasToken) return <Navigate to={signIn} replace />;
  if (!user.data || (needsShop && !shops.data)) return <FullPageLoader />;
  if (needsShop && (shops.data?.length ?? 0) > 0) return <Navigate to={signIn} replace />;
  return <RegistrationGate>{children}</RegistrationGate>;
}

export function RequireAbility({ ability, children }: { ability: AppRoute['ability']; children: ReactNode }) {
  const user = useAuthUser();
  if (!mayOpen(ability, new Set(user.data?.can))) return <StatusPage status={403} />;
  return children;
}
