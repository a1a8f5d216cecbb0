import { SESSION_CHECK_INTERVAL_MS } from '@shop/contract/constants';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  anonymousSession,
  customerSession,
  envelope,
  mockIdentityApi,
  sessionBody,
} from '../../test/fakes/identity-api';
import { api, setSessionExpiredHandler, setUnauthorizedHandler } from '../api-client';
import { toast } from '../toast';
import { SESSION_EXPIRED_MESSAGE, SessionStore } from './session-store';

let queryClient: QueryClient;
let store: SessionStore;
let toastError: ReturnType<typeof vi.spyOn>;

/** A cart query with data in the cache, as the cart feature would have it. */
function seedCart() {
  queryClient.setQueryData(['cart', 'my_cart'], { items: [{ product: 1, quantity: 2 }] });
}
const cartData = () => queryClient.getQueryData(['cart', 'my_cart']);

beforeEach(() => {
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  store = new SessionStore(queryClient);
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => 0);
});

afterEach(() => {
  store.stop();
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

describe('start-up', () => {
  it('signs in anonymously (no body, no Content-Type) when there is no session', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => null });
    expect(store.getSnapshot().status).toBe('loading');
    await store.start();
    expect(store.getSnapshot()).toMatchObject({ status: 'anonymous', user: { isAnonymous: true } });
    const [signIn] = api.callsTo('POST /auth/sign-in/anonymous');
    expect(signIn?.body).toBeUndefined();
    expect(signIn?.headers['Content-Type']).toBeUndefined();
  });

  it('signs in anonymously again when the session has expired', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => sessionBody({ isAnonymous: true }, -1000) });
    await store.start();
    expect(api.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(1);
    expect(store.getSnapshot().status).toBe('anonymous');
  });

  it('keeps a live customer session, without an anonymous sign-in', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => customerSession({ name: 'Amina' }) });
    await store.start();
    expect(store.getSnapshot()).toMatchObject({ status: 'customer', user: { name: 'Amina' } });
    expect(api.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(0);
  });

  it('starts once however often it is asked', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await Promise.all([store.start(), store.start(), store.start()]);
    expect(api.callsTo('GET /auth/get-session')).toHaveLength(1);
  });

  it('says when the session is known, to whoever asks before or after (the held taps wait for it)', async () => {
    mockIdentityApi({ 'GET /auth/get-session': () => customerSession({ name: 'Amina' }) });
    let known = false;
    const before = store.known().then(() => {
      known = true;
    });
    await Promise.resolve();
    expect(known).toBe(false);
    await store.start();
    await before;
    expect(known).toBe(true);
    expect(store.getSnapshot().status).toBe('customer');
    await expect(store.known()).resolves.toBeUndefined();
  });

  it('lets the visitor browse when the API cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await store.start();
    expect(store.getSnapshot()).toEqual({ status: 'anonymous', user: null, expiresAt: null });
  });
});

