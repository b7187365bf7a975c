// History-mode routing (spec §2): the login at `/`, everything else under `/app` behind sign-in.
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { StatusPage } from '../ui/status-page';
import { AppLayout } from './app-layout';
import { FullPageLoader, RequireAbility, RequireAuth } from './require-auth';
import { appRoutes } from './routes';

const screens = appRoutes.map((route) => {
  const Screen = lazy(route.load);
  const element = (
    <RequireAbility key={route.path} ability={route.ability}>
      <Suspense fallback={<FullPageLoader />}>
        <Screen />
      </Suspense>
    </RequireAbility>
  );
  return route.path === '' ? { index: true, element } : { path: route.path, element };
});

export const router = createBrowserRouter([
  { path: '/', element: <LoginPage /> },
  // The password reset by email (spec §8) needs no sign-in, like the login.
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    path: '/app',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [...screens, { path: '*', element: <StatusPage status={404} /> }],
  },
  {
    path: '*',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [{ path: '*', element: <StatusPage status={404} /> }],
  },
]);
