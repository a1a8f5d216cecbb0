import { BRAND } from '@shop/contract/brand';
import { MINIMUM_AGE_YEARS } from '@shop/contract/constants';
import { customersAdminMessages } from '@shop/contract/customers-admin';
import {
  AUTH_BASE_PATH,
  identityMessages,
  isOfMinimumAge,
  PASSWORD_MIN_LENGTH,
  parseIsoDate,
  underAgeMessage,
} from '@shop/contract/identity';
import { APIError, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { anonymous, bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/identity';
import type { DomainEvents } from '../../lib/domain-events';
import { allowedOrigins } from '../../lib/origins';
import { recordConsent } from '../consents/consents.repository';
import type { EmailService } from '../email/email.service';
import { afterAuthRequest } from './after-request';
import { attemptKey, clearAttempts, readAttempts, recordAttempt } from './attempts.repository';
import { existingAccountSignUpEmail, passwordResetEmail } from './identity.emails';
import {
  clearMustChangePassword,
  deleteAnonymousUser,
  deleteUserSessions,
  findUserById,
  rememberDevice,
} from './identity.repository';
import { createPasswordHasher, passwordProblem } from './password';

/**
 * better-auth, configured for the shop. Mounted at /api/v1/auth by ./identity.routes.ts.
 *
 * - E-mail and password (argon2id, OWASP parameters; the password policy of ./password.ts);
 *   sign-up never signs in and answers the same for a taken address (the owner gets an e-mail).
 * - Sessions of 24 hours from sign-in, never extended; tokens of ~190 bits from the CSPRNG.
 * - Anonymous visitors (anonymous plugin), linked on sign-up/sign-in: `identity.account_linked`.
 * - Bearer tokens (bearer plugin), Google and any OpenID Connect provider when configured.
 * - Rate limits in PostgreSQL (shared by every instance), plus failed sign-ins per account and
 *   address, a growing delay per account over all addresses, and a per-account back-off on
 *   password-reset e-mails (never a lock-out).
 */

/** The bridge writes the client's address (Fastify's `request.ip`) here; a client's own value is dropped. */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

export const OIDC_PROVIDER_ID = 'oidc';

/** Failed sign-ins allowed per account and address in the window, before 429. */
export const SIGN_IN_FAILURES_ALLOWED = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins per account over every address: guessing capacity must not grow with the
 * number of addresses an attacker holds, and the real customer must never be locked out. So no
 * block: after SIGN_IN_ACCOUNT_FREE_FAILURES failures within a day, the next attempt (from any
 * address, with any password) waits 2^(n - free) seconds after the last failure, at most 15
 * minutes. A wait answers 429 with Retry-After and is not itself a failure, so it never grows by
 * being asked; a success clears it. An attacker gets at most ~100 guesses a day per account.
 */
export const SIGN_IN_ACCOUNT_FREE_FAILURES = 10;
export const SIGN_IN_ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
const SIGN_IN_ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;
export const accountSignInDelayMs = (failures: number) =>
  failures < SIGN_IN_ACCOUNT_FREE_FAILURES
    ? 0
    : Math.min(SIGN_IN_ACCOUNT_MAX_DELAY_MS, 2 ** (failures - SIGN_IN_ACCOUNT_FREE_FAILURES) * 1000);

/** Password-reset e-mails per account: the n-th within a day waits 2^(n-1) minutes (at most an hour). */
const RESET_EMAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
export const resetEmailBackoffMs = (sent: number) => Math.min(60, 2 ** Math.max(0, sent - 1)) * 60 * 1000;

/** "You already have an account" e-mails: at most one an hour per account. */
const EXISTING_ACCOUNT_NOTICE_WINDOW_MS = 60 * 60 * 1000;

export const SESSION_EXPIRES_IN_SECONDS = 24 * 60 * 60;

export type AuthDependencies = {
  config: Config;
  db: Database;
  events: DomainEvents;
  email: EmailService;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;
  secret: string;
  /** The shop's minimum age (the `minimum_age` setting); MINIMUM_AGE_YEARS when not given. */
  minimumAge?: () => Promise<number>;
};

type HeaderSource = { headers?: Headers | undefined; request?: Request | undefined };

function headerOf(ctx: HeaderSource, name: string): string | null {
  return ctx.request?.headers.get(name) ?? ctx.headers?.get(name) ?? null;
}

/**
 * The address a limit is keyed on: IPv4 as is, IPv6 by its /64 network (one subscriber usually
 * holds a whole /64, so single addresses would be free to rotate).
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

function clientIp(ctx: HeaderSource): string {
  return rateLimitAddress(headerOf(ctx, CLIENT_IP_HEADER) ?? 'unknown');
}

function fieldError(status: 'UNPROCESSABLE_ENTITY', field: string, message: string) {
  return new APIError(status, { code: 'VALIDATION_FAILED', message, fields: [{ field, message }] });
}

export function createAuth(deps: AuthDependencies) {
  const { config, db, events, email, log } = deps;
  const hasher = createPasswordHasher({ fastForTests: config.AUTH_TEST_FAST_HASHING });
  const rateLimitEnabled = config.AUTH_RATE_LIMIT_ENABLED;

  const googleEnabled = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  const oidcEnabled = Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);

  const publishPasswordChanged = (
    user: { id: string; email: string; name: string },
    method: 'change' | 'reset',
    ctx: HeaderSource,
  ) =>
    afterAuthRequest(async () => {
      await events.publish('identity.password_changed', {
        userId: user.id,
        email: user.email,
        name: user.name,
        method,
        ipAddress: headerOf(ctx, CLIENT_IP_HEADER),
        userAgent: headerOf(ctx, 'user-agent'),
        at: new Date(),
      });
    });

  const beforeHook = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    switch (ctx.path) {
      case '/sign-up/email': {
        const problem = passwordProblem(body.password);
        if (problem) throw fieldError('UNPROCESSABLE_ENTITY', 'password', problem);
        const dateOfBirth = body.dateOfBirth;
        if (typeof dateOfBirth !== 'string' || dateOfBirth.trim() === '') {
          throw fieldError('UNPROCESSABLE_ENTITY', 'date_of_birth', identityMessages.dateOfBirthMissing);
        }
        if (!parseIsoDate(dateOfBirth)) {
          throw fieldError('UNPROCESSABLE_ENTITY', 'date_of_birth', identityMessages.dateOfBirthInvalid);
        }
        const minimumAge = deps.minimumAge ? await deps.minimumAge() : MINIMUM_AGE_YEARS;
        if (!isOfMinimumAge(dateOfBirth, new Date(), minimumAge)) {
          throw fieldError('UNPROCESSABLE_ENTITY', 'date_of_birth', underAgeMessage(minimumAge));
        }
        return;
      }
      case '/sign-in/email': {
        if (!rateLimitEnabled || typeof body.email !== 'string') return;
        const email = body.email.trim().toLowerCase();
        const accountFailures = await readAttempts(
          db,
          attemptKey('sign-in-account', email),
          SIGN_IN_ACCOUNT_WINDOW_MS,
        );
        if (accountFailures) {
          const waitUntil = accountFailures.lastAt.getTime() + accountSignInDelayMs(accountFailures.count);
          if (waitUntil > Date.now()) {
            const retryAfter = Math.max(1, Math.ceil((waitUntil - Date.now()) / 1000));
            throw new APIError(
              'TOO_MANY_REQUESTS',
              {
                code: 'TOO_MANY_FAILED_SIGN_INS',
                message: `Too many failed sign-ins for this account. Please try again in ${retryAfter} seconds, or reset your password.`,
              },
              { 'Retry-After': String(retryAfter) },
            );
          }
        }
        const key = attemptKey('sign-in', email, clientIp(ctx));
        const failures = await readAttempts(db, key, SIGN_IN_FAILURE_WINDOW_MS);
        if (failures && failures.count >= SIGN_IN_FAILURES_ALLOWED) {
          const retryAfter = Math.max(
            1,
            Math.ceil((failures.windowStartedAt.getTime() + SIGN_IN_FAILURE_WINDOW_MS - Date.now()) / 1000),
          );
          throw new APIError(
            'TOO_MANY_REQUESTS',
            {
              code: 'TOO_MANY_FAILED_SIGN_INS',
              message: 'Too many failed sign-ins. Please wait a few minutes, or reset your password.',
            },
            { 'Retry-After': String(retryAfter) },
          );
        }
        return;
      }
      case '/reset-password': {
        const problem = passwordProblem(body.newPassword);
        if (problem) throw fieldError('UNPROCESSABLE_ENTITY', 'newPassword', problem);
        return;
      }
      case '/change-password': {
        const problem = passwordProblem(body.newPassword);
        if (problem) throw fieldError('UNPROCESSABLE_ENTITY', 'newPassword', problem);
        // Changing the password always ends the other sessions.
        return { context: { body: { ...body, revokeOtherSessions: true } } };
      }
      default:
        return;
    }
  });

  const afterHook = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const failed = isAPIError(returned);
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    switch (ctx.path) {
      case '/sign-in/email': {
        if (!rateLimitEnabled || typeof body.email !== 'string') return;
        const email = body.email.trim().toLowerCase();
        const key = attemptKey('sign-in', email, clientIp(ctx));
        const accountKey = attemptKey('sign-in-account', email);
        if (failed && returned.statusCode === 401) {
          await recordAttempt(db, key, SIGN_IN_FAILURE_WINDOW_MS);
          await recordAttempt(db, accountKey, SIGN_IN_ACCOUNT_WINDOW_MS);
        } else if (!failed) {
          await clearAttempts(db, key);
          await clearAttempts(db, accountKey);
        }
        return;
      }
      case '/change-password': {
        const user = ctx.context.session?.user;
        if (!failed && user) {
          // A one-time password has been replaced: the account may do everything again.
          await clearMustChangePassword(db, user.id);
          await publishPasswordChanged(user, 'change', ctx);
        }
        return;
      }
      default:
        return;
    }
  });

  return betterAuth({
    appName: BRAND.name,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    telemetry: { enabled: false },
    trustedOrigins: allowedOrigins(config),
    logger: {
      level: config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'debug' : 'warn',
      disabled: config.LOG_LEVEL === 'silent',
      log: (level, message, ...args) => {
        const details = args.length > 0 ? { details: args } : {};
        if (level === 'error') log.error(details, `better-auth: ${message}`);
        else if (level === 'warn') log.warn(details, `better-auth: ${message}`);
        else log.debug(details, `better-auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
      transaction: true,
    }),
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'kc',
      useSecureCookies: config.publicUrl.startsWith('https:'),
      // Checked in every environment (better-auth skips it under NODE_ENV=test by default).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    emailAndPassword: {
      enabled: true,
      // Sign-up answers the same for a new and a taken address, and never signs in: sign in next.
      autoSignIn: false,
      requireEmailVerification: false,
      // better-auth counts UTF-16 units; the policy (8 to 128 code points) is checked in the hooks.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 512,
      password: hasher,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // In the background, so that the answer takes as long whether or not the address exists.
        email.sendInBackground(async () => {
          // Anonymous visitors have a placeholder address and no password to reset.
          if ((user as { isAnonymous?: boolean }).isAnonymous) return null;
          const key = attemptKey('reset-email', user.id);
          const previous = await readAttempts(db, key, RESET_EMAIL_WINDOW_MS);
          if (previous && Date.now() - previous.lastAt.getTime() < resetEmailBackoffMs(previous.count)) {
            log.info({ userId: user.id }, 'password reset e-mail held back (per-account back-off)');
            return null;
          }
          await recordAttempt(db, key, RESET_EMAIL_WINDOW_MS);
          const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
          return passwordResetEmail({ to: user.email, name: user.name, url });
        });
      },
      onPasswordReset: async ({ user }, request) => {
        // The password was chosen through an e-mailed link (a reset, or a staff invitation).
        await clearMustChangePassword(db, user.id);
        await publishPasswordChanged(user, 'reset', { request });
      },
      onExistingUserSignUp: async ({ user }) => {
        email.sendInBackground(async () => {
          const key = attemptKey('existing-account-notice', user.id);
          const previous = await readAttempts(db, key, EXISTING_ACCOUNT_NOTICE_WINDOW_MS);
          if (previous) return null;
          await recordAttempt(db, key, EXISTING_ACCOUNT_NOTICE_WINDOW_MS);
          return existingAccountSignUpEmail({
            to: user.email,
            name: user.name,
            signInUrl: `${config.publicUrl}/login`,
          });
        });
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      // 24 hours from sign-in, never slid forward.
      updateAge: SESSION_EXPIRES_IN_SECONDS,
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, input: false, defaultValue: 'customer' },
        dateOfBirth: { type: 'string', required: false, input: true, returned: false },
        phone: { type: 'string', required: false, input: false, returned: false },
        defaultDeliveryAddress: { type: 'json', required: false, input: false, returned: false },
        newsletterOptIn: {
          type: 'boolean',
          required: false,
          input: true,
          defaultValue: false,
          returned: false,
        },
        // Set by `npm run admin -- create` with a one-time password (0028); the web reads it from
        // get-session to send the user to "Choose a new password".
        mustChangePassword: {
          type: 'boolean',
          required: false,
          input: false,
          defaultValue: false,
          returned: true,
        },
      },
    },
    socialProviders: googleEnabled
      ? {
          google: {
            clientId: config.GOOGLE_CLIENT_ID ?? '',
            clientSecret: config.GOOGLE_CLIENT_SECRET ?? '',
            prompt: 'select_account',
          },
        }
      : {},
    plugins: [
      anonymous({
        // The anonymous user is removed by us once `identity.account_linked` has been handled.
        disableDeleteAnonymousUser: true,
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          const anonymousUserId = anonymousUser.user.id;
          const userId = newUser.user.id;
          if (anonymousUserId === userId) return;
          await afterAuthRequest(async () => {
            const result = await events.publish('identity.account_linked', { anonymousUserId, userId });
            if (result.failed === 0) {
              await deleteAnonymousUser(db, anonymousUserId);
            } else {
              // Keep the row (and what still points at it); it is purged with stale anonymous users.
              await deleteUserSessions(db, anonymousUserId);
              log.warn(
                { anonymousUserId, userId },
                'anonymous user kept: a handler of account_linked failed',
              );
            }
          });
        },
      }),
      bearer(),
      ...(oidcEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.OIDC_PROVIDER_NAME,
                  discoveryUrl: `${(config.OIDC_ISSUER ?? '').replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: config.OIDC_CLIENT_ID ?? '',
                  clientSecret: config.OIDC_CLIENT_SECRET ?? '',
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
    account: {
      accountLinking: { enabled: true },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            if ((user as { isAnonymous?: boolean }).isAnonymous) return;
            const path = context?.path ?? '';
            const method =
              path === '/sign-up/email'
                ? 'email-password'
                : path.startsWith('/callback') ||
                    path.startsWith('/sign-in/social') ||
                    path.startsWith('/oauth2')
                  ? 'oauth'
                  : 'admin';
            // better-auth runs create.after once its transaction has committed, so this record
            // follows the account by a moment rather than sharing its transaction (decision 0021).
            if (path === '/sign-up/email' && (user as { newsletterOptIn?: boolean }).newsletterOptIn) {
              await recordConsent(db, {
                userId: user.id,
                purpose: 'newsletter',
                action: 'given',
                source: 'sign_up_form',
              });
            }
            await afterAuthRequest(async () => {
              await events.publish('identity.user_registered', {
                userId: user.id,
                email: user.email,
                name: user.name,
                method,
              });
            });
          },
        },
      },
      session: {
        create: {
          // better-auth stamps the expiry a moment before the creation time: pin the length to
          // exactly 24 hours from sign-in.
          before: async (session) => {
            // An admin disabled the account (0028): no sign-in, by any method, until enabled again.
            const user = await findUserById(db, session.userId);
            if (user?.disabledAt) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DISABLED',
                message: customersAdminMessages.accountDisabled,
              });
            }
            return {
              data: {
                ...session,
                expiresAt: new Date(session.createdAt.getTime() + SESSION_EXPIRES_IN_SECONDS * 1000),
              },
            };
          },
          after: async (session) => {
            const at = new Date();
            await afterAuthRequest(async () => {
              const user = await findUserById(db, session.userId);
              if (!user || user.isAnonymous) return;
              const device = await rememberDevice(db, {
                userId: user.id,
                userAgent: session.userAgent || null,
                ipAddress: session.ipAddress || null,
                at,
              });
              if (device.isNew && device.hadOtherDevices) {
                await events.publish('identity.new_device_sign_in', {
                  userId: user.id,
                  email: user.email,
                  name: user.name,
                  ipAddress: session.ipAddress || null,
                  userAgent: session.userAgent || null,
                  at,
                });
              }
            });
          },
        },
      },
    },
    rateLimit: {
      enabled: rateLimitEnabled,
      storage: 'database',
      // Every auth path: 300 a minute per address; then stricter rules per path.
      window: 60,
      max: 300,
      customRules: {
        '/get-session': false,
        '/sign-in/email': { window: 60, max: 20 },
        '/sign-in/anonymous': { window: 600, max: 60 },
        '/sign-in/social': { window: 60, max: 20 },
        '/sign-up/email': { window: 600, max: 10 },
        '/request-password-reset': { window: 900, max: 5 },
        '/reset-password': { window: 900, max: 10 },
        '/change-password': { window: 900, max: 10 },
      },
    },
    onAPIError: {
      // OAuth failures land on the storefront's login page with ?error=…
      errorURL: `${config.publicUrl}/login`,
    },
    // Profile fields are changed through PATCH /users/users/update_profile/ (validated there).
    disabledPaths: ['/update-user', '/change-email', '/delete-user', '/delete-anonymous-user'],
    hooks: { before: beforeHook, after: afterHook },
  });
}

export type Auth = ReturnType<typeof createAuth>;