describe('the 5-minute check', () => {
  it('signs an expired customer out to anonymous and clears the cart queries', async () => {
    vi.useFakeTimers();
    let session: unknown = customerSession();
    const api = mockIdentityApi({ 'GET /auth/get-session': () => session });
    await store.start();
    seedCart();
    expect(store.getSnapshot().status).toBe('customer');

    // Still live at the first check: nothing changes.
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(api.callsTo('GET /auth/get-session')).toHaveLength(2);
    expect(store.getSnapshot().status).toBe('customer');
    expect(cartData()).toBeDefined();

    // The server ended it: the next check, five minutes later, finds no session.
    session = null;
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(api.callsTo('GET /auth/get-session')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('anonymous'));
    expect(api.callsTo('GET /auth/get-session')).toHaveLength(3);
    expect(api.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(1);
    expect(cartData()).toBeUndefined();
    expect(toastError).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE, expect.anything());
  });

  it('treats a session whose expiresAt has passed as ended', async () => {
    vi.useFakeTimers();
    let session: unknown = customerSession();
    const api = mockIdentityApi({ 'GET /auth/get-session': () => session });
    await store.start();
    session = sessionBody({ isAnonymous: false }, -1);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    await vi.waitFor(() => expect(store.getSnapshot().status).toBe('anonymous'));
    expect(api.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(1);
  });

  it('renews an anonymous session after it expires (24 hours)', async () => {
    vi.useFakeTimers();
    let session: unknown = anonymousSession();
    const api = mockIdentityApi({ 'GET /auth/get-session': () => session });
    await store.start();
    session = null;
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    await vi.waitFor(() => expect(api.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(1));
    expect(store.getSnapshot().status).toBe('anonymous');
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('sign-in and sign-out', () => {
  it('signs in from the anonymous session and reloads the cart from the server', async () => {
    let session: unknown = anonymousSession();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => session,
      'POST /auth/sign-in/email': () => {
        session = customerSession({ name: 'Amina' });
        return { redirect: false, token: 't', user: customerSession().user };
      },
    });
    await store.start();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await store.signIn('amina@example.ug', 'correct horse battery staple');
    expect(api.callsTo('POST /auth/sign-in/email')[0]?.body).toEqual({
      email: 'amina@example.ug',
      password: 'correct horse battery staple',
    });
    expect(store.getSnapshot()).toMatchObject({ status: 'customer', user: { name: 'Amina' } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cart'] });
  });

  it('a failed sign-in stays anonymous and passes the error on', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /auth/sign-in/email': () => envelope(401, 'unauthorized', 'Invalid email or password'),
    });
    await store.start();
    await expect(store.signIn('amina@example.ug', 'wrong')).rejects.toMatchObject({ status: 401 });
    expect(store.getSnapshot().status).toBe('anonymous');
  });

  it('a failed sign-in without any session left returns to a new anonymous session', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => null,
      'POST /auth/sign-in/email': () => envelope(429, 'rate_limited', 'Too many attempts'),
    });
    await store.start();
    await expect(store.signIn('amina@example.ug', 'wrong')).rejects.toMatchObject({ status: 429 });
    expect(api.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(2);
    expect(store.getSnapshot().status).toBe('anonymous');
  });

  it('sign-out ends the server session, signs in anonymously and clears the cart state', async () => {
    let session: unknown = customerSession();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => session,
      'POST /auth/sign-out': () => {
        session = null;
        return { success: true };
      },
    });
    await store.start();
    seedCart();
    queryClient.setQueryData(['profile'], { name: 'Amina' });
    await store.signOut();
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /auth/get-session',
      'POST /auth/sign-out',
      'POST /auth/sign-in/anonymous',
    ]);
    expect(store.getSnapshot().status).toBe('anonymous');
    expect(cartData()).toBeUndefined();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });
});

