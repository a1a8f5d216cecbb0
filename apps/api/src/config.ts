import path from 'node:path';
import { BRAND } from '@shop/contract/brand';
import { READ_NOTIFICATION_RETENTION_DAYS } from '@shop/contract/constants';
import { UNPAID_ORDER_TIMEOUT_MINUTES } from '@shop/contract/orders';
import { DEFAULT_IMAGE_UPLOAD_MAX_BYTES } from '@shop/contract/product-images';
import { z } from 'zod';
import type { Backoff } from './db/backoff';

/**
 * Every setting the API reads from the environment, validated once at start-up. A wrong value
 * stops the server with a message naming the variable.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins like https://shop.example' })));

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], {
    error: 'must be development, production or test',
  }),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number' })
    .max(65535, { error: 'must be a port number' })
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * Bounds of the (jittered, doubling) delay between attempts to reach a lost database again: the
   * LISTEN connections, the job queue and the embedded PostgreSQL's restart.
   */
  DATABASE_RECONNECT_MIN_MS: z.coerce.number().int().min(50).max(60_000).default(250),
  DATABASE_RECONNECT_MAX_MS: z.coerce.number().int().min(50).max(300_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: booleanFromEnv.default(false),
  PUBLIC_URL: z
    .url({ error: 'must be the absolute URL customers use, like https://shop.example' })
    .optional(),
  CORS_ORIGINS: commaList.default([]),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Deepest nesting of objects and arrays a JSON body may have (checked before parsing). */
  JSON_MAX_DEPTH: z.coerce.number().int().min(8).max(1000).default(64),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  TRUST_PROXY: booleanFromEnv.default(false),
  WEB_DIST_DIR: z.string().optional(),

  // Identity and e-mail (issue 4). See README "Settings" for each default.
  /** Signs session cookies and encrypts OAuth state. Unset: generated once into DATA_DIR/secrets.json. */
  AUTH_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters (for example `openssl rand -base64 32`)' })
    .optional(),
  /**
   * How long a looked-up session is kept in memory (0: never). Changes reach every instance at
   * once through the database (LISTEN identity_changed); this only bounds a lost message.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(60_000),
  /** The compressed server-rendered pages kept at most, in bytes (plugins/page-cache.ts, decision 0020). */
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(65_536)
    .max(1024 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  /** How far V8's old generation may grow past its live size, in percent (0: V8's default); see lib/heap-growth. */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(20),
  /** Sign-in, sign-up, password-reset and anonymous-session rate limits (on unless set to false). */
  AUTH_RATE_LIMIT_ENABLED: booleanFromEnv.default(true),
  /** Tests only: hash passwords with a cheap argon2id cost. Refused outside NODE_ENV=test. */
  AUTH_TEST_FAST_HASHING: booleanFromEnv.default(false),
  /** "Sign in with Google" appears when both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Any OpenID Connect provider: its issuer URL (discovery is `<issuer>/.well-known/openid-configuration`). */
  OIDC_ISSUER: z.url({ error: 'must be the issuer URL, like https://id.example.com' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(50).default('OpenID Connect'),
  /**
   * smtp:// or smtps:// URL of the mail server; unset, nothing is sent: e-mails are kept for staff
   * at /admin/outbox and start-up warns.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, {
      error: 'must be an smtp:// or smtps:// URL, like smtps://user:pass@mail.example:465',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      error: 'must be an address like "Kampala Cellars <hello@kampalacellars.ug>"',
    })
    .default(`${BRAND.name} <${BRAND.email}>`),

  // Jobs and orders (issue 5).
  /**
   * Run job workers and schedules on this instance (pg-boss, on the same PostgreSQL). false: the
   * instance still queues jobs, and the instances where it is true run them.
   */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** A mobile-money order still unpaid this many minutes after it was placed is cancelled. */
  UNPAID_ORDER_TIMEOUT_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(1, { error: 'must be at least 1 minute' })
    .max(7 * 24 * 60, { error: 'must be at most a week' })
    .default(UNPAID_ORDER_TIMEOUT_MINUTES),

  // Payments (issue 6). Unset, the built-in sandbox stands in for the mobile-money provider.
  /** `sandbox` or `flutterwave`; unset: flutterwave when its two keys are set, else sandbox. */
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'flutterwave'], { error: 'must be sandbox or flutterwave' })
    .optional(),
  /** Flutterwave v3 secret key (FLWSECK-…): charges and verifications. */
  FLUTTERWAVE_SECRET_KEY: z.string().min(1).optional(),
  /** The "secret hash" set on Flutterwave's dashboard: webhooks carry it in `verif-hash`. */
  FLUTTERWAVE_WEBHOOK_HASH: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  FLUTTERWAVE_BASE_URL: z
    .url({ error: 'must be an absolute URL like https://api.flutterwave.com' })
    .default('https://api.flutterwave.com'),
  /** How long a call to Flutterwave may take before the payment is left pending for the poll. */
  FLUTTERWAVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Refunds are an admin's; true lets staff refund too (docs/product.md, refunds). */
  REFUNDS_BY_STAFF: booleanFromEnv.default(false),

  /**
   * Years an erased customer's invoices, credit notes and payments are kept, from the order's
   * date, before a job deletes them (decision 0025: the Tax Procedures Code Act's five years
   * after the end of the tax period).
   */
  TAX_RECORD_RETENTION_YEARS: z.coerce
    .number({ error: 'must be a whole number of years' })
    .int({ error: 'must be a whole number of years' })
    .min(5, { error: 'must be at least 5 years (the tax law’s period)' })
    .max(30, { error: 'must be at most 30 years' })
    .default(6),

  // Notifications and deliveries (issue 7).
  /** Read notifications older than this many days are removed by a daily job. */
  READ_NOTIFICATION_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1 day' })
    .max(3650, { error: 'must be at most 3650 days' })
    .default(READ_NOTIFICATION_RETENTION_DAYS),
  /**
   * Web Push (VAPID) key pair, base64url, as printed by `npx web-push generate-vapid-keys`. Unset:
   * generated once into DATA_DIR/secrets.json. Set both when several instances share DATABASE_URL.
   */
  WEB_PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key (87 characters)' })
    .optional(),
  WEB_PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a base64url P-256 private key (43 characters)' })
    .optional(),
  /** Who push services contact about our pushes: a mailto: or https: URL. Default: the shop's e-mail. */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' })
    .default(`mailto:${BRAND.email}`),
  /**
   * Hosts (or parent domains) a browser's push endpoint may be on: the browsers' push services.
   * The server POSTs to the endpoint a client registers, so no other host is accepted.
   */
  WEB_PUSH_ENDPOINT_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .default([
      'fcm.googleapis.com',
      'android.googleapis.com',
      'push.services.mozilla.com',
      'push.apple.com',
      'notify.windows.com',
    ]),

  // Wishlist, reviews and newsletter (issue 9).
  /** Newsletter sign-ups accepted from one client address per hour (then 429). */
  NEWSLETTER_IP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Confirmation e-mails sent to one address per day; past it, sign-ups answer the same but send none. */
  NEWSLETTER_EMAIL_LIMIT_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
  /** Newsletter campaign e-mails sent per minute for a campaign (its send job sleeps between them). */
  NEWSLETTER_SEND_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(60_000).default(120),

  // Back office (issue 16).
  /** Largest photo file staff may upload, in bytes (each file of an upload). */
  IMAGE_UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(64 * 1024, { error: 'must be at least 65536 (64 KB)' })
    .max(100 * 1024 * 1024, { error: 'must be at most 104857600 (100 MB)' })
    .default(DEFAULT_IMAGE_UPLOAD_MAX_BYTES),

  // SMS (issue 19). Unset: no SMS leaves the shop; each is kept for staff at /admin/outbox.
  /** `africastalking` sends SMS through Africa's Talking; unset, SMS are kept unsent in the outbox. */
  SMS_PROVIDER: z.enum(['africastalking'], { error: 'must be africastalking (or unset)' }).optional(),
  /** Africa's Talking application username (`sandbox` on the sandbox). */
  AT_USERNAME: z.string().min(1).max(100).optional(),
  AT_API_KEY: z
    .string()
    .min(8, { error: "must be the API key of the Africa's Talking application" })
    .optional(),
  /** Registered sender ID or short code (`from`); unset, Africa's Talking's shared sender is used. */
  AT_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{1,11}$|^\d{1,15}$/, {
      error: 'must be an alphanumeric sender ID of at most 11 characters, or a short code',
    })
    .optional(),
  AT_BASE_URL: z
    .url({ error: 'must be an absolute URL like https://api.africastalking.com' })
    .default('https://api.africastalking.com'),
  /**
   * Secret in the delivery-report callback URL registered with Africa's Talking
   * (`<PUBLIC_URL>/api/v1/sms/delivery-reports/<token>/`); reports without it are refused.
   */
  AT_CALLBACK_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,200}$/, { error: 'must be 24 or more letters, digits, - or _' })
    .optional(),
  /** How long a call to Africa's Talking may take before the attempt counts as failed (retried). */
  AT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Seconds before the first retry of a failed send (doubled each time), and the attempts in all. */
  SMS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),

  // EFRIS (issue 37, decision 0024): URA's fiscal invoices. The rest is the admin's, in the back office.
  /** The EFRIS endpoint used in the "test" environment (URA's test system unless set; the fake's in tests). */
  EFRIS_BASE_URL: z
    .url({
      error: 'must be an absolute URL like https://efristest.ura.go.ug/efrisws/ws/taapp/getInformation',
    })
    .optional(),
  /**
   * 32 bytes (64 hex digits or base64) encrypting the taxpayer's private key at rest (AES-256-GCM).
   * Unset: a key generated into the data directory (fine for one instance; set it when several share
   * DATABASE_URL, and keep it apart from the database's backups).
   */
  EFRIS_KEY_ENCRYPTION_KEY: z
    .string()
    .refine((value) => /^[0-9a-fA-F]{64}$/.test(value) || Buffer.from(value, 'base64').length === 32, {
      error: 'must be 32 bytes as 64 hex digits or base64 (for example `openssl rand -hex 32`)',
    })
    .optional(),
  /** How long one call to EFRIS may take before it counts as unanswered (retried later). */
  EFRIS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Seconds before the first retry of a document EFRIS did not take (doubled each time, at most a day). */
  EFRIS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Attempts at a document before it is marked failed for staff to look at (and retry). */
  EFRIS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),

  // Metrics and traces (issue 41, decision 0019).
  /**
   * Bearer token Prometheus sends to read /metrics. Unset: /metrics does not exist (404), so a
   * shop never publishes its figures by accident.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{24,200}$/, {
      error: 'must be 24 or more letters, digits or - . _ ~ + / = (for example `openssl rand -hex 24`)',
    })
    .optional(),
  /**
   * OTLP/HTTP traces endpoint (an OpenTelemetry collector's, like http://127.0.0.1:4318/v1/traces).
   * Unset: no traces are made (the default).
   */
  TRACING_OTLP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL like http://127.0.0.1:4318/v1/traces' })
    .optional(),
});

