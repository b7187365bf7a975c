// What browsers are told to enforce on every answer (OWASP Secure Headers): a strict Content-Security-Policy,
// no framing, no MIME sniffing, no referrer, HSTS behind https, and no caching of API answers.
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Scripts only from our own files (the build has no inline script; the colour-scheme boot is a file of
 * its own). Styles from our files plus the <style> elements Mantine injects (CSS variables, responsive
 * style props), which carry the page's nonce (meta `csp-nonce`, read by MantineProvider's getStyleNonce):
 * no 'unsafe-inline'. Style *attributes* React sets through the DOM, which CSP does not restrict.
 */
function contentSecurityPolicy(publicUrl: URL) {
  const https = publicUrl.protocol === 'https:';
  const socket = `${https ? 'wss' : 'ws'}://${publicUrl.host}`;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // The library's videos and the clips recorded in the browser play from blob: URLs (fetched with the session).
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // Socket.IO: 'self' covers same-origin WebSockets in current browsers, the explicit origin older ones.
      connectSrc: ["'self'", socket],
      // Previews of documents and attachments are blob: URLs (or our own file URLs) in a frame.
      frameSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export async function registerBrowserHardening(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  const publicUrl = new URL(config.publicUrl);
  await app.register(fastifyHelmet, {
    // A fresh nonce per answer (reply.cspNonce); the web page hands the style one to Mantine.
    enableCSPNonces: true,
    contentSecurityPolicy: contentSecurityPolicy(publicUrl),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Only where people reach the app over https: over http a browser ignores it, and it would pin a
    // development host (localhost) to https for a year.
    strictTransportSecurity: publicUrl.protocol === 'https:' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The API is called from our own origin only; the page needs no cross-origin isolation.
    crossOriginEmbedderPolicy: false,
  });
  // API answers hold personal and business data: never kept by a browser or a shared cache, unless the
  // route chose its caching itself (a versioned avatar, the API reference's static files).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
