import path from 'node:path';
import { BRAND } from '@shop/contract/brand';
import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z
    .url({ error: 'must be the absolute URL customers use, like https://shop.example' })
    .optional(),
  CORS_ORIGINS: commaList.default([]),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  TRUST_PROXY: booleanFromEnv.default(false),
  WEB_DIST_DIR: z.string().optional(),

  // Identity and e-mail (issue 4). See README "Settings" for each default.
  /** Signs session cookies and encrypts OAuth state. Unset: generated once into DATA_DIR/secrets.json. */
  AUTH_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters (for example `openssl rand -base64 32`)' })
    .optional(),
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
  /** smtp:// or smtps:// URL of the mail server; unset, e-mails go to the development mailbox. */
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
