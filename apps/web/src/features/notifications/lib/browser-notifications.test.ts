import { BROWSER_NOTIFICATION_CLOSE_MS } from '@shop/contract/constants';
import type { Notification as ShopNotification } from '@shop/contract/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showBrowserNotification } from './browser-notifications';

/** The browser's Notification, replaced: it records what was shown and closed. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const notification = (priority: ShopNotification['priority']): ShopNotification => ({
  id: `00000000-0000-4000-8000-00000000000${priority.length}`,
  type: 'delivery_update',
  title: 'Order ORD-1 is on its way',
  message: 'Your rider is on the way.',
  priority,
  is_read: false,
  related_id: null,
  created_at: new Date().toISOString(),
});

let visibility: DocumentVisibilityState = 'hidden';

beforeEach(() => {
  vi.useFakeTimers();
  FakeNotification.shown = [];
  FakeNotification.permission = 'granted';
  visibility = 'hidden';
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('showBrowserNotification (docs/product.md section 9)', () => {
  it('closes after 5 s unless urgent', () => {
    expect(showBrowserNotification(notification('high'), () => undefined)).toBe(true);
    expect(showBrowserNotification(notification('urgent'), () => undefined)).toBe(true);
    const [high, urgent] = FakeNotification.shown;
    expect(high?.options).toMatchObject({ body: 'Your rider is on the way.', tag: notification('high').id });
    expect(urgent?.options.requireInteraction).toBe(true);
    vi.advanceTimersByTime(BROWSER_NOTIFICATION_CLOSE_MS - 1);
    expect(high?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(high?.closed).toBe(true);
    vi.advanceTimersByTime(60 * 60_000);
    expect(urgent?.closed).toBe(false);
  });

  it('opens what it is about when clicked', () => {
    const open = vi.fn();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    showBrowserNotification(notification('normal'), open);
    FakeNotification.shown[0]?.onclick?.();
    expect(open).toHaveBeenCalledTimes(1);
    expect(focus).toHaveBeenCalled();
    expect(FakeNotification.shown[0]?.closed).toBe(true);
  });

  it('shows nothing without permission, or while the shop is in front (the toast tells)', () => {
    FakeNotification.permission = 'default';
    expect(showBrowserNotification(notification('high'), () => undefined)).toBe(false);
    FakeNotification.permission = 'granted';
    visibility = 'visible';
    expect(showBrowserNotification(notification('high'), () => undefined)).toBe(false);
    expect(FakeNotification.shown).toEqual([]);
  });
});
