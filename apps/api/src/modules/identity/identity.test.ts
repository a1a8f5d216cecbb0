import { MINIMUM_AGE_YEARS, SESSION_LENGTH_MS } from '@shop/contract/constants';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { authSessionSchema, identityMessages, PASSWORD_POLICY } from '@shop/contract/identity';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accounts, sessions, users } from '../../db/schema/identity';
import { purgeStaleAnonymousUsers } from './identity.repository';
import { ADULT_BIRTH_DATE, STRONG_PASSWORD, TestBrowser, uniqueEmail } from './testing';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());
afterEach(() => {
  vi.useRealTimers();
});

const browser = () => new TestBrowser(harness.app);
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

/** The date of birth of someone who turns `years` old `offsetDays` from today (Kampala time). */
function birthDate(years: number, offsetDays = 0): string {
  const now = new Date(Date.now() + 3 * 60 * 60 * 1000 + offsetDays * 86_400_000);
  const year = now.getUTCFullYear() - years;
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const day = String(now.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

describe('sign-up', () => {
  it('creates an account, answers without a session, and the customer then signs in', async () => {
    const client = browser();
    await client.get('/api/v1/auth/csrf');
    const email = uniqueEmail();
    const response = await client.signUp({ email, name: 'Nakato Achieng' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: null, user: { email, name: 'Nakato Achieng' } });
    expect(client.sessionCookie).toBeUndefined();

    const [row] = await harness.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'customer', isAnonymous: false, dateOfBirth: ADULT_BIRTH_DATE });

    const signIn = await client.signIn(email);
    expect(signIn.statusCode).toBe(200);
    expect(client.sessionCookie).toBeDefined();
    expect(harness.app.sessionCookieName).toBe(
      (await harness.app.betterAuth.$context).authCookies.sessionToken.name,
    );
    const session = authSessionSchema.parse(await client.session());
    expect(session?.user).toMatchObject({ email, role: 'customer', isAnonymous: false });
  });

  it(`refuses anyone under ${MINIMUM_AGE_YEARS} on date_of_birth, and accepts a 21st birthday today`, async () => {
    const client = browser();
    const underAge = await client.signUp({
      email: uniqueEmail(),
      date_of_birth: birthDate(MINIMUM_AGE_YEARS, 1),
    });
    expect(underAge.statusCode).toBe(422);
    expect(envelope(underAge.body).fields).toEqual([
      { field: 'date_of_birth', message: 'You must be 21 or older to create an account' },
    ]);

    const birthday = await client.signUp({
      email: uniqueEmail(),
      date_of_birth: birthDate(MINIMUM_AGE_YEARS),
    });
    expect(birthday.statusCode).toBe(200);
  });

  it.each([
    ['missing', undefined, identityMessages.dateOfBirthMissing],
    ['empty', '', identityMessages.dateOfBirthMissing],
    ['not a calendar date', '1990-02-30', identityMessages.dateOfBirthInvalid],
    ['not ISO', '17/05/1990', identityMessages.dateOfBirthInvalid],
    ['in the future', '2999-01-01', identityMessages.dateOfBirthInFuture],
  ])('refuses a date of birth that is %s', async (_case, value, message) => {
    const client = browser();
    const body: Record<string, unknown> = { name: 'A', email: uniqueEmail(), password: STRONG_PASSWORD };
    if (value !== undefined) body.date_of_birth = value;
    const response = await client.post('/api/v1/auth/sign-up/email', body);
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toContainEqual({ field: 'date_of_birth', message });
  });

  it.each([
    ['short', 'Ab3$xyz', identityMessages.passwordTooShort],
    ['too long', 'x'.repeat(129), identityMessages.passwordTooLong],
    ['common', 'password123', identityMessages.passwordCommon],
    ['common in another case', 'IloveYou123', identityMessages.passwordCommon],
    ['the shop name', 'kampalacellars', identityMessages.passwordCommon],
  ])('refuses a %s password on the password field', async (_case, password, message) => {
    const response = await browser().signUp({ email: uniqueEmail(), password });
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toEqual([{ field: 'password', message }]);
  });

  it('accepts 8 to 128 characters of anything, with no composition rules', async () => {
    for (const password of [
      'abcdefgh'.replace('abcd', 'zqxw'),
      'y'.repeat(128),
      'mbuzi ya kijani',
      '🍷🍷🍷🍷🍷🍷🍷🍷',
    ]) {
      const response = await browser().signUp({ email: uniqueEmail(), password });
      expect(response.statusCode, password).toBe(200);
    }
  });

  it('checks the policy inside better-auth too (server-side calls that skip the route)', async () => {
    await expect(
      harness.app.betterAuth.api.signUpEmail({
        body: { name: 'A', email: uniqueEmail(), password: STRONG_PASSWORD, dateOfBirth: birthDate(18) },
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      harness.app.betterAuth.api.signUpEmail({
        body: { name: 'A', email: uniqueEmail(), password: '12345678', dateOfBirth: ADULT_BIRTH_DATE },
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it('answers a taken address exactly like a new one, keeps the account, and tells its owner', async () => {
    const owner = browser();
    const email = uniqueEmail('owner');
    await owner.register(email, STRONG_PASSWORD, 'Owner');

    const attacker = browser();
    const fresh = await attacker.signUp({
      email: uniqueEmail(),
      password: 'another long passphrase',
      name: 'X',
    });
    const taken = await attacker.signUp({ email, password: 'another long passphrase', name: 'X' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(Object.keys(taken.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(taken.json().token).toBeNull();

    // The account is unchanged: the old password still works, the attacker's does not.
    expect((await browser().signIn(email, 'another long passphrase')).statusCode).toBe(401);
    expect((await browser().signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);

    await harness.app.email.idle();
    const mail = await browser().get(`/api/v1/dev/mailbox/?to=${encodeURIComponent(email)}`);
    expect(mail.json().results.map((item: { subject: string }) => item.subject)).toEqual([
      'You already have a Kampala Cellars account',
    ]);
  });

  it('never lets the client choose its role', async () => {
    const client = browser();
    const email = uniqueEmail();
    const response = await client.post('/api/v1/auth/sign-up/email', {
      name: 'Sneaky',
      email,
      password: STRONG_PASSWORD,
      date_of_birth: ADULT_BIRTH_DATE,
      role: 'admin',
      isAnonymous: true,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await harness.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'customer', isAnonymous: false });
  });
});

describe('sign-in', () => {
  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail();
    await browser().register(email);
    const wrongPassword = await browser().signIn(email, 'not the right one at all');
    const unknownEmail = await browser().signIn(uniqueEmail('nobody'), 'not the right one at all');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(envelope(wrongPassword.body)).toEqual({
      code: 'unauthorized',
      message: 'Invalid email or password',
    });
  });

  it('is case-insensitive on the e-mail address', async () => {
    const email = uniqueEmail('Mixed');
    await browser().register(email);
    expect((await browser().signIn(email.toUpperCase())).statusCode).toBe(200);
  });

  it('issues session tokens of at least 128 bits from the CSPRNG', async () => {
    const email = uniqueEmail();
    await browser().register(email);
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await browser().signIn(email);
      const { token } = response.json() as { token: string };
      // 32 characters of [A-Za-z0-9]: 32 × log2(62) ≈ 190 bits.
      expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(32 * Math.log2(62)).toBeGreaterThanOrEqual(128);
      tokens.add(token);
    }
    expect(tokens.size).toBe(5);
  });

  it('sets an httpOnly, SameSite=Lax session cookie that lasts 24 hours', async () => {
    const response = await browser().register(uniqueEmail());
    const cookie = [response.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith('kc.session_token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=86400/);
  });
});

describe('sign-out', () => {
  it('ends the session on the server, for the cookie and for the token', async () => {
    const client = browser();
    const email = uniqueEmail();
    const signIn = await client.register(email);
    const { token } = signIn.json() as { token: string };

    const signOut = await client.post('/api/v1/auth/sign-out');
    expect(signOut.statusCode).toBe(200);
    expect(await client.session()).toBeNull();
    expect(await harness.app.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);

    const withToken = new TestBrowser(harness.app);
    withToken.bearer = token;
    expect((await withToken.get('/api/v1/users/users/profile/')).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('last 24 hours from sign-in and are never extended', async () => {
    const client = browser();
    await client.register(uniqueEmail());
    const first = authSessionSchema.parse(await client.session());
    if (!first) throw new Error('no session');
    expect(first.session.expiresAt.getTime() - first.session.createdAt.getTime()).toBe(SESSION_LENGTH_MS);

    // A minute before the end it is still valid, and using it does not push the end back.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(first.session.expiresAt.getTime() - 60_000);
    const late = authSessionSchema.parse(await client.session());
    expect(late?.session.expiresAt.getTime()).toBe(first.session.expiresAt.getTime());
    expect((await client.get('/api/v1/users/users/profile/')).statusCode).toBe(200);

    // Past 24 hours it is over: no session, and customer calls answer 401.
    vi.setSystemTime(first.session.expiresAt.getTime() + 1000);
    expect(await client.session()).toBeNull();
    const profile = await client.get('/api/v1/users/users/profile/');
    expect(profile.statusCode).toBe(401);
    expect(envelope(profile.body).message).toBe('Please sign in to continue.');
  });

  it('ends when its expiry passes in the database', async () => {
    const client = browser();
    const response = await client.register(uniqueEmail());
    const { token } = response.json() as { token: string };
    await harness.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.token, token));
    expect(await client.session()).toBeNull();
  });
});

describe('anonymous visitors', () => {
  it('get a session of their own, but not customer calls', async () => {
    const first = browser();
    const second = browser();
    const a = await first.startVisit();
    const b = await second.startVisit();
    expect(a.statusCode).toBe(200);
    expect(a.json().user.isAnonymous).toBe(true);
    expect(a.json().user.id).not.toBe(b.json().user.id);
    expect(a.json().token).not.toBe(b.json().token);

    const session = authSessionSchema.parse(await first.session());
    expect(session?.user.isAnonymous).toBe(true);
    expect(session && session.session.expiresAt.getTime() - session.session.createdAt.getTime()).toBe(
      SESSION_LENGTH_MS,
    );

    const profile = await first.get('/api/v1/users/users/profile/');
    expect(profile.statusCode).toBe(401);
    expect(envelope(profile.body)).toEqual({ code: 'unauthorized', message: 'Please sign in to continue.' });
  });

  it('start again after 24 hours', async () => {
    const client = browser();
    const first = await client.startVisit();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_LENGTH_MS + 1000);
    expect(await client.session()).toBeNull();
    const renewed = await client.post('/api/v1/auth/sign-in/anonymous');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().user.id).not.toBe(first.json().user.id);
  });

  it('are linked on sign-in: the event names both users, runs before the answer, then the visitor is removed', async () => {
    const email = uniqueEmail();
    await browser().register(email);

    const seen: Array<{ anonymousUserId: string; userId: string; anonymousRowExists: boolean }> = [];
    const unsubscribe = harness.app.events.subscribe('identity.account_linked', async (payload) => {
      const rows = await harness.app.db.select().from(users).where(eq(users.id, payload.anonymousUserId));
      seen.push({ ...payload, anonymousRowExists: rows.length === 1 });
    });
    try {
      const client = browser();
      const visit = await client.startVisit();
      const anonymousUserId = visit.json().user.id as string;
      const signIn = await client.signIn(email);
      expect(signIn.statusCode).toBe(200);
      const userId = signIn.json().user.id as string;

      expect(seen).toEqual([{ anonymousUserId, userId, anonymousRowExists: true }]);
      expect(await harness.app.db.select().from(users).where(eq(users.id, anonymousUserId))).toEqual([]);
      expect(authSessionSchema.parse(await client.session())?.user.id).toBe(userId);
    } finally {
      unsubscribe();
    }
  });

  it('keep their row (without sessions) when a handler fails, and the sign-in still succeeds', async () => {
    const email = uniqueEmail();
    await browser().register(email);
    const unsubscribe = harness.app.events.subscribe('identity.account_linked', () => {
      throw new Error('cart service is down');
    });
    try {
      const client = browser();
      const visit = await client.startVisit();
      const { token: anonymousToken, user } = visit.json() as { token: string; user: { id: string } };
      const signIn = await client.signIn(email);
      expect(signIn.statusCode).toBe(200);
      const [row] = await harness.app.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.isAnonymous).toBe(true);
      expect(await harness.app.db.select().from(sessions).where(eq(sessions.token, anonymousToken))).toEqual(
        [],
      );
    } finally {
      unsubscribe();
    }
  });

  it('cannot start a second anonymous session on top of the first', async () => {
    const client = browser();
    await client.startVisit();
    const again = await client.post('/api/v1/auth/sign-in/anonymous');
    expect(again.statusCode).toBe(400);
  });
});

describe('security notices', () => {
  it('publishes new-device sign-ins (not the first device, not a known one) and registrations', async () => {
    const newDevices: string[] = [];
    const registered: string[] = [];
    const offDevice = harness.app.events.subscribe('identity.new_device_sign_in', (payload) => {
      newDevices.push(`${payload.email} ${payload.userAgent} ${payload.ipAddress}`);
    });
    const offRegistered = harness.app.events.subscribe('identity.user_registered', (payload) => {
      registered.push(payload.email);
    });
    try {
      const email = uniqueEmail('devices');
      const phone = new TestBrowser(harness.app, { userAgent: 'Phone/1.0', ip: '10.9.9.1' });
      await phone.register(email);
      expect(registered).toEqual([email]);
      await phone.signIn(email);
      expect(newDevices).toEqual([]);

      const laptop = new TestBrowser(harness.app, { userAgent: 'Laptop/2.0', ip: '10.9.9.2' });
      await laptop.get('/api/v1/auth/csrf');
      await laptop.signIn(email);
      expect(newDevices).toEqual([`${email} Laptop/2.0 10.9.9.2`]);
      await laptop.signIn(email);
      expect(newDevices).toHaveLength(1);

      // A failed sign-in from a new device is no sign-in.
      await new TestBrowser(harness.app, { userAgent: 'Evil/1.0' }).signIn(email, 'wrong password here');
      expect(newDevices).toHaveLength(1);
    } finally {
      offDevice();
      offRegistered();
    }
  });
});

describe('bearer tokens', () => {
  it('authenticate like the cookie', async () => {
    const email = uniqueEmail();
    const signIn = await browser().register(email);
    const client = new TestBrowser(harness.app);
    client.bearer = signIn.json().token;
    const profile = await client.get('/api/v1/users/users/profile/');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(email);
    const session = authSessionSchema.parse(await client.session());
    expect(session?.user.email).toBe(email);
  });

  it('are refused when unknown', async () => {
    const client = new TestBrowser(harness.app);
    client.bearer = 'A'.repeat(32);
    expect((await client.get('/api/v1/users/users/profile/')).statusCode).toBe(401);
  });
});

describe('better-auth endpoints that would bypass the profile rules', () => {
  it('are switched off', async () => {
    const client = browser();
    await client.register(uniqueEmail());
    for (const path of [
      '/api/v1/auth/update-user',
      '/api/v1/auth/change-email',
      '/api/v1/auth/delete-user',
    ]) {
      const response = await client.post(path, {
        name: 'x',
        dateOfBirth: '2015-01-01',
        newEmail: 'x@example.ug',
      });
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('house-keeping', () => {
  it('removes anonymous users whose session is over, and nobody else', async () => {
    const visitor = browser();
    const visit = await visitor.startVisit();
    const anonymousId = visit.json().user.id as string;
    const live = browser();
    const liveId = (await live.startVisit()).json().user.id as string;
    const email = uniqueEmail();
    await browser().register(email);

    const longAgo = new Date(Date.now() - 3 * SESSION_LENGTH_MS);
    await harness.app.db.update(users).set({ createdAt: longAgo }).where(eq(users.id, anonymousId));
    await harness.app.db.update(users).set({ createdAt: longAgo }).where(eq(users.id, liveId));
    await harness.app.db.update(users).set({ createdAt: longAgo }).where(eq(users.email, email));
    await harness.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, anonymousId));

    await purgeStaleAnonymousUsers(harness.app.db, new Date(Date.now() - 2 * SESSION_LENGTH_MS), new Date());
    expect(await harness.app.db.select().from(users).where(eq(users.id, anonymousId))).toEqual([]);
    expect(await harness.app.db.select().from(users).where(eq(users.id, liveId))).toHaveLength(1);
    expect(await harness.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('password policy and providers', () => {
  it('publishes the password policy', async () => {
    const response = await browser().get('/api/v1/auth/password-policy');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(PASSWORD_POLICY);
    expect(response.json()).toMatchObject({ min_length: 8, max_length: 128, checks_common_passwords: true });
  });

  it('lists e-mail and password only when nothing else is configured', async () => {
    const response = await browser().get('/api/v1/auth/providers');
    expect(response.json()).toEqual({ email_password: true, google: false, oidc: null });
  });
});

describe('password hashing', () => {
  it('uses argon2id with OWASP parameters unless a test asks otherwise', async () => {
    const production = await createTestApp();
    try {
      const client = new TestBrowser(production.app);
      const email = uniqueEmail();
      await client.register(email);
      const [row] = await production.app.db
        .select({ password: accounts.password })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(eq(users.email, email));
      expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await production.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the identity endpoints', async () => {
    const document = (await browser().get('/api/v1/openapi.json')).json();
    for (const path of [
      '/api/v1/auth/sign-up/email',
      '/api/v1/auth/sign-in/email',
      '/api/v1/auth/sign-in/anonymous',
      '/api/v1/auth/get-session',
      '/api/v1/auth/password-policy',
      '/api/v1/auth/providers',
      '/api/v1/users/users/profile/',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});
