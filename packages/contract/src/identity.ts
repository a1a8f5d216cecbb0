import { z } from 'zod';
import { API_BASE_PATH, MINIMUM_AGE_YEARS } from './constants';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from './csrf';
import { HIGHEST_MINIMUM_AGE, LEGAL_MINIMUM_AGE } from './settings-values';

/**
 * Accounts and sessions (better-auth under /api/v1/auth), as the storefront uses them.
 *
 * How the web client works with them:
 *
 * 1. **First visit: sign in anonymously.** When `GET /api/v1/auth/get-session` answers `null`,
 *    call `POST /api/v1/auth/sign-in/anonymous` (no body). The visitor gets an anonymous session
 *    of their own (cookie, and `token` in the answer for the bearer header). It lasts 24 hours;
 *    when it has expired, sign in anonymously again. Anonymous visitors may browse; customer-only
 *    calls answer 401 'Please sign in to continue.'.
 * 2. **CSRF.** Every answer without a `csrf_token` cookie sets one (readable by JavaScript;
 *    `GET /api/v1/auth/csrf` also answers it). Send its value in the `X-CSRF-Token` header on
 *    every POST, PUT, PATCH and DELETE. A call authenticated by the session *cookie* without the
 *    header is refused with 403 (`forbidden`, message naming the CSRF token); calls that send
 *    `Authorization: Bearer <token>` are exempt. If a 403 names the CSRF token, read the cookie
 *    again (the answer set a fresh one) and retry once.
 * 3. **Session.** `GET /api/v1/auth/get-session` answers `{ session, user }` ({@link authSessionSchema},
 *    better-auth's camelCase shape) or `null`. `user.isAnonymous` tells a visitor from a
 *    customer; `user.role` is customer, staff or admin; `session.expiresAt` is 24 hours after
 *    sign-in and is never extended. Check every 5 minutes: `null`, or a `session.expiresAt` in
 *    the past, means the session ended: clear the cart state and sign in anonymously again.
 *    There is no refresh token: the "force refresh on 401" (docs/product.md section 7) is a fresh `get-session`; when it
 *    still answers a customer, retry the call once, otherwise sign out ('Your session has
 *    expired. Please log in again.').
 * 4. **Register** with `POST /api/v1/auth/sign-up/email` ({@link signUpRequestSchema}). It always
 *    answers 200 with `token: null` (also when the address is taken, so that the answer does not
 *    tell who has an account), then **sign in** with `POST /api/v1/auth/sign-in/email`
 *    ({@link signInRequestSchema}) using the same e-mail and password. Signing in from an
 *    anonymous session keeps that visitor's cart and wishlist (they are merged server-side
 *    before the answer). A wrong password and an unknown e-mail answer the same 401.
 * 5. **Sign out** with `POST /api/v1/auth/sign-out`: the session ends on the server. Then sign in
 *    anonymously again.
 * 6. **Password policy**: `GET /api/v1/auth/password-policy` ({@link passwordPolicySchema}); show
 *    the rules and check the lengths as the customer types. The common-password check runs on
 *    the server and answers 422 on the password field.
 * 7. **Google / OpenID Connect**: `GET /api/v1/auth/providers` ({@link providersResponseSchema})
 *    says which buttons to show. `POST /api/v1/auth/sign-in/social` with
 *    `{ provider, callbackURL }` answers `{ url }`: send the browser there. It comes back signed
 *    in to `callbackURL` (a path of the shop), or to `/login?error=…` when it failed.
 * 8. **Forgotten password**: `POST /api/v1/auth/request-password-reset` with `{ email }` always
 *    answers the same. The e-mail links to `/reset-password?token=…` (a page of the storefront),
 *    which posts `{ token, newPassword }` to `POST /api/v1/auth/reset-password`. The link works
 *    once, for one hour; every session of the account ends.
 * 9. **Change password** (signed-in customer): `POST /api/v1/auth/change-password` with
 *    `{ currentPassword, newPassword }`. Every other session ends; the answer carries the new
 *    session (cookie and `token`).
 *
 * Errors answer the API's envelope `{ error: { code, message, fields? } }` (see errors.ts): 422
 * names the field (`password`, `date_of_birth`, `newPassword`, …), 401 is a wrong e-mail or
 * password, 429 is a rate limit (with Retry-After).
 */

