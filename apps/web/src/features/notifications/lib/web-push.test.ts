import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, enableWebPush, SERVICE_WORKER_URL, syncWebPush } from './web-push';

/**
 * Web Push in the browser (issue 7): the service worker is registered, and with the customer's
 * permission the browser's push subscription, made with the server's VAPID key, is registered
 * through `POST /notifications/register/` with platform web.
 */

const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const OTHER_KEY = 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

type FakeSubscription = {
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => unknown;
  unsubscribe: ReturnType<typeof vi.fn>;
};

function fakeSubscription(key: string, endpoint: string): FakeSubscription {
  return {
    options: { applicationServerKey: base64UrlToBytes(key).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

let permission: NotificationPermission;

/** The browser's Notification and PushManager, replaced (only their presence and permission matter). */
const FakeNotification = {
  get permission() {
    return permission;
  },
  requestPermission: () => requestPermission(),
};
const FakePushManager = {};

let existing: FakeSubscription | null;
let requests: Array<{ method: string; path: string; body: unknown }>;
const register = vi.fn();
const subscribe = vi.fn();
const requestPermission = vi.fn();

beforeEach(() => {
  permission = 'granted';
  existing = null;
  requests = [];
  register.mockReset();
  subscribe.mockReset();
  requestPermission.mockReset();
  subscribe.mockImplementation(async () =>
    fakeSubscription(SERVER_KEY, 'https://fcm.googleapis.com/fcm/send/new'),
  );
  register.mockImplementation(async () => ({
    pushManager: { getSubscription: async () => existing, subscribe },
  }));
  requestPermission.mockImplementation(async () => permission);
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', FakePushManager);
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    requests.push({ method, path: url.pathname, body });
    if (method === 'GET' && url.pathname === '/api/v1/notifications/push_key/') {
      return new Response(JSON.stringify({ public_key: SERVER_KEY }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    if (method === 'POST' && url.pathname === '/api/v1/notifications/register/') {
      return new Response(JSON.stringify({ registered: true, platform: 'web' }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    throw new TypeError(`No fake API answers ${method} ${url.pathname}`);
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

const registrations = () => requests.filter((request) => request.path === '/api/v1/notifications/register/');
/** The endpoint of the subscription registered first. */
const registeredEndpoint = () => {
  const body = registrations()[0]?.body as { token: string } | undefined;
  return body ? (JSON.parse(body.token) as { endpoint: string }).endpoint : null;
};

describe('syncWebPush (each visit of a signed-in customer)', () => {
  it('registers the service worker and the subscription, made with the server key, as platform web', async () => {
    await syncWebPush();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
    expect(subscribe).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(
      Array.from(base64UrlToBytes(SERVER_KEY)),
    );
    expect(registrations()).toEqual([
      {
        method: 'POST',
        path: '/api/v1/notifications/register/',
        body: {
          platform: 'web',
          token: JSON.stringify({
            endpoint: 'https://fcm.googleapis.com/fcm/send/new',
            expirationTime: null,
            keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
          }),
        },
      },
    ]);
  });

  it('registers only the service worker until the customer allows notifications', async () => {
    permission = 'default';
    await syncWebPush();
    expect(register).toHaveBeenCalledTimes(1);
    expect(subscribe).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('reuses a subscription made with the current key, and replaces one made with another', async () => {
    existing = fakeSubscription(SERVER_KEY, 'https://fcm.googleapis.com/fcm/send/kept');
    await syncWebPush();
    expect(subscribe).not.toHaveBeenCalled();
    expect(existing.unsubscribe).not.toHaveBeenCalled();
    expect(registeredEndpoint()).toBe('https://fcm.googleapis.com/fcm/send/kept');

    requests = [];
    const stale = fakeSubscription(OTHER_KEY, 'https://fcm.googleapis.com/fcm/send/stale');
    existing = stale;
    await syncWebPush();
    expect(stale.unsubscribe).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(registeredEndpoint()).toBe('https://fcm.googleapis.com/fcm/send/new');
  });
});

describe('enableWebPush (the customer turns notifications on)', () => {
  it('asks permission, then registers the subscription', async () => {
    permission = 'default';
    requestPermission.mockImplementation(async () => {
      permission = 'granted';
      return permission;
    });
    expect(await enableWebPush()).toBe('granted');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(registrations()).toHaveLength(1);
  });

  it('registers nothing when the customer refuses', async () => {
    permission = 'denied';
    expect(await enableWebPush()).toBe('denied');
    expect(register).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });
});
