// Everything behind sign-in: `/app` and its screens inside the app's frame, any other address a 404 in
// the same frame. Fetched by the router only once needed, so the sign-in page does not carry the screens'
// list, the menu and their icons.
import { Route, Routes } from 'react-router';
import { lazyScreen } from '../lib/lazy-component';
import { StatusPage } from '../ui/status-page';
import { AppLayout } from './app-layout';
import { routeTitle } from './app-route';
import { PageTitle } from './page-title';
import { RequireAbility, RequireAuth } from './require-auth';
import { appRoutes } from './routes';

const screens = appRoutes.map((route) => {
  const element = (
    <>
      <PageTitle title={routeTitle(route)} />
      <RequireAbility ability={route.ability}>
        {lazyScreen(() => route.load().then((module) => module.default))}
      </RequireAbility>
    </>
  );
  return route.path === '' ? (
    <Route key="" index element={element} />
  ) : (
    <Route key={route.path} path={route.path} element={element} />
  );
});

const notFound = (
  <>
    <PageTitle title="common:status.404.title" />
    <StatusPage status={404} />
  </>
);

export function SignedInApp() {
  return (
    <RequireAuth>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="app">
            {screens}
            <Route path="*" element={notFound} />
          </Route>
          <Route path="*" element={notFound} />
        </Route>
      </Routes>
    </RequireAuth>
  );
}
