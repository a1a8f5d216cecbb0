import { NOTIFICATION_RECEIVED_EVENT } from '@shop/contract/notification-constants';
import type { Notification, NotificationListResponse } from '@shop/contract/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../lib/toast';
import { json, mockCatalogApi } from '../../../test/fakes/catalog-api';
import { renderWithRouter } from '../../../test/render';
import { NotificationBell, timeAgo } from './notification-bell';

/** The browser's WebSocket, replaced: the test opens it and sends the server's messages. */
class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  close() {
    this.readyState = 3;
  }
}

let sequence = 0;
function makeNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type: 'order_update',
    title: `Notification ${sequence}`,
    message: 'Something happened.',
    priority: 'normal',
    is_read: false,
    related_id: '11111111-2222-4333-8444-555555555555',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

function listOf(results: Notification[], unread = results.filter((item) => !item.is_read).length) {
  const page: NotificationListResponse = {
    results,
    count: results.length,
    total_pages: results.length > 0 ? 1 : 0,
    next: null,
    unread_count: unread,
  };
  return page;
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

async function renderBell(list: NotificationListResponse, extra: Record<string, (url: URL) => unknown> = {}) {
  let current = list;
  const api = mockCatalogApi({
    '/notifications/': () => current,
    ...extra,
  });
  const view = await renderWithRouter(
    <>
      <NotificationBell userId="customer-1" />
      <Toasts />
    </>,
  );
  await screen.findByRole('button', { name: /^Notifications/ });
  return { ...view, api, setList: (next: NotificationListResponse) => (current = next) };
}

const socket = () => FakeWebSocket.instances.at(-1) as FakeWebSocket;

describe('NotificationBell', () => {
  it('shows the unread count and a panel of the newest, each linking to what it is about', async () => {
    const order = makeNotification({ title: 'Order ORD-1 confirmed' });
    const delivery = makeNotification({ type: 'delivery_update', title: 'Order ORD-1 is on its way' });
    const security = makeNotification({
      type: 'security',
      title: 'New sign-in',
      is_read: true,
      related_id: null,
    });
    await renderBell(listOf([delivery, order, security]));

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/delivery-tracking',
      '/order-history/11111111-2222-4333-8444-555555555555',
      '/account',
    ]);
    expect(links[0]).toHaveTextContent('Order ORD-1 is on its way (unread)');
    expect(links[2]).toHaveTextContent('New sign-in');
    expect(links[2]).not.toHaveTextContent('(unread)');
    expect(within(panel).getAllByText('5 min ago')).toHaveLength(3);
  });

  it('says when there is nothing yet', async () => {
    await renderBell(listOf([]));
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('connects to the websocket and shows new notifications live: badge, panel, toast, page event', async () => {
    await renderBell(listOf([makeNotification({ title: 'Older' })]));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(socket().url).toBe('ws://localhost:3000/api/v1/ws/notifications');
    act(() => socket().open());

    const announced: Array<Notification | null> = [];
    const listener = (event: Event) => announced.push((event as CustomEvent<Notification | null>).detail);
    window.addEventListener(NOTIFICATION_RECEIVED_EVENT, listener);
    const fresh = makeNotification({
      type: 'delivery_update',
      title: 'Order ORD-9 is on its way',
      priority: 'high',
    });
    act(() => socket().receive({ type: 'notification', notification: fresh, unread_count: 2 }));
    window.removeEventListener(NOTIFICATION_RECEIVED_EVENT, listener);

    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(await screen.findByText('Order ORD-9 is on its way')).toBeInTheDocument();
    expect(announced).toEqual([fresh]);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const titles = within(screen.getByRole('region', { name: 'Notifications' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(titles[0]).toContain('Order ORD-9 is on its way');
    expect(titles[1]).toContain('Older');
  });

  it('follows read changes made elsewhere, and rereads the list when told to', async () => {
    const one = makeNotification({ title: 'One' });
    const two = makeNotification({ title: 'Two' });
    const { api, setList } = await renderBell(listOf([two, one]));
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    act(() => socket().open());
    act(() =>
      socket().receive({ type: 'notification_update', read_ids: [one.id], all_read: false, unread_count: 1 }),
    );
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    act(() =>
      socket().receive({ type: 'notification_update', read_ids: null, all_read: true, unread_count: 0 }),
    );
    await screen.findByRole('button', { name: 'Notifications' });

    const reads = api.callsTo('/notifications/').length;
    setList(listOf([makeNotification({ title: 'Missed' }), two, one], 1));
    act(() =>
      socket().receive({ type: 'notification_update', read_ids: null, all_read: false, unread_count: 1 }),
    );
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(api.callsTo('/notifications/').length).toBe(reads + 1);
  });

  it('reads the list again when a socket opens with more unread than it holds (news it never saw)', async () => {
    // A password change replaces the session: its notification is sent while the old socket closes
    // and the new one is not yet open, so only the new socket's opening count tells of it.
    const { api, setList } = await renderBell(listOf([]));
    await screen.findByRole('button', { name: 'Notifications' });
    const reads = api.callsTo('/notifications/').length;
    setList(listOf([makeNotification({ title: 'Your password was changed' })]));
    act(() => socket().open());
    act(() =>
      socket().receive({ type: 'notification_update', read_ids: [], all_read: false, unread_count: 1 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('Your password was changed')).toBeInTheDocument();
    expect(within(panel).queryByText('No notifications yet.')).not.toBeInTheDocument();
    expect(api.callsTo('/notifications/').length).toBe(reads + 1);
  });

  it('marks all read', async () => {
    const { api, setList } = await renderBell(listOf([makeNotification(), makeNotification()]), {
      '/notifications/mark_all_read/': () => ({ marked: 2, unread_count: 0 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    setList(listOf([makeNotification({ is_read: true })], 0));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(api.callsTo('/notifications/mark_all_read/')).toHaveLength(1);
  });

  it('marks one read when opened, and goes to its page', async () => {
    const target = makeNotification({ title: 'Payment received', type: 'payment_update' });
    const { api, router } = await renderBell(listOf([target]), {
      [`/notifications/${target.id}/mark_read/`]: () => ({
        notification: { ...target, is_read: true },
        unread_count: 0,
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(screen.getByRole('link', { name: /Payment received/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
    await waitFor(() => expect(api.callsTo(`/notifications/${target.id}/mark_read/`)).toHaveLength(1));
  });

  it('refetches what it missed when the socket reconnects, once the server has taken it in', async () => {
    const hello = { type: 'notification_update', read_ids: [], all_read: false, unread_count: 0 };
    const { api } = await renderBell(listOf([]));
    act(() => socket().open());
    act(() => socket().receive(hello));
    const before = api.callsTo('/notifications/').length;
    act(() => socket().onclose?.({ code: 1006 } as CloseEvent));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_050));
    });
    act(() => socket().open());
    // Open is not enough: a notification written before the server registered the socket
    // would be in neither the list read now nor the socket.
    expect(api.callsTo('/notifications/').length).toBe(before);
    act(() => socket().receive(hello));
    await waitFor(() => expect(api.callsTo('/notifications/').length).toBe(before + 1));
  });

  it('says so when the list cannot be read, and tries again when opened', async () => {
    let fail = true;
    const api = mockCatalogApi({
      '/notifications/': () =>
        fail
          ? json({ error: { code: 'internal_error', message: 'Boom' } }, 500)
          : listOf([makeNotification()]),
    });
    await renderWithRouter(<NotificationBell userId="customer-1" />);
    await waitFor(() => expect(api.callsTo('/notifications/')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeInTheDocument();
    fail = false;
    // Closing the panel (any click on the bell) reads it again.
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});

describe('timeAgo', () => {
  it('says how long ago, then the date', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(timeAgo('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-22T11:55:00Z', now)).toBe('5 min ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2026-11-02T09:00:00Z', now)).toBe('2 Nov 2026');
    // The date is Kampala's, whatever the browser's time zone: 22:30 UTC is 01:30 the next day.
    expect(timeAgo('2026-11-02T22:30:00Z', now)).toBe('3 Nov 2026');
  });
});
