// Bottega Club's service worker (scope /club/, registered by src/club/service-worker-registration.ts). It keeps the
// app's shell (club.html as the server answered it) and its files, so the installed club starts without a network.
// It never answers or keeps an API call (/api/…): those hold personal data and must come fresh from the server.
// Screens are network first (a fresh page, fresh CSRF token), the shell kept only for when there is no network;
// Vite's content-hashed files (/assets/…) never change, so they are served from the cache once kept.

const version = 1;
const shellCache = `bottega-club-shell-v${version}`;
const fileCache = `bottega-club-files-v${version}`;
const shellUrl = '/club/';
/** The club's own files beside the hashed ones: the manifest, its icons and the colour-scheme boot. */
const staticFiles = [
  '/club/manifest.webmanifest',
  '/club/icon.svg',
  '/club/icon-192.png',
  '/club/icon-512.png',
  '/color-scheme.js',
];
/** Old hashed files pile up with each release: past this many, the oldest go. */
const maxFiles = 150;

function isApi(url) {
  return url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io');
}

/** The hashed files a page loads up front (its scripts, module preloads and stylesheets). */
function firstLoadFiles(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const url = /\s(?:src|href)\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (url?.startsWith('/assets/') && !files.includes(url)) files.push(url);
  }
  return files;
}

/** Keeps the shell and fetches what it loads up front that is not kept yet. */
async function keepShell(response) {
  const html = await response.clone().text();
  const shell = await caches.open(shellCache);
  await shell.put(shellUrl, response);
  const files = await caches.open(fileCache);
  const wanted = firstLoadFiles(html);
  await Promise.all(
    wanted.map(async (url) => {
      if (await files.match(url)) return;
      const file = await fetch(url, { credentials: 'same-origin' });
      if (file.ok) await files.put(url, file);
    }),
  );
  await trimFiles(new Set(wanted));
}

async function trimFiles(keep) {
  const files = await caches.open(fileCache);
  const keys = await files.keys();
  let excess = keys.length - maxFiles;
  for (const request of keys) {
    if (excess <= 0) break;
    const path = new URL(request.url).pathname;
    if (keep.has(path) || staticFiles.includes(path)) continue;
    await files.delete(request);
    excess--;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(shellUrl, { cache: 'no-store', credentials: 'same-origin' });
      if (response.ok) await keepShell(response);
      const files = await caches.open(fileCache);
      await files.addAll(staticFiles).catch(() => undefined);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = [shellCache, fileCache];
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('bottega-club-') && !current.includes(name))
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/** A club screen: the network's page (kept for later), else the kept shell when offline. */
async function screen(event) {
  try {
    const response = await fetch(event.request);
    const isPage =
      response.ok && response.type === 'basic' && (response.headers.get('content-type') ?? '').includes('text/html');
    if (isPage) event.waitUntil(keepShell(response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const kept = await caches.match(shellUrl, { cacheName: shellCache });
    if (kept) return kept;
    throw error;
  }
}

/** A hashed file: kept for good once fetched. */
async function hashedFile(request) {
  const files = await caches.open(fileCache);
  const kept = await files.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await files.put(request, response.clone());
  return response;
}

/** One of the club's own files: the network's when there is one (kept), else the kept one. */
async function ownFile(request) {
  const files = await caches.open(fileCache);
  try {
    const response = await fetch(request);
    if (response.ok) await files.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await files.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Another site's file, or the API: the browser's own fetch, never kept here.
  if (url.origin !== self.location.origin || isApi(url)) return;
  if (request.mode === 'navigate') {
    if (url.pathname === '/club' || url.pathname.startsWith('/club/')) event.respondWith(screen(event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(hashedFile(request));
    return;
  }
  if (staticFiles.includes(url.pathname)) event.respondWith(ownFile(request));
});