export const AUTH_BASE_PATH = `${API_BASE_PATH}/auth` as const;

/** Roles: customers buy; staff run the shop's back office; admins also manage staff. */
/** A rider (issue 38) signs in like staff but sees only the rider's screen and their own stops. */
export const USER_ROLES = ['customer', 'staff', 'admin', 'rider'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/** The double-submit CSRF pair of docs/product.md section 7 (defined in csrf.ts). */
export { CSRF_COOKIE_NAME, CSRF_HEADER_NAME };

/** OWASP ASVS 6.2: length limits and a common-password check, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** What a date of birth younger than the shop's minimum age (the `minimum_age` setting) is told at sign-up. */
export function underAgeMessage(minimumAge: number): string {
  return `You must be ${minimumAge} or older to create an account`;
}

/** …and on the profile of an existing account. */
export function underAgeProfileMessage(minimumAge: number): string {
  return `Your date of birth must show that you are ${minimumAge} or older`;
}

/** Messages at the shop's default minimum age; the server answers with the setting's. */
export const identityMessages = {
  signInToContinue: 'Please sign in to continue.',
  underAge: underAgeMessage(MINIMUM_AGE_YEARS),
  /** The same rule when a customer edits the date of birth of an existing account. */
  underAgeProfile: underAgeProfileMessage(MINIMUM_AGE_YEARS),
  dateOfBirthMissing: 'Please enter your date of birth',
  dateOfBirthInvalid: 'Please enter a valid date of birth (YYYY-MM-DD)',
  dateOfBirthInFuture: 'Your date of birth cannot be in the future',
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordMissing: 'Please enter a password',
  invalidCredentials: 'Invalid email or password',
  csrfMissing:
    'The CSRF token is missing or does not match: send the csrf_token cookie value in the X-CSRF-Token header.',
  resetRequested: 'If this email exists in our system, check your email for the reset link',
  /** 403 `password_change_required`: an account made with a one-time password, until it chooses its own. */
  passwordChangeRequired: 'Please choose a new password before you continue.',
} as const;

/** The rules shown on the register, reset and change-password forms. */
export const PASSWORD_RULES = [
  `At least ${PASSWORD_MIN_LENGTH} characters`,
  `At most ${PASSWORD_MAX_LENGTH} characters`,
  'Not a commonly used password',
  'Any characters are allowed, including spaces and emoji; no mix of character types is required',
] as const;

export const passwordPolicySchema = z.object({
  min_length: z.number().int(),
  max_length: z.number().int(),
  checks_common_passwords: z.literal(true),
  rules: z.array(z.string()),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const PASSWORD_POLICY: PasswordPolicy = {
  min_length: PASSWORD_MIN_LENGTH,
  max_length: PASSWORD_MAX_LENGTH,
  checks_common_passwords: true,
  rules: [...PASSWORD_RULES],
};

/** Length rules of a new password (the common-password check is the server's). Counts code points. */
export const newPasswordSchema = z
  .string({ error: identityMessages.passwordMissing })
  .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, { error: identityMessages.passwordTooShort })
  .refine((value) => [...value].length <= PASSWORD_MAX_LENGTH, { error: identityMessages.passwordTooLong });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD` into its parts when it is a real calendar date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** Kampala is on East Africa Time, UTC+3 all year: "today" is the shop's calendar day. */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Whole years between a `YYYY-MM-DD` birth date and `today`, counted on Kampala's calendar. */
export function ageInYears(dateOfBirth: string, today: Date = new Date()): number | null {
  const born = parseIsoDate(dateOfBirth);
  if (!born) return null;
  const inKampala = new Date(today.getTime() + EAT_OFFSET_MS);
  const year = inKampala.getUTCFullYear();
  const month = inKampala.getUTCMonth() + 1;
  const day = inKampala.getUTCDate();
  let age = year - born.year;
  if (month < born.month || (month === born.month && day < born.day)) age -= 1;
  return age;
}

/**
 * True when someone born on `dateOfBirth` is at least `minimumAge` (the shop's setting, 21 by
 * default) today (born 29 Feb: 1 Mar in other years).
 */
export function isOfMinimumAge(
  dateOfBirth: string,
  today: Date = new Date(),
  minimumAge: number = MINIMUM_AGE_YEARS,
): boolean {
  const age = ageInYears(dateOfBirth, today);
  return age !== null && age >= minimumAge;
}

/**
 * A date of birth: `YYYY-MM-DD`, a real date, not in the future, and `minimumAge` or older;
 * `underAge` is what a younger date is told (at sign-up, or on the profile).
 */
export const dateOfBirthWith = (minimumAge: number, underAge: string) =>
  z
    .string({ error: identityMessages.dateOfBirthMissing })
    .trim()
    .min(1, { error: identityMessages.dateOfBirthMissing })
    .superRefine((value, context) => {
      const parsed = parseIsoDate(value);
      if (!parsed || parsed.year < 1900) {
        context.addIssue({ code: 'custom', message: identityMessages.dateOfBirthInvalid });
        return;
      }
      const age = ageInYears(value);
      if (age === null || age < 0) {
        context.addIssue({ code: 'custom', message: identityMessages.dateOfBirthInFuture });
        return;
      }
      if (age < minimumAge) context.addIssue({ code: 'custom', message: underAge });
    })
    .describe(
      `YYYY-MM-DD; the customer must be at least the shop's minimum age (the minimum_age setting, ${LEGAL_MINIMUM_AGE}..${HIGHEST_MINIMUM_AGE})`,
    );

/** The date of birth given at sign-up, against the shop's minimum age (`minimum_age` setting). */
export const dateOfBirthSchemaFor = (minimumAge: number) =>
  dateOfBirthWith(minimumAge, underAgeMessage(minimumAge));
/** The date of birth changed on the profile of an existing account. */
export const profileDateOfBirthSchemaFor = (minimumAge: number) =>
  dateOfBirthWith(minimumAge, underAgeProfileMessage(minimumAge));

/**
 * The request schemas' own check: the law's floor. The server then holds the date to the shop's
 * minimum age setting (a 422 on `date_of_birth` with the setting's message).
 */
export const dateOfBirthSchema = dateOfBirthSchemaFor(LEGAL_MINIMUM_AGE);
export const profileDateOfBirthSchema = profileDateOfBirthSchemaFor(LEGAL_MINIMUM_AGE);

export const emailSchema = z
  .string({ error: 'Please enter your email' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'is too long' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const personNameSchema = z
  .string({ error: 'Please enter your name' })
  .trim()
  .min(1, { error: 'Please enter your name' })
  .max(100, { error: 'Use at most 100 characters' });

/** `POST /api/v1/auth/sign-up/email`. */
export const signUpRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  date_of_birth: dateOfBirthSchema,
  newsletter_opt_in: z.boolean().optional().describe('Subscribe to the newsletter (default false)'),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** `POST /api/v1/auth/sign-in/email`. */
export const signInRequestSchema = z.object({
  email: z.string().trim().min(1, { error: 'Please enter your email' }).max(254),
  password: z.string().min(1, { error: identityMessages.passwordMissing }).max(1024),
  rememberMe: z
    .boolean()
    .optional()
    .describe('false: the cookie ends with the browser session (the session still lasts at most 24 hours)'),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The user as better-auth answers it (camelCase). Personal details are read from the profile. */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  /** A codec, not a `.transform()`: the API encodes its answers, and a transform cannot run backwards. */
  isAnonymous: z.codec(z.boolean().nullish(), z.boolean(), {
    decode: (value) => value ?? false,
    encode: (value) => value,
  }),
  role: userRoleSchema,
  /** A one-time password is in use: the web sends the user to choose a new one first. */
  mustChangePassword: z.boolean().nullish(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** `GET /api/v1/auth/get-session`: better-auth's answer, `null` when there is no live session. */
export const authSessionSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.coerce.date().describe('24 hours after sign-in, never extended'),
      createdAt: z.coerce.date(),
    }),
    user: authUserSchema,
  })
  .nullable();
export type AuthSession = z.infer<typeof authSessionSchema>;

/** What the storefront keeps of a session (docs/product.md section 3: when it started, its token, when it ends). */
export type SessionSummary = {
  user_id: string;
  name: string;
  email: string;
  role: UserRole;
  is_anonymous: boolean;
  started_at: Date;
  expires_at: Date;
};

export function toSessionSummary(session: NonNullable<AuthSession>): SessionSummary {
  return {
    user_id: session.user.id,
    name: session.user.name,
    email: session.user.email,
    role: session.user.role,
    is_anonymous: session.user.isAnonymous,
    started_at: session.session.createdAt,
    expires_at: session.session.expiresAt,
  };
}

/** True when the session has ended (null, or its expiry has passed). */
export function isSessionExpired(session: AuthSession, now: Date = new Date()): boolean {
  return session === null || session.session.expiresAt.getTime() <= now.getTime();
}

export const signInResponseSchema = z.object({
  redirect: z.boolean(),
  token: z.string().describe('The session token, for `Authorization: Bearer`'),
  url: z.string().nullish(),
  user: authUserSchema,
});

export const anonymousSignInResponseSchema = z.object({
  token: z.string(),
  user: authUserSchema,
});

export const signUpResponseSchema = z.object({
  token: z.null().describe('Always null: sign in next'),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).loose(),
});

export const signOutResponseSchema = z.object({ success: z.boolean() });

/** `POST /api/v1/auth/request-password-reset`: the answer is the same whether or not the address exists. */
export const requestPasswordResetSchema = z.object({ email: emailSchema });
export const requestPasswordResetResponseSchema = z.object({ status: z.boolean(), message: z.string() });

/** `POST /api/v1/auth/reset-password`. */
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, { error: 'The reset link is incomplete' }).max(200),
  newPassword: newPasswordSchema,
});
export const resetPasswordResponseSchema = z.object({ status: z.boolean() });

