import http from 'node:http';
import { authSessionSchema } from '@shop/contract/identity';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accounts, users } from '../../db/schema/identity';
import { findFreePort } from '../../lib/net';
import { TestBrowser } from './testing';

/**
 * Signing in with OpenID Connect end to end, against a real `oidc-provider` on 127.0.0.1: the
 * authorization-code flow with PKCE, the provider's login and consent pages, the callback, the
 * ID token checked against the provider's keys. Nothing leaves the machine.
 */

const PEOPLE: Record<string, { email: string; name: string }> = {
  ada: { email: 'ada.namubiru@example.ug', name: 'Ada Namubiru' },
  bob: { email: 'bob.okello@example.ug', name: 'Bob Okello' },
};

let provider: Provider;
let providerServer: http.Server;
let issuer: string;
let harness: TestApp;

beforeAll(async () => {
  const port = await findFreePort();
  issuer = `http://127.0.0.1:${port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'kampala-cellars',
        client_secret: 'a-test-only-client-secret-that-is-long-enough',
        redirect_uris: ['http://localhost:3000/api/v1/auth/callback/oidc'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-only-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: async (_ctx, id) => {
      const person = PEOPLE[id];
      if (!person) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: person.email, email_verified: true, name: person.name }),
      };
    },
  });
  providerServer = http.createServer(provider.callback());
  await new Promise<void>((resolve) => providerServer.listen(port, '127.0.0.1', resolve));

  harness = await createTestApp({
    AUTH_TEST_FAST_HASHING: 'true',
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'kampala-cellars',
    OIDC_CLIENT_SECRET: 'a-test-only-client-secret-that-is-long-enough',
    OIDC_PROVIDER_NAME: 'Kampala ID',
  });
});

afterAll(async () => {
  await harness?.close();
  await new Promise<void>((resolve) => providerServer?.close(() => resolve()));
});

/** A user agent at the identity provider: a cookie jar and manual redirects. */
class ProviderAgent {
  readonly jar = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    if (target.origin !== issuer) throw new Error(`refusing to leave the loopback provider: ${url}`);
    const headers = new Headers(init.headers);
    if (this.jar.size > 0)
      headers.set('cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (!pair) continue;
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }
}

const formAction = (html: string) => {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form in:\n${html}`);
  return match[1].replace(/&amp;/g, '&');
};

/**
 * Follows the provider's redirects, signing in as `login` and consenting, until it redirects back
 * to the shop; answers that URL.
 */
async function authorizeAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const agent = new ProviderAgent();
  let next = authorizationUrl;
  for (let step = 0; step < 15; step++) {
    const response = await agent.fetch(next);
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location') ?? '', next);
      if (location.origin !== issuer) return location;
      next = location.href;
      continue;
    }
    const html = await response.text();
    expect(response.status, html).toBe(200);
    const action = new URL(formAction(html), next).href;
    const isLogin = html.includes('name="login"');
    const form = isLogin
      ? new URLSearchParams({ prompt: 'login', login, password: 'any password' })
      : new URLSearchParams({ prompt: 'consent' });
    const submitted = await agent.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect([302, 303]).toContain(submitted.status);
    next = new URL(submitted.headers.get('location') ?? '', action).href;
  }
  throw new Error('the provider never redirected back');
}

