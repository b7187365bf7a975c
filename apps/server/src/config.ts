// The only reader of the environment: every setting, its default and its validation.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where people reach the app; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  APP_KEY: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().positive().default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  SEED_DEMO: flag.default(true),
  TRUST_PROXY: flag.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bottega <no-reply@bottega.example>'),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1_048_576),
  FILES_UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1_048_576),
  REGISTRATION_REQUIRED: flag.default(true),
  PROFILE_SELF_EDITABLE: z
    .string()
    .default('phone,address,city,cap,iban,bic,bankName')
    .transform((value) =>
      value
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean),
    ),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().positive().default(60),
  PASSWORD_RESET_THROTTLE_SECONDS: z.coerce.number().int().nonnegative().default(60),
  PASSWORD_RESET_REVEAL_UNKNOWN_EMAIL: flag.default(false),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_MAX_LOCK_MINUTES: z.coerce.number().int().positive().default(1440),
  WEB_DIST: z.string().optional(),
  FOOTER_CORPORATE_URL: z.string().default('https://www.example.com'),
  FOOTER_CUSTOMER_SERVICE_URL: z.string().default('mailto:assistenza@example.com'),
  FOOTER_SHOP_URL: z.string().default('https://shop.example.com'),
  FOOTER_CONTACT_URL: z.string().default('mailto:info@example.com'),
  FISCAL_PRINTER_SIMULATOR: flag.optional(),
  FISCAL_PRINTER_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(8089),
  FISCAL_PRINTER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Runs the business clock as if it were this instant at start (then ticking): demos and journeys on a given day. */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  appKey: string;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  sessionHours: number;
  sessionRememberDays: number;
  bodyLimitBytes: number;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Without it, mails stay in the outbox, readable by developers in the app. */
  smtpUrl: string | undefined;
  mailFrom: string;
  uploadLimitBytes: number;
  /** The largest file the file manager takes (spec §2 "Embedded file manager"). */
  filesUploadLimitBytes: number;
  /** Whether people whose personal and bank data are incomplete must complete them first (spec §4). */
  registrationRequired: boolean;
  /** Employee fields a person may change on their own profile. */
  profileSelfEditable: string[];
  passwordReset: { minutes: number; throttleSeconds: number; revealUnknownEmail: boolean };
  /** Sign-in lockout (spec §8): failures allowed per account and address within the window, and the longest lock. */
  loginThrottle: { maxAttempts: number; windowMinutes: number; maxLockMinutes: number };
  webDist: string;
  footer: { corporate: string; customerService: string; shop: string; contact: string };
  /** Milliseconds the business clock runs ahead of (or behind) the machine's: 0 unless CLOCK_START is set. */
  clockOffsetMs: number;
  fiscalPrinter: {
    /** Whether main.ts starts the simulated Epson RT printer on 127.0.0.1:simulatorPort. */
    simulator: boolean;
    simulatorPort: number;
    /** How long a read of a printer may take. */
    timeoutMs: number;
    /** Set while the simulator runs: every fiscal close is read from it instead of the shop's fiscal printer IP. */
    addressOverride: string | undefined;
  };
};

/** Relative paths are taken from where the user ran npm, not from the workspace folder npm moves into. */
function resolveFromInvocation(value: string, environment: NodeJS.ProcessEnv): string {
  return path.resolve(environment.INIT_CWD ?? process.cwd(), value);
}

/** APP_KEY signs CSRF tokens and channel grants and encrypts reused secrets; kept in DATA_DIR when not given. */
function loadOrCreateAppKey(dataDir: string): string {
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/**
 * The simulator is on by default with the embedded database (demo and development, where the shops' printer
 * addresses are made up) and off with PostgreSQL (production), where invented closes must never reach the books.
 */
function fiscalPrinterSettings(env: z.infer<typeof environmentSchema>): Config['fiscalPrinter'] {
  const simulator = env.FISCAL_PRINTER_SIMULATOR ?? !env.DATABASE_URL;
  return {
    simulator,
    simulatorPort: env.FISCAL_PRINTER_SIMULATOR_PORT,
    timeoutMs: env.FISCAL_PRINTER_TIMEOUT_MS,
    addressOverride: simulator ? `127.0.0.1:${env.FISCAL_PRINTER_SIMULATOR_PORT}` : undefined,
  };
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolveFromInvocation(env.DATA_DIR, environment);
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    appKey: env.APP_KEY ?? loadOrCreateAppKey(dataDir),
    logLevel: env.LOG_LEVEL,
    sessionHours: env.SESSION_HOURS,
    sessionRememberDays: env.SESSION_REMEMBER_DAYS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    filesUploadLimitBytes: env.FILES_UPLOAD_LIMIT_BYTES,
    registrationRequired: env.REGISTRATION_REQUIRED,
    profileSelfEditable: env.PROFILE_SELF_EDITABLE,
    passwordReset: {
      minutes: env.PASSWORD_RESET_MINUTES,
      throttleSeconds: env.PASSWORD_RESET_THROTTLE_SECONDS,
      revealUnknownEmail: env.PASSWORD_RESET_REVEAL_UNKNOWN_EMAIL,
    },
    loginThrottle: {
      maxAttempts: env.LOGIN_MAX_ATTEMPTS,
      windowMinutes: env.LOGIN_WINDOW_MINUTES,
      maxLockMinutes: env.LOGIN_MAX_LOCK_MINUTES,
    },
    webDist: env.WEB_DIST
      ? resolveFromInvocation(env.WEB_DIST, environment)
      : path.join(repositoryRoot, 'apps/web/dist'),
    footer: {
      corporate: env.FOOTER_CORPORATE_URL,
      customerService: env.FOOTER_CUSTOMER_SERVICE_URL,
      shop: env.FOOTER_SHOP_URL,
      contact: env.FOOTER_CONTACT_URL,
    },
    clockOffsetMs: env.CLOCK_START ? Date.parse(env.CLOCK_START) - Date.now() : 0,
    fiscalPrinter: fiscalPrinterSettings(env),
  };
}
