import { PASSWORD_POLICY } from '@shop/contract/identity';
import type { Profile } from '@shop/contract/profile';
import { vi } from 'vitest';
import {
  AGE_CONFIRMATION_STORAGE_KEY,
  AGE_CONFIRMED_VALUE,
} from '../../features/identity/age-gate/age-confirmation';

/** Test helpers for the identity feature: sessions as the API answers them, and a fake API. */

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function envelope(
  status: number,
  code: string,
  message: string,
  fields?: { field: string; message: string }[],
) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

const HOUR = 60 * 60 * 1000;

export type FakeUser = {
  id?: string;
  name?: string;
  email?: string;
  isAnonymous?: boolean;
  role?: string;
  mustChangePassword?: boolean;
};

/** `GET /auth/get-session`'s answer for a session that ends in `expiresInMs`. */
export function sessionBody(user: FakeUser = {}, expiresInMs = 24 * HOUR) {
  const now = Date.now();
  const anonymous = user.isAnonymous ?? false;
  return {
    session: {
      id: 'session-1',
      userId: user.id ?? 'user-1',
      token: 'token-1',
      createdAt: new Date(now - HOUR).toISOString(),
      expiresAt: new Date(now + expiresInMs).toISOString(),
    },
    user: {
      id: user.id ?? (anonymous ? 'anon-1' : 'user-1'),
      name: user.name ?? (anonymous ? 'Anonymous' : 'Amina Nakato'),
      email: user.email ?? (anonymous ? 'anon-1@anonymous.invalid' : 'amina@example.ug'),
      emailVerified: false,
      isAnonymous: anonymous,
      role: user.role ?? 'customer',
      mustChangePassword: user.mustChangePassword ?? false,
      createdAt: new Date(now - 10 * HOUR).toISOString(),
      updatedAt: new Date(now - HOUR).toISOString(),
    },
  };
}

export const customerSession = (user: FakeUser = {}) => sessionBody({ ...user, isAnonymous: false });
export const anonymousSession = (user: FakeUser = {}) => sessionBody({ ...user, isAnonymous: true });

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    name: 'Amina Nakato',
    email: 'amina@example.ug',
    phone: '+256772123456',
    date_of_birth: '1990-05-17',
    default_delivery_address: { area: 'Kololo', street: 'Acacia Avenue', landmark: null, notes: null },
    newsletter_opt_in: false,
    role: 'customer',
    created_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export type FakeRequest = {
  method: string;
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
};

/** What a fake endpoint answers: a body (200), or a Response for anything else. */
export type FakeHandler = (request: FakeRequest) => unknown;

/**
 * Replaces fetch with a fake API keyed by `METHOD /path` (or just `/path` for any method), path
 * without /api/v1 and the query. A request without a handler answers 404. The defaults answer the
 * password policy, the providers (no Google, no OIDC) and e-mail delivery (sent, as with SMTP);
 * the session is whatever `session` says.
 */
export function mockIdentityApi(handlers: Record<string, FakeHandler> = {}) {
  const requests: FakeRequest[] = [];
  const all: Record<string, FakeHandler> = {
    'GET /auth/password-policy': () => PASSWORD_POLICY,
    'GET /auth/providers': () => ({ email_password: true, google: false, oidc: null }),
    'GET /email/delivery/': () => ({ email_delivery: 'sent' }),
    'POST /auth/sign-in/anonymous': () => ({ token: 'anon-token', user: anonymousSession().user }),
    // Pages that show refunds beside what they are about (the payments page, the staff's order).
    'GET /payments/refunds/my_refunds/': () => ({ results: [], count: 0, total_pages: 0, next: null }),
    'GET /admin/refunds/subject/': () => ({ transactions: [], refunds: [] }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path,
      url,
      headers: { ...((init?.headers as Record<string, string> | undefined) ?? {}) },
      body: text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(request);
    const handler = all[`${method} ${path}`] ?? all[path];
    if (!handler) return envelope(404, 'not_found', 'Not found');
    const answer = await handler(request);
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** The requests made to `METHOD /path`. */
    callsTo: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

/** Answers the age question in advance, as a returning adult visitor's browser would. */
export function confirmAge() {
  localStorage.setItem(AGE_CONFIRMATION_STORAGE_KEY, AGE_CONFIRMED_VALUE);
}