/** Settings that only make sense together. */
function crossFieldProblems(config: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const oidc = [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  if (Boolean(config.FLUTTERWAVE_SECRET_KEY) !== Boolean(config.FLUTTERWAVE_WEBHOOK_HASH)) {
    problems.push('FLUTTERWAVE_SECRET_KEY and FLUTTERWAVE_WEBHOOK_HASH must be set together');
  }
  if (config.PAYMENT_PROVIDER === 'flutterwave' && !config.FLUTTERWAVE_SECRET_KEY) {
    problems.push('PAYMENT_PROVIDER=flutterwave needs FLUTTERWAVE_SECRET_KEY and FLUTTERWAVE_WEBHOOK_HASH');
  }
  if (Boolean(config.WEB_PUSH_VAPID_PUBLIC_KEY) !== Boolean(config.WEB_PUSH_VAPID_PRIVATE_KEY)) {
    problems.push('WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY must be set together');
  }
  if (config.DATABASE_RECONNECT_MIN_MS > config.DATABASE_RECONNECT_MAX_MS) {
    problems.push('DATABASE_RECONNECT_MIN_MS must not be larger than DATABASE_RECONNECT_MAX_MS');
  }
  if (config.SMS_PROVIDER === 'africastalking' && !(config.AT_USERNAME && config.AT_API_KEY)) {
    problems.push('SMS_PROVIDER=africastalking needs AT_USERNAME and AT_API_KEY');
  }
  if (config.AUTH_TEST_FAST_HASHING && config.NODE_ENV !== 'test') {
    problems.push('AUTH_TEST_FAST_HASHING is only allowed with NODE_ENV=test');
  }
  return problems;
}

export type Config = z.infer<typeof configSchema> & {
  /** Absolute data directory. */
  dataDir: string;
  /** Where the browser reaches the shop: PUBLIC_URL, or http://localhost:PORT. */
  publicUrl: string;
};

/** The reconnection delay bounds of the settings. */
export const reconnectBackoff = (config: Config): Backoff => ({
  minMs: config.DATABASE_RECONNECT_MIN_MS,
  maxMs: config.DATABASE_RECONNECT_MAX_MS,
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const withDefaults = { ...env, NODE_ENV: env.NODE_ENV ?? 'development' };
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const cleaned = Object.fromEntries(Object.entries(withDefaults).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const received = cleaned[name];
        return `${name} ${issue.message}${received === undefined ? '' : ` (got "${received}")`}`;
      }),
    );
  }
  const config = parsed.data;
  const problems = crossFieldProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...config,
    // Relative to where the command was typed: `npm run seed` runs in apps/api, but INIT_CWD
    // (set by npm) is the folder the person was in, so ./data means the same for every command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}
