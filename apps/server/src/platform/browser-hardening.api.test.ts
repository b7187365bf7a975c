// The headers browsers are told to enforce: on the app's page, on API answers, behind https, on the API reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signIn, type TestApp } from '../../test/harness';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | number | string[] | undefined): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...values] = directive.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());

describe('browser hardening', () => {
  it('gives the app page a strict policy whose style nonce is the one in its meta tag', async () => {
    const page = await test.app.inject({ url: '/app/shops' });
    expect(page.statusCode).toBe(200);
    const nonce = /<meta name="csp-nonce" content="([0-9a-f]{32})">/.exec(page.body)?.[1];
    expect(nonce).toBeDefined();
    expect(directives(page.headers['content-security-policy'])).toEqual({
      'default-src': "'self'",
      // Scripts from our files only: no nonce, no inline script.
      'script-src': "'self'",
      'style-src': `'self' 'nonce-${nonce}'`,
      'img-src': "'self' data: blob:",
      'media-src': "'self' blob:",
      'font-src': "'self' data:",
      'connect-src': "'self' ws://localhost:3000",
      'frame-src': "'self' blob:",
      'worker-src': "'self' blob:",
      'manifest-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    // Over plain http there is no HSTS.
    expect(page.headers['strict-transport-security']).toBeUndefined();
    // A new nonce on every answer.
    const again = await test.app.inject({ url: '/' });
    expect(again.body).not.toContain(nonce);
  });

  it('answers the API with no-store and the same protections, leaving deliberately cached files alone', async () => {
    const token = await signIn(test.app, 'admin');
    for (const url of ['/api/settings', '/api/auth/user', '/api/no-such-route']) {
      const answer = await api(test.app, { url, token });
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      // The page's policy without its nonce: an answer of the API carries no style of its own.
      expect(directives(answer.headers['content-security-policy'])['style-src'], url).toBe("'self'");
    }
    const asset = await test.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the API reference under a policy of its own that still lets it run', async () => {
    const docs = await test.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const policy = directives(docs.headers['content-security-policy']);
    expect(policy['script-src']).toBe("'self'");
    expect(policy['style-src']).toBe("'self' 'unsafe-inline'");
    expect(policy['frame-ancestors']).toBe("'none'");
    // Its scripts are files under the same prefix, which the policy allows.
    const scripts = [...docs.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(docs.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    const bundle = await test.app.inject({ url: `/api/docs/${scripts[0]?.replace(/^\.\//, '')}` });
    expect(bundle.statusCode).toBe(200);
  });

  describe('behind https', () => {
    // Its own app, started in a hook (which may take longer than a test on a busy machine).
    let secure: TestApp;
    beforeAll(async () => {
      secure = await createTestApp({ PUBLIC_URL: 'https://bottega.example.com' });
    });
    afterAll(() => secure?.close());

    it('sends HSTS and upgrades requests when the app is reached over https', async () => {
      const page = await secure.app.inject({ url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const policy = directives(page.headers['content-security-policy']);
      expect(policy['connect-src']).toBe("'self' wss://bottega.example.com");
      expect(policy).toHaveProperty('upgrade-insecure-requests', '');
      const answer = await secure.app.inject({ url: '/api/settings' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  });
});
