import fs from 'node:fs';
import path from 'node:path';
import { BROWSER_NOTIFICATION_CLOSE_MS } from '@shop/contract/constants';
import type { PushPayload } from '@shop/contract/notification-constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service worker (apps/web/public/sw.js), run against a fake worker scope: a Web Push is
 * shown as a notification that closes after 5 s unless urgent (docs/product.md section 9), and a click
 * opens the page it is about.
 */

const source = fs.readFileSync(path.resolve(__dirname, '../../../../public/sw.js'), 'utf8');

type Listener = (event: { waitUntil: (promise: Promise<unknown>) => void } & Record<string, unknown>) => void;

type Shown = { title: string; options: NotificationOptions & { data?: { url: string } }; closed: boolean };

function startWorker() {
  const listeners = new Map<string, Listener>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: 'https://shop.example' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: Shown['options']) => {
        shown.push({ title, options, closed: false });
      },
      getNotifications: async (filter?: { tag?: string }) =>
        shown
          .filter((item) => !item.closed && (!filter?.tag || item.options.tag === filter.tag))
          .map((item) => ({
            close: () => {
              item.closed = true;
            },
          })),
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => [],
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  new Function('self', source)(scope);

  const dispatch = (type: string, extra: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`the worker does not listen to ${type}`);
    listener({ waitUntil: (promise) => pending.push(promise), ...extra });
    return Promise.all(pending);
  };
  const push = (payload: Partial<PushPayload>) =>
    dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
  return { shown, opened, push, dispatch };
}

const payload = (priority: PushPayload['priority']): Partial<PushPayload> => ({
  id: `00000000-0000-4000-8000-0000000000${priority.length.toString().padStart(2, '0')}`,
  type: 'delivery_update',
  title: 'Order ORD-20261122-7KQ2M is on its way',
  message: 'Musa Okello (+256772000111) is bringing it.',
  priority,
  url: '/delivery-tracking',
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the service worker', () => {
  it('shows a push, tagged with its id, and closes it after 5 s', async () => {
    const worker = startWorker();
    const done = worker.push(payload('high'));
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.shown).toHaveLength(1);
    const [shown] = worker.shown;
    expect(shown?.title).toBe('Order ORD-20261122-7KQ2M is on its way');
    expect(shown?.options).toMatchObject({
      body: 'Musa Okello (+256772000111) is bringing it.',
      tag: payload('high').id,
      requireInteraction: false,
      data: { url: '/delivery-tracking' },
    });
    await vi.advanceTimersByTimeAsync(BROWSER_NOTIFICATION_CLOSE_MS - 1);
    expect(shown?.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(shown?.closed).toBe(true);
  });

  it('keeps an urgent push until the customer deals with it', async () => {
    const worker = startWorker();
    await worker.push(payload('urgent'));
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(worker.shown[0]?.options.requireInteraction).toBe(true);
    expect(worker.shown[0]?.closed).toBe(false);
  });

  it('opens the page a notification is about, on this site only', async () => {
    const worker = startWorker();
    const click = (url: unknown) =>
      worker.dispatch('notificationclick', { notification: { data: { url }, close: () => undefined } });
    await click('/delivery-tracking');
    expect(worker.opened).toEqual(['https://shop.example/delivery-tracking']);

    await click('//evil.example/phish');
    await click('/\\evil.example/phish');
    expect(worker.opened.slice(1)).toEqual(['https://shop.example/', 'https://shop.example/']);

    // A payload naming another site is opened at the shop's home instead.
    for (const url of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example/',
      'javascript:alert(1)',
    ]) {
      await worker.push({ ...payload('urgent'), url });
    }
    expect(worker.shown.map((item) => item.options.data?.url)).toEqual(['/', '/', '/', '/']);
  });
});