describe('sign-in with OpenID Connect', () => {
  it('lists the provider for the login page', async () => {
    const response = await new TestBrowser(harness.app).get('/api/v1/auth/providers');
    expect(response.json()).toEqual({
      email_password: true,
      google: false,
      oidc: { id: 'oidc', name: 'Kampala ID' },
    });
  });

  it('signs in end to end and links the anonymous visitor', async () => {
    const shop = new TestBrowser(harness.app);
    const visit = await shop.startVisit();
    const anonymousUserId = visit.json().user.id as string;
    const linked: string[] = [];
    const registered: string[] = [];
    const offLinked = harness.app.events.subscribe('identity.account_linked', (payload) => {
      if (payload.anonymousUserId === anonymousUserId) linked.push(payload.userId);
    });
    const offRegistered = harness.app.events.subscribe('identity.user_registered', (payload) => {
      registered.push(`${payload.email} ${payload.method}`);
    });
    const unsubscribe = () => {
      offLinked();
      offRegistered();
    };

    try {
      const start = await shop.post('/api/v1/auth/sign-in/social', {
        provider: 'oidc',
        callbackURL: '/account',
      });
      expect(start.statusCode).toBe(200);
      const authorizationUrl = new URL(start.json().url as string);
      expect(authorizationUrl.origin).toBe(issuer);
      expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorizationUrl.searchParams.get('scope')?.split(' ')).toEqual(
        expect.arrayContaining(['openid', 'email', 'profile']),
      );

      const callback = await authorizeAtProvider(authorizationUrl.href, 'ada');
      expect(callback.pathname).toBe('/api/v1/auth/callback/oidc');
      expect(callback.searchParams.get('code')).toBeTruthy();

      const landed = await shop.get(`${callback.pathname}${callback.search}`);
      expect(landed.statusCode).toBe(302);
      expect(new URL(landed.headers.location as string, 'http://localhost:3000').pathname).toBe('/account');

      const session = authSessionSchema.parse(await shop.session());
      expect(session?.user).toMatchObject({
        email: 'ada.namubiru@example.ug',
        name: 'Ada Namubiru',
        isAnonymous: false,
      });
      const [account] = await harness.app.db
        .select({ providerId: accounts.providerId, accountId: accounts.accountId })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(eq(users.email, 'ada.namubiru@example.ug'));
      expect(account).toEqual({ providerId: 'oidc', accountId: 'ada' });
      expect(linked).toEqual([session?.user.id]);
      expect(registered).toEqual(['ada.namubiru@example.ug oauth']);

      // The account made through the provider is a customer without a date of birth yet.
      const profile = await shop.get('/api/v1/users/users/profile/');
      expect(profile.json()).toMatchObject({
        email: 'ada.namubiru@example.ug',
        role: 'customer',
        date_of_birth: null,
      });
    } finally {
      unsubscribe();
    }
  });

  it('signs the same person in again to the same account', async () => {
    const shop = new TestBrowser(harness.app);
    await shop.get('/api/v1/auth/csrf');
    const start = await shop.post('/api/v1/auth/sign-in/social', { provider: 'oidc', callbackURL: '/' });
    const callback = await authorizeAtProvider(start.json().url as string, 'ada');
    await shop.get(`${callback.pathname}${callback.search}`);
    const session = authSessionSchema.parse(await shop.session());
    expect(session?.user.email).toBe('ada.namubiru@example.ug');
    const rows = await harness.app.db.select().from(users).where(eq(users.email, 'ada.namubiru@example.ug'));
    expect(rows).toHaveLength(1);
  });

  it('does not take over a password account with the same, unverified e-mail', async () => {
    const owner = new TestBrowser(harness.app);
    await owner.register('bob.okello@example.ug');
    const shop = new TestBrowser(harness.app);
    await shop.get('/api/v1/auth/csrf');
    const start = await shop.post('/api/v1/auth/sign-in/social', {
      provider: 'oidc',
      callbackURL: '/account',
    });
    const callback = await authorizeAtProvider(start.json().url as string, 'bob');
    const landed = await shop.get(`${callback.pathname}${callback.search}`);
    expect(landed.statusCode).toBe(302);
    const location = new URL(landed.headers.location as string, 'http://localhost:3000');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('account_not_linked');
    expect(await shop.session()).toBeNull();
  });

  it('refuses a callback whose state it did not issue', async () => {
    const shop = new TestBrowser(harness.app);
    const landed = await shop.get('/api/v1/auth/callback/oidc?code=forged&state=forged');
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toMatch(/\/login\?error=/);
    expect(await shop.session()).toBeNull();
  });
});