/** `POST /api/v1/auth/change-password`: ends every other session of the account. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string()
    .min(1, { error: 'Please enter your current password' })
    .max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});
export const changePasswordResponseSchema = z.object({
  token: z.string().nullable().describe('The new session token (the cookie is set too)'),
  user: authUserSchema,
});

export const socialProviderIdSchema = z.string().min(1).max(50);

/** `POST /api/v1/auth/sign-in/social`: answers `{ url }`; send the browser there. */
export const socialSignInRequestSchema = z.object({
  provider: socialProviderIdSchema.describe("'google', or the OpenID Connect provider's id from /providers"),
  callbackURL: z.string().max(2000).optional().describe('Where to land once signed in: a path of the shop'),
  errorCallbackURL: z.string().max(2000).optional().describe('Where to land on failure (default /login)'),
  newUserCallbackURL: z.string().max(2000).optional(),
});
export const socialSignInResponseSchema = z.object({ url: z.string(), redirect: z.boolean() });

/** `GET /api/v1/auth/providers`: which sign-in methods the login page shows. */
export const providersResponseSchema = z.object({
  email_password: z.literal(true),
  google: z.boolean(),
  oidc: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

/** `GET /api/v1/auth/csrf`. */
export const csrfResponseSchema = z.object({
  csrf_token: z.string(),
  header: z.literal(CSRF_HEADER_NAME),
  cookie: z.literal(CSRF_COOKIE_NAME),
});

/**
 * The development mailbox (no SMTP_URL, outside production): `GET /api/v1/dev/mailbox/`
 * (paged, newest first, optional `?to=`) and `GET /api/v1/dev/mailbox/{id}/`. End-to-end tests
 * read password-reset links from it.
 */
export const devMailSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
