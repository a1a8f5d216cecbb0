import { errorEnvelopeSchema } from '@shop/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/identity';
import { currentAuth, requireCustomer, requireStaff, requireVisitor } from '../../plugins/auth';
import { accountSignInDelayMs, SIGN_IN_ACCOUNT_FREE_FAILURES, SIGN_IN_FAILURE_WINDOW_MS } from './auth';
import { STRONG_PASSWORD, TestBrowser, uniqueEmail } from './testing';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' }, (app) => {
    app.post('/api/v1/test/orders/', { preHandler: requireCustomer }, async (request) => ({
      user: currentAuth(request).user.id,
    }));
    app.get('/api/v1/test/browse/', { preHandler: requireVisitor }, async (request) => ({
      anonymous: currentAuth(request).user.isAnonymous,
    }));
    app.get('/api/v1/test/back-office/', { preHandler: requireStaff }, async (request) => ({
      role: currentAuth(request).user.role,
    }));
    app.post('/api/v1/test/flutterwave/webhook/', async () => ({ received: true }));
  });
});
afterAll(() => harness?.close());
afterEach(() => {
  vi.useRealTimers();
});

const browser = (options: ConstructorParameters<typeof TestBrowser>[1] = {}) =>
  new TestBrowser(harness.app, options);
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

async function customer() {
  const client = browser();
  const email = uniqueEmail();
  const signIn = await client.register(email);
  return { client, email, token: signIn.json().token as string, id: signIn.json().user.id as string };
}

