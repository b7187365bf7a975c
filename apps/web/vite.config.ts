import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The loyalty club's screens (/club, /club/card …) are club.html, as the server answers them in production; its
 * files (/club/sw.js, /club/manifest.webmanifest, icons) stay files. Vite would answer index.html instead.
 */
function clubPages(): Plugin {
  const rewrite = (request: IncomingMessage, _response: ServerResponse, next: () => void) => {
    const [pathname = ''] = (request.url ?? '').split('?');
    if (request.method === 'GET' && /^\/club(\/|$)/.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname)) {
      request.url = '/club.html';
    }
    next();
  };
  return {
    name: 'bottega-club-pages',
    configureServer: (server) => {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(rewrite);
    },
  };
}

// In development the API runs on :3000 (npm run dev -w @bottega/server); Vite proxies to it.
// Two entries: the staff app (index.html) and the customers' loyalty club (club.html), each with its own first load.
export default defineConfig({
  plugins: [react(), clubPages()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        club: path.resolve(import.meta.dirname, 'club.html'),
      },
    },
  },
});
