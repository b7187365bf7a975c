// History-mode routing (spec §2): the login at `/`, everything else under `/app` behind sign-in.
// Only the login page comes with the first load (issue 16's budget): the password-reset pages and the
// signed-in app (its frame, menu and screens, app/signed-in-app.tsx) are fetched when first shown.
import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { lazyScreen } from '../lib/lazy-component';

export const router = createBrowserRouter([
  { path: '/', element: <LoginPage /> },
  // The links mailed to a person (spec §8: reset, invitation, new address) need no sign-in, like the login.
  {
    path: '/forgot-password',
    element: lazyScreen(() =>
      import('../features/auth/pages/forgot-password-page').then((module) => module.ForgotPasswordPage),
    ),
  },
  {
    path: '/reset-password',
    element: lazyScreen(() =>
      import('../features/auth/pages/reset-password-page').then((module) => module.ResetPasswordPage),
    ),
  },
  {
    path: '/set-password',
    element: lazyScreen(() =>
      import('../features/auth/pages/reset-password-page').then((module) => module.SetPasswordPage),
    ),
  },
  {
    path: '/confirm-email',
    element: lazyScreen(() =>
      import('../features/auth/pages/confirm-email-page').then((module) => module.ConfirmEmailPage),
    ),
  },
  { path: '*', element: lazyScreen(() => import('./signed-in-app').then((module) => module.SignedInApp)) },
]);