describe('CSRF', () => {
  it('issues a readable, SameSite=Lax csrf_token cookie to a request without one, once', async () => {
    const client = browser();
    const first = await client.get('/api/v1/health');
    const cookie = [first.headers['set-cookie']].flat().find((line) => line?.startsWith('csrf_token='));
    expect(cookie).toMatch(/^csrf_token=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/);

    const second = await client.get('/api/v1/health');
    expect([second.headers['set-cookie']].flat().filter((line) => line?.startsWith('csrf_token='))).toEqual(
      [],
    );

    // Answers meant for shared caches never set it (a CDN would refuse to cache them).
    const cacheable = await browser().get('/api/v1/products/categories/');
    expect(cacheable.headers['cache-control']).toContain('public');
    expect(cacheable.headers['set-cookie']).toBeUndefined();

    const token = await client.get('/api/v1/auth/csrf');
    expect(token.json()).toEqual({
      csrf_token: client.cookie('csrf_token'),
      header: 'X-CSRF-Token',
      cookie: 'csrf_token',
    });
  });

  it('refuses a cookie-authenticated POST without the header, or with a wrong one', async () => {
    const { client } = await customer();
    const without = await client.request({
      method: 'POST',
      url: '/api/v1/test/orders/',
      payload: {},
      csrf: false,
    });
    expect(without.statusCode).toBe(403);
    expect(envelope(without.body).code).toBe('forbidden');
    expect(envelope(without.body).message).toMatch(/CSRF token/);

    const wrong = await client.request({
      method: 'POST',
      url: '/api/v1/test/orders/',
      payload: {},
      headers: { 'x-csrf-token': 'A'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);

    const right = await client.post('/api/v1/test/orders/', {});
    expect(right.statusCode).toBe(200);
  });

  it('applies to PUT, PATCH and DELETE and to better-auth endpoints (sign-out, sign-in from a session)', async () => {
    const { client, email } = await customer();
    const patch = await client.request({
      method: 'PATCH',
      url: '/api/v1/users/users/update_profile/',
      payload: { name: 'New' },
      csrf: false,
    });
    expect(patch.statusCode).toBe(403);
    const signOut = await client.request({ method: 'POST', url: '/api/v1/auth/sign-out', csrf: false });
    expect(signOut.statusCode).toBe(403);
    expect(await client.session()).not.toBeNull();

    // The web: an anonymous visitor (session cookie) signs in with the header.
    const visitor = browser();
    await visitor.startVisit();
    const refused = await visitor.request({
      method: 'POST',
      url: '/api/v1/auth/sign-in/email',
      payload: { email, password: STRONG_PASSWORD },
      csrf: false,
    });
    expect(refused.statusCode).toBe(403);
    expect((await visitor.signIn(email)).statusCode).toBe(200);
  });

  it('exempts bearer-authenticated requests and provider webhooks', async () => {
    const { token } = await customer();
    const api = browser();
    api.bearer = token;
    const viaBearer = await api.request({
      method: 'POST',
      url: '/api/v1/test/orders/',
      payload: {},
      csrf: false,
    });
    expect(viaBearer.statusCode).toBe(200);
    // Nor is it given a CSRF cookie it would not use.
    expect(
      [viaBearer.headers['set-cookie']].flat().filter((line) => line?.startsWith('csrf_token=')),
    ).toEqual([]);

    const { client } = await customer();
    const webhook = await client.request({
      method: 'POST',
      url: '/api/v1/test/flutterwave/webhook/',
      payload: {},
      csrf: false,
    });
    expect(webhook.statusCode).toBe(200);
  });

  it('does not apply to requests without a session cookie (first sign-in)', async () => {
    const client = browser({ csrf: false });
    const response = await client.post('/api/v1/auth/sign-in/anonymous');
    expect(response.statusCode).toBe(200);
  });

  it('marks the cookie Secure when the shop is served over https', async () => {
    const secure = await createTestApp({
      PUBLIC_URL: 'https://shop.example',
      AUTH_TEST_FAST_HASHING: 'true',
    });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/v1/health' });
      const cookie = [response.headers['set-cookie']].flat().find((line) => line?.startsWith('csrf_token='));
      expect(cookie).toMatch(/; Secure$/);
      expect(secure.app.sessionCookieName).toBe('__Secure-kc.session_token');
      expect((await secure.app.betterAuth.$context).authCookies.sessionToken.name).toBe(
        '__Secure-kc.session_token',
      );
    } finally {
      await secure.close();
    }
  });

  it('keeps better-auth origin check: a cookie POST from another site is refused', async () => {
    const { client } = await customer();
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(await client.session()).not.toBeNull();
  });
});

describe('role guards', () => {
  it('customer routes: 401 signed out and anonymous, 200 for a customer', async () => {
    const nobody = browser();
    await nobody.get('/api/v1/auth/csrf');
    expect((await nobody.post('/api/v1/test/orders/', {})).statusCode).toBe(401);

    const visitor = browser();
    await visitor.startVisit();
    const anonymous = await visitor.post('/api/v1/test/orders/', {});
    expect(anonymous.statusCode).toBe(401);
    expect(envelope(anonymous.body).message).toBe('Please sign in to continue.');
    expect((await visitor.get('/api/v1/test/browse/')).json()).toEqual({ anonymous: true });

    const { client, id } = await customer();
    expect((await client.post('/api/v1/test/orders/', {})).json()).toEqual({ user: id });
  });

  it('visitor routes need a session of any kind', async () => {
    expect((await browser().get('/api/v1/test/browse/')).statusCode).toBe(401);
  });

  it('staff routes: 401 signed out, 403 for customers, 200 for staff and admins', async () => {
    expect((await browser().get('/api/v1/test/back-office/')).statusCode).toBe(401);
    const visitor = browser();
    await visitor.startVisit();
    expect((await visitor.get('/api/v1/test/back-office/')).statusCode).toBe(401);

    const { client, id } = await customer();
    const refused = await client.get('/api/v1/test/back-office/');
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused.body)).toEqual({
      code: 'forbidden',
      message: "You don't have permission to perform this action.",
    });

    for (const role of ['staff', 'admin'] as const) {
      await harness.app.db.update(users).set({ role }).where(eq(users.id, id));
      const allowed = await client.get('/api/v1/test/back-office/');
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ role });
    }
  });
});

