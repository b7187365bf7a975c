// What browsers are told to enforce on every answer (OWASP Secure Headers): a strict Content-Security-Policy,
// no framing, no MIME sniffing, no referrer, HSTS behind https, and no caching of API answers.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
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

/** Sets the app page's policy on its answer and returns the nonce the page hands to Mantine. */
export type PageSecurityPolicy = (reply: FastifyReply) => string;

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a helmet middleware sets, which depend on its settings alone: it is run once, on a stand-in answer. */
function headersOf(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers are worked out once, at start, and every answer gets them as Fastify's own headers (written with
 * the status line, no setHeader per header). @fastify/helmet rebuilt the whole middleware, parsing every directive,
 * on every request.
 */
export function registerBrowserHardening(app: FastifyInstance, config: Pick<Config, 'publicUrl'>): PageSecurityPolicy {
  const publicUrl = new URL(config.publicUrl);
  const policy = contentSecurityPolicy(publicUrl);
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: policy,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // Only where people reach the app over https: over http a browser ignores it, and it would pin a
      // development host (localhost) to https for a year.
      strictTransportSecurity:
        publicUrl.protocol === 'https:' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // The API is called from our own origin only; the page needs no cross-origin isolation.
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API answers hold personal and business data: never kept by a browser or a shared cache, unless the
  // route chose its caching itself (a versioned avatar, the API reference's static files).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  /**
   * The app page's own policy: the same one, with a fresh nonce for the <style> elements Mantine injects
   * (the page hands it over in its meta tag). Built per page, which is one answer per visit.
   */
  return (reply) => {
    const nonce = randomBytes(16).toString('hex');
    const { directives } = policy;
    reply.headers(
      headersOf(
        helmet.contentSecurityPolicy({
          useDefaults: false,
          directives: { ...directives, styleSrc: [...directives.styleSrc, `'nonce-${nonce}'`] },
        }),
      ),
    );
    return nonce;
  };
}
