// The loyalty club's screens under /club (history mode, basename /club). Only the welcome page comes with the first
// load; every other screen, and the signed-in frame with its bottom navigation, is fetched when first shown.
import { createBrowserRouter, Navigate } from 'react-router';
import { clubScreen } from './components/club-screen';
import { WelcomePage } from './pages/welcome-page';

export const clubRouter = createBrowserRouter(
  [
    { path: '/', element: <WelcomePage /> },
    {
      path: '/register',
      element: clubScreen(() => import('./pages/register-page').then((module) => module.RegisterPage)),
    },
    { path: '/sign-in', element: clubScreen(() => import('./pages/sign-in-page').then((module) => module.SignInPage)) },
    { path: '/forgot', element: clubScreen(() => import('./pages/forgot-page').then((module) => module.ForgotPage)) },
    { path: '/verify', element: clubScreen(() => import('./pages/verify-page').then((module) => module.VerifyPage)) },
    {
      // Signed in and confirmed: the card, the level, the history, invitations and the profile.
      element: clubScreen(() => import('./components/club-shell').then((module) => module.ClubShell)),
      children: [
        { path: '/card', element: clubScreen(() => import('./pages/card-page').then((module) => module.CardPage)) },
        { path: '/level', element: clubScreen(() => import('./pages/level-page').then((module) => module.LevelPage)) },
        {
          path: '/birthday',
          element: clubScreen(() => import('./pages/birthday-page').then((module) => module.BirthdayPage)),
        },
        {
          path: '/invite',
          element: clubScreen(() => import('./pages/invite-page').then((module) => module.InvitePage)),
        },
        {
          path: '/activity',
          element: clubScreen(() => import('./pages/activity-page').then((module) => module.ActivityPage)),
        },
        {
          path: '/profile',
          element: clubScreen(() => import('./pages/profile-page').then((module) => module.ProfilePage)),
        },
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ],
  { basename: '/club' },
);
