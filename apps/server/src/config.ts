// The only reader of the environment: every setting, its default and its validation.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The folder holding the repository's apps: found upwards from this module, which runs from apps/server/src under tsx
 * and from apps/server/dist once compiled.
 */
function findRepositoryRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'apps/server/migrations'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No Bottega repository above ${from}`);
  }
}

export const repositoryRoot = findRepositoryRoot(path.dirname(fileURLToPath(import.meta.url)));

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const namedProxyRanges = ['loopback', 'linklocal', 'uniquelocal'];

/** One trusted proxy: an address, a CIDR range (10.0.0.0/8, fd00::/8) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (namedProxyRanges.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For is believed, or false. `true` is refused rather than read as "any
 * client": then whoever connects directly picks their own address and walks past the per-address lockout.
 */
const trustedProxies = z.string().transform((value, context) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || (entries.length === 1 && ['false', '0', 'no'].includes(entries[0] as string))) {
    return false;
  }
  if (entries.length === 1 && ['true', '1', 'yes'].includes(entries[0] as string)) {
    context.addIssue({
      code: 'custom',
      message:
        'true would believe X-Forwarded-For from any client; list your proxies instead, e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8 (or loopback)',
    });
    return z.NEVER;
  }
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `not an address, CIDR range or loopback/linklocal/uniquelocal: ${invalid.join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
});

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
  /** Idle timeouts: how long an unused session stays open; each use slides them. */
  SESSION_HOURS: z.coerce.number().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().positive().default(30),
  /** Absolute lifetimes from the sign-in, never moved by use. */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  SESSION_REMEMBER_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Demo data and its simulated registers; by default on with the embedded database only (see seedDemo). */
  SEED_DEMO: flag.optional(),
  TRUST_PROXY: trustedProxies.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bottega <no-reply@bottega.example>'),
  MAIL_SECRETS_TO_CONSOLE: flag.optional(),
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
  INVITATION_DAYS: z.coerce.number().int().positive().default(7),
  EMAIL_CONFIRMATION_HOURS: z.coerce.number().int().positive().default(24),
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
  /** The Telegram Bot API (a notification channel): its address, the bot's token and name (for the t.me link). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /**
   * The accounting system's endpoint for a month's journal entries (POST, the CSV of integrations/accounting). Unset,
   * the demo database sends them to its simulator; any other database cannot transmit months until it is set.
   */
  ACCOUNTING_URL: z.url().optional(),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_BOT_USERNAME: z.string().optional(),
  TELEGRAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** A local simulated Bot API for the demo (integrations/telegram/telegram-bot.simulator.ts). */
  TELEGRAM_SIMULATOR: flag.optional(),
  TELEGRAM_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(8090),
  /** How long the server waits for a camera's answer (a picture, a check, a stream's first bytes). */
  CAMERA_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Local simulated cameras for the demo (integrations/cameras/camera.simulator.ts): the demo's cameras point at it. */
  CAMERA_SIMULATOR: flag.optional(),
  CAMERA_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(8091),
  /**
   * The SMS provider's HTTP API (integrations/sms): POST <url>/messages with the key as a bearer token. Unset, the
   * demo database sends to its simulator and any other database cannot send SMS (the club's phone codes).
   */
  SMS_API_URL: z.url().optional(),
  SMS_API_KEY: z.string().optional(),
  /** The sender name shown on the customer's phone (alphanumeric, up to 11 characters). */
  SMS_SENDER: z.string().max(11).default('Bottega'),
  SMS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** A local simulated SMS provider for the demo (integrations/sms/sms-gateway.simulator.ts). */
  SMS_SIMULATOR: flag.optional(),
  SMS_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(8092),
  /** Where the Graph API of Facebook Pages and Instagram answers (integrations/social), with its version. */
  SOCIAL_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
  SOCIAL_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** A local simulated social network for the demo (integrations/social/social-network.simulator.ts). */
  SOCIAL_SIMULATOR: flag.optional(),
  SOCIAL_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(8093),
  /** Whether this process runs background jobs (a process may serve requests only), how often it looks and how many at once. */
  JOBS_WORKER: flag.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * On SIGTERM: how long /health/ready answers 503 before the process stops taking requests (the load balancer's time
   * to notice), and how long in-flight requests and running jobs then get before the jobs are handed back.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /** Prometheus metrics on a listener of their own, HOST:METRICS_PORT/metrics (0: any free port); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** With it, GET /api/metrics on the app's port answers `Authorization: Bearer <token>`; unset: that path is 404. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((value) => !value || value.length >= 32, 'at least 32 characters, e.g. `openssl rand -hex 32`'),
  /** Runs the business clock as if it were this instant at start (then ticking): demos and journeys on a given day. */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /** Where stored files live: DATA_DIR/files on this disk (the default), or an S3-compatible bucket (platform/storage-s3.ts). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The bucket's endpoint: unset for AWS S3 itself, e.g. http://minio:9000 or https://<account>.r2.cloudflarestorage.com. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  /** Unset, the SDK's own chain answers (environment, instance role, ~/.aws). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** http://host/bucket/key rather than http://bucket.host/key: what MinIO and Ceph usually need. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** A folder inside the bucket for this installation's files (e.g. `bottega/`), when the bucket is shared. */
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9._-]*\/)*$/i, 'plain folder names, each ending with /')
    .default(''),
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
  /** Idle timeout without "remember me": an unused session ends after it; every use slides it. */
  sessionHours: number;
  /** Idle timeout with "remember me". */
  sessionRememberDays: number;
  /** Absolute lifetime without "remember me", from the sign-in: use never extends it. */
  sessionAbsoluteHours: number;
  /** Absolute lifetime with "remember me". */
  sessionRememberAbsoluteDays: number;
  bodyLimitBytes: number;
  /**
   * Whether the demo seeds an empty database and its simulated registers keep sending sales. On by default
   * with the embedded database, off with DATABASE_URL; even when on, demo records only ever reach a
   * database the demo itself created (see prepareDemo in seed.ts).
   */
  seedDemo: boolean;
  /** The proxies (addresses, CIDR ranges) whose X-Forwarded-For gives the client address; false: none. */
  trustProxy: false | string[];
  /** Without it, mails stay in the outbox, readable by developers in the app. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Without SMTP, whether the links of mails (reset, invitation, email confirmation) are written to the
   * server's console, the only way they reach anyone: on by default with the embedded database (demo
   * and development), off with PostgreSQL (production), where a log reader must not get them.
   */
  mailSecretsToConsole: boolean;
  uploadLimitBytes: number;
  /** The largest file the file manager takes (spec §2 "Embedded file manager"). */
  filesUploadLimitBytes: number;
  /** Whether people whose personal and bank data are incomplete must complete them first (spec §4). */
  registrationRequired: boolean;
  /** Employee fields a person may change on their own profile. */
  profileSelfEditable: string[];
  passwordReset: { minutes: number; throttleSeconds: number; revealUnknownEmail: boolean };
  /** How long the set-password link of a new employee works. */
  invitationDays: number;
  /** How long the link that confirms a new email address works. */
  emailConfirmationHours: number;
  /** Sign-in lockout (spec §8): failures allowed per account and address within the window, and the longest lock. */
  loginThrottle: { maxAttempts: number; windowMinutes: number; maxLockMinutes: number };
  webDist: string;
  footer: { corporate: string; customerService: string; shop: string; contact: string };
  /** Milliseconds the business clock runs ahead of (or behind) the machine's: 0 unless CLOCK_START is set. */
  clockOffsetMs: number;
  /** The Telegram bot people link their chat to; without a token, nothing is sent on Telegram. */
  telegram: {
    apiUrl: string;
    botToken: string | undefined;
    /** Without it people cannot link their chat (the t.me link names the bot). */
    botUsername: string | undefined;
    timeoutMs: number;
    /** Whether main.ts starts the simulated Bot API on 127.0.0.1:simulatorPort and uses it (demo database only). */
    simulator: boolean;
    simulatorPort: number;
  };
  /** Background jobs (platform/jobs.ts): whether this process runs them, its poll interval and concurrency. */
  jobs: { worker: boolean; pollMs: number; concurrency: number };
  /** A graceful stop (platform/shutdown.ts): readiness 503 for drainMs first, then at most timeoutMs to finish. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Where Prometheus reads the metrics (platform/metrics.ts): a port of their own, a bearer token, both or neither. */
  metrics: { port: number | undefined; token: string | undefined };
  /** Where a convalidated month's journal entries are sent; main.ts sets its simulator's for the demo. */
  accounting: { url: string | undefined; timeoutMs: number };
  cameras: {
    timeoutMs: number;
    /** Whether main.ts starts the simulated cameras on 127.0.0.1:simulatorPort (on a demo database only). */
    simulator: boolean;
    simulatorPort: number;
  };
  /** The SMS provider (the club's phone codes); main.ts points it at its simulator for the demo. */
  sms: {
    apiUrl: string | undefined;
    apiKey: string | undefined;
    sender: string;
    timeoutMs: number;
    /** Whether main.ts starts the simulated provider on 127.0.0.1:simulatorPort (on a demo database only). */
    simulator: boolean;
    simulatorPort: number;
  };
  /** The social networks the automation area publishes to; main.ts points the Graph API at its simulator for the demo. */
  social: {
    graphUrl: string;
    timeoutMs: number;
    /** Whether main.ts starts the simulated network on 127.0.0.1:simulatorPort (on a demo database only). */
    simulator: boolean;
    simulatorPort: number;
  };
  /** Where stored files live (platform/storage.ts): the local disk under DATA_DIR/files, or an S3-compatible bucket. */
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        prefix: string;
      };
  fiscalPrinter: {
    /** Whether main.ts starts the simulated Epson RT printer on 127.0.0.1:simulatorPort (on a demo database only). */
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

/** A real database (DATABASE_URL) gets no demo data unless asked for: the embedded one shows the demo. */
function seedDemoSetting(env: z.infer<typeof environmentSchema>): boolean {
  return env.SEED_DEMO ?? !env.DATABASE_URL;
}

/**
 * The simulator follows the demo by default (the demo shops' printer addresses are made up), so it is off
 * with PostgreSQL (production), where invented closes must never reach the books.
 */
function fiscalPrinterSettings(env: z.infer<typeof environmentSchema>): Config['fiscalPrinter'] {
  const simulator = env.FISCAL_PRINTER_SIMULATOR ?? seedDemoSetting(env);
  return {
    simulator,
    simulatorPort: env.FISCAL_PRINTER_SIMULATOR_PORT,
    timeoutMs: env.FISCAL_PRINTER_TIMEOUT_MS,
    addressOverride: simulator ? `127.0.0.1:${env.FISCAL_PRINTER_SIMULATOR_PORT}` : undefined,
  };
}

/**
 * The Telegram simulator follows the demo by default, like the fiscal printer's, unless a real bot is configured:
 * the demo's people link their chats to a bot that exists on this machine only.
 */
function telegramSettings(env: z.infer<typeof environmentSchema>): Config['telegram'] {
  return {
    apiUrl: env.TELEGRAM_API_URL,
    botToken: env.TELEGRAM_BOT_TOKEN || undefined,
    botUsername: env.TELEGRAM_BOT_USERNAME || undefined,
    timeoutMs: env.TELEGRAM_TIMEOUT_MS,
    simulator: env.TELEGRAM_SIMULATOR ?? (seedDemoSetting(env) && !env.TELEGRAM_BOT_TOKEN),
    simulatorPort: env.TELEGRAM_SIMULATOR_PORT,
  };
}

/** The bucket's settings when STORAGE=s3, which then needs S3_BUCKET, and both keys or neither. */
function storageSettings(env: z.infer<typeof environmentSchema>): Config['storage'] {
  if (env.STORAGE === 'local') return { kind: 'local' };
  if (!env.S3_BUCKET) throw new Error('Invalid settings:\n  S3_BUCKET: STORAGE=s3 needs the bucket');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid settings:\n  S3_ACCESS_KEY_ID: give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
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
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
    sessionRememberAbsoluteDays: env.SESSION_REMEMBER_ABSOLUTE_DAYS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    seedDemo: seedDemoSetting(env),
    trustProxy: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    mailSecretsToConsole: env.MAIL_SECRETS_TO_CONSOLE ?? !env.DATABASE_URL,
    uploadLimitBytes: env.UPLOAD_LIMIT_BYTES,
    filesUploadLimitBytes: env.FILES_UPLOAD_LIMIT_BYTES,
    registrationRequired: env.REGISTRATION_REQUIRED,
    profileSelfEditable: env.PROFILE_SELF_EDITABLE,
    passwordReset: {
      minutes: env.PASSWORD_RESET_MINUTES,
      throttleSeconds: env.PASSWORD_RESET_THROTTLE_SECONDS,
      revealUnknownEmail: env.PASSWORD_RESET_REVEAL_UNKNOWN_EMAIL,
    },
    invitationDays: env.INVITATION_DAYS,
    emailConfirmationHours: env.EMAIL_CONFIRMATION_HOURS,
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
    telegram: telegramSettings(env),
    jobs: { worker: env.JOBS_WORKER, pollMs: env.JOBS_POLL_MS, concurrency: env.JOBS_CONCURRENCY },
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    metrics: { port: env.METRICS_PORT, token: env.METRICS_TOKEN || undefined },
    fiscalPrinter: fiscalPrinterSettings(env),
    storage: storageSettings(env),
    cameras: {
      timeoutMs: env.CAMERA_TIMEOUT_MS,
      // Like the fiscal printer's, the simulator follows the demo unless told otherwise.
      simulator: env.CAMERA_SIMULATOR ?? seedDemoSetting(env),
      simulatorPort: env.CAMERA_SIMULATOR_PORT,
    },
    accounting: { url: env.ACCOUNTING_URL, timeoutMs: 15_000 },
    sms: {
      apiUrl: env.SMS_API_URL,
      apiKey: env.SMS_API_KEY || undefined,
      sender: env.SMS_SENDER,
      timeoutMs: env.SMS_TIMEOUT_MS,
      simulator: env.SMS_SIMULATOR ?? (seedDemoSetting(env) && !env.SMS_API_URL),
      simulatorPort: env.SMS_SIMULATOR_PORT,
    },
    social: {
      graphUrl: env.SOCIAL_GRAPH_URL.replace(/\/+$/, ''),
      timeoutMs: env.SOCIAL_TIMEOUT_MS,
      simulator: env.SOCIAL_SIMULATOR ?? seedDemoSetting(env),
      simulatorPort: env.SOCIAL_SIMULATOR_PORT,
    },
  };
}