describe('401 for a signed-in customer (through the API client)', () => {
  it('reads the session again and retries the request once', async () => {
    let orders = 0;
    const fake = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/orders/': () =>
        ++orders === 1 ? envelope(401, 'unauthorized', 'Please sign in to continue.') : [],
    });
    await store.start();
    await expect(api.get('/orders/orders/')).resolves.toEqual([]);
    expect(fake.callsTo('GET /orders/orders/')).toHaveLength(2);
    expect(fake.callsTo('GET /auth/get-session')).toHaveLength(2);
    expect(store.getSnapshot().status).toBe('customer');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('when the retry answers 401 again: signs out to anonymous, clears the cart, says the session expired', async () => {
    let session: unknown = customerSession();
    const fake = mockIdentityApi({
      'GET /auth/get-session': () => session,
      'POST /auth/sign-out': () => {
        session = null;
        return { success: true };
      },
      'GET /orders/orders/': () => envelope(401, 'unauthorized', 'Please sign in to continue.'),
    });
    await store.start();
    seedCart();
    await expect(api.get('/orders/orders/', { toast: false })).rejects.toMatchObject({ status: 401 });
    expect(fake.callsTo('GET /orders/orders/')).toHaveLength(2);
    expect(fake.callsTo('POST /auth/sign-out')).toHaveLength(1);
    expect(fake.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(1);
    expect(store.getSnapshot().status).toBe('anonymous');
    expect(cartData()).toBeUndefined();
    expect(toastError).toHaveBeenCalledWith(
      'Your session has expired. Please log in again.',
      expect.anything(),
    );
  });

  it('when the session is gone already: no retry, signs out with the message', async () => {
    let session: unknown = customerSession();
    const fake = mockIdentityApi({
      'GET /auth/get-session': () => session,
      'GET /orders/orders/': () => {
        session = null;
        return envelope(401, 'unauthorized', 'Please sign in to continue.');
      },
    });
    await store.start();
    await expect(api.get('/orders/orders/', { toast: false })).rejects.toMatchObject({ status: 401 });
    expect(fake.callsTo('GET /orders/orders/')).toHaveLength(1);
    expect(store.getSnapshot().status).toBe('anonymous');
    expect(toastError).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE, expect.anything());
  });

  it.each([
    ['reads the new anonymous session', false],
    ['read no session before the check ended', true],
  ])(
    'a 401 whose session read %s, after the 5-minute check signed the customer out, leaves the new anonymous session alone',
    async (_case, answersAsAtCall) => {
      let session: unknown = customerSession();
      let releaseRead: () => void = () => undefined;
      let reads = 0;
      const fake = mockIdentityApi({
        'GET /auth/get-session': async () => {
          reads += 1;
          if (reads !== 2) return session;
          // The 401 handler's read, answered only after the periodic check has finished.
          const atCall = session;
          await new Promise<void>((resolve) => {
            releaseRead = resolve;
          });
          return answersAsAtCall ? atCall : session;
        },
        'POST /auth/sign-out': () => {
          session = null;
          return { success: true };
        },
        'POST /auth/sign-in/anonymous': () => {
          session = anonymousSession();
          return { token: 'anon-token', user: anonymousSession().user };
        },
      });
      await store.start();
      session = null;
      const unauthorized = store.handleUnauthorized();
      await store.check();
      expect(store.getSnapshot().status).toBe('anonymous');
      releaseRead();
      expect(await unauthorized).toBe(false);
      await store.expire();

      expect(fake.callsTo('POST /auth/sign-out')).toHaveLength(0);
      expect(fake.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(1);
      expect(store.getSnapshot().status).toBe('anonymous');
      expect(toastError).toHaveBeenCalledTimes(1);
    },
  );

  it('an anonymous visitor’s 401 is an answer: no refresh, no sign-out', async () => {
    const fake = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /orders/cart/my_cart/': () => envelope(401, 'unauthorized', 'Please sign in to continue.'),
    });
    await store.start();
    await expect(api.get('/orders/cart/my_cart/', { toast: false })).rejects.toMatchObject({ status: 401 });
    expect(fake.callsTo('GET /orders/cart/my_cart/')).toHaveLength(1);
    expect(fake.callsTo('GET /auth/get-session')).toHaveLength(1);
    expect(fake.callsTo('POST /auth/sign-out')).toHaveLength(0);
  });
});

describe('replacing the session (a password change)', () => {
  /** The session cookie: the old one is gone the moment the password changes; the new one comes with the answer. */
  const cookie = { isNew: true };
  const sessionByCookie = () => (cookie.isNew ? customerSession({ mustChangePassword: false }) : null);

  /** A password change under way, until `finish()` brings the new cookie. */
  function startPasswordChange() {
    let finish: () => void = () => undefined;
    cookie.isNew = false;
    const replaced = store.replaceSession(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            cookie.isNew = true;
            resolve();
          };
        }),
    );
    return { replaced, finish: () => finish() };
  }

  beforeEach(() => {
    cookie.isNew = true;
  });

  it('does not sign out over a request refused while the old session was being replaced', async () => {
    const fake = mockIdentityApi({
      'GET /auth/get-session': sessionByCookie,
      'GET /notifications/': () => envelope(401, 'unauthorized', 'Please sign in to continue.'),
    });
    await store.start();
    const change = startPasswordChange();
    // A background read sent with the old cookie, refused, reads no session either.
    await expect(api.get('/notifications/', { toast: false })).rejects.toMatchObject({ status: 401 });
    change.finish();
    await change.replaced;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getSnapshot().status).toBe('customer');
    expect(fake.callsTo('POST /auth/sign-out')).toHaveLength(0);
    expect(fake.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(0);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('holds a session check made meanwhile until the new session is in place', async () => {
    const fake = mockIdentityApi({ 'GET /auth/get-session': sessionByCookie });
    await store.start();
    const change = startPasswordChange();
    // The notification socket closes as the old session ends: the store checks the session.
    const checked = store.check();
    await new Promise((resolve) => setTimeout(resolve, 20));
    change.finish();
    await change.replaced;
    await checked;
    expect(store.getSnapshot().status).toBe('customer');
    expect(fake.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(0);
  });
});
