// The club's service worker (public/club/sw.js, scope /club/): it keeps the app's files for an offline start and
// never keeps an API answer. Only in a build: in development Vite serves fresh modules that must not be cached.

export function registerClubServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/club/sw.js', { scope: '/club/' }).catch(() => {
      // No offline start (a private window, a browser without it): the app works the same online.
    });
  };
  // After the first screen has what it needs: the worker's own fetches do not compete with it.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