describe('sign-in rate limits', () => {
  it('after 5 failures answers 429 for that account from that address only, and lifts after 15 minutes', async () => {
    const email = uniqueEmail();
    await browser().register(email);
    const attacker = browser();
    for (let i = 0; i < 5; i++) {
      expect((await attacker.signIn(email, `wrong password ${i}`)).statusCode).toBe(401);
    }
    const blocked = await attacker.signIn(email, STRONG_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(envelope(blocked.body).code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // The customer, elsewhere, still gets in; the attacker's address can still use other accounts.
    expect((await browser().signIn(email)).statusCode).toBe(200);
    const other = uniqueEmail();
    await browser().register(other);
    expect((await attacker.signIn(other)).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SIGN_IN_FAILURE_WINDOW_MS + 1000);
    expect((await attacker.signIn(email)).statusCode).toBe(200);
  });

  it('a success clears the failures of that account and address', async () => {
    const email = uniqueEmail();
    await browser().register(email);
    const client = browser();
    for (let i = 0; i < 4; i++) await client.signIn(email, `wrong ${i} password`);
    expect((await client.signIn(email)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await client.signIn(email, `wrong again ${i}`)).statusCode).toBe(401);
  });

  it('limits sign-in attempts per address across accounts', async () => {
    const client = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await client.signIn(uniqueEmail('spray'), 'some password 1')).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not affected.
    expect((await browser().signIn(uniqueEmail('spray'), 'some password 1')).statusCode).toBe(401);
  });

  it('slows guessing of one account from many addresses down, exponentially, without a lock-out', async () => {
    const email = uniqueEmail();
    await browser().register(email);
    // Ten attackers, one failure each: under every per-address limit.
    for (let i = 0; i < SIGN_IN_ACCOUNT_FREE_FAILURES; i++) {
      expect((await browser().signIn(email, `wrong password ${i}`)).statusCode).toBe(401);
    }
    // The next attempt from yet another address waits, even with the right password.
    const waiting = await browser().signIn(email);
    expect(waiting.statusCode).toBe(429);
    expect(envelope(waiting.body).code).toBe('rate_limited');
    expect(Number(waiting.headers['retry-after'])).toBe(1);

    // After the wait one more guess is allowed; it fails, and the next wait doubles.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1_100);
    expect((await browser().signIn(email, 'another wrong guess')).statusCode).toBe(401);
    expect((await browser().signIn(email)).headers['retry-after']).toBe('2');
    // Asking during a wait does not make it longer.
    expect((await browser().signIn(email, 'guess while waiting')).headers['retry-after']).toBe('2');

    // Bounded: after many failures the wait is at most 15 minutes…
    expect(accountSignInDelayMs(SIGN_IN_ACCOUNT_FREE_FAILURES + 40)).toBe(15 * 60 * 1000);
    // …and once it has passed, the real customer signs in, which clears the count.
    vi.setSystemTime(Date.now() + 2_100);
    expect((await browser().signIn(email)).statusCode).toBe(200);
    expect((await browser().signIn(email, 'a typo after that')).statusCode).toBe(401);
    expect((await browser().signIn(email)).statusCode).toBe(200);
  });

  it('sets the session cookie exactly once in the sign-in answer', async () => {
    const email = uniqueEmail();
    const name = harness.app.sessionCookieName;
    const sessionCookies = (response: { headers: Record<string, unknown> }) =>
      [response.headers['set-cookie'] ?? []].flat().filter((line) => String(line).startsWith(`${name}=`));
    const visitor = browser();
    await visitor.startVisit();
    await visitor.signUp({ email });
    // From an anonymous session (linked), from nothing, and over an existing session.
    expect(sessionCookies(await visitor.signIn(email))).toHaveLength(1);
    const fresh = browser();
    await fresh.get('/api/v1/auth/csrf');
    expect(sessionCookies(await fresh.signIn(email))).toHaveLength(1);
    expect(sessionCookies(await fresh.signIn(email))).toHaveLength(1);
  });

  it('limits anonymous sessions per address', async () => {
    const ip = '10.200.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await browser({ ip }).post('/api/v1/auth/sign-in/anonymous')).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
    expect((await browser().post('/api/v1/auth/sign-in/anonymous')).statusCode).toBe(200);
  });
});
