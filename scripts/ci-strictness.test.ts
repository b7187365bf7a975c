// Under CI a focused test (.only) or a journey that passed only on its retry fails the run (issue 16).
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('CI strictness', () => {
  it('makes Playwright refuse .only and fail on flaky journeys under CI', async () => {
    vi.stubEnv('CI', 'true');
    vi.stubEnv('E2E_DATA_DIR', 'test-results/e2e-data');
    const { default: config } = await import('../playwright.config');
    expect(config.forbidOnly).toBe(true);
    expect(config.failOnFlakyTests).toBe(true);
  });

  it('makes Vitest refuse .only under CI', async () => {
    vi.stubEnv('CI', 'true');
    const { default: config } = await import('../vitest.config');
    expect(config.test?.allowOnly).toBe(false);
  });

  it('leaves .only usable on a developer machine', async () => {
    vi.stubEnv('CI', '');
    vi.stubEnv('E2E_DATA_DIR', 'test-results/e2e-data');
    const { default: playwright } = await import('../playwright.config');
    const { default: vitest } = await import('../vitest.config');
    expect(playwright.forbidOnly).toBe(false);
    expect(playwright.failOnFlakyTests).toBe(false);
    expect(vitest.test?.allowOnly).toBe(true);
  });
});
