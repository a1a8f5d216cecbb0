import type { DeliverableOrderList, Delivery, DeliveryStats } from '@shop/contract/delivery-tracking';
import { NOTIFICATION_RECEIVED_EVENT } from '@shop/contract/notification-constants';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const ORDER_ID = '3f1c9a52-8d4e-4b7a-9c21-5e6f7a8b9c0d';

function makeDelivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: 7,
    order_id: ORDER_ID,
    order_number: 'ORD-20261122-7KQ2M',
    status: 'processing',
    progress: 40,
    progress_class: 'low',
    estimated_delivery_time: '2026-11-22T12:30:00.000Z',
    rider: null,
    delivery_zone: 'Central Kampala',
    delivery_time_label: '1–2 hours',
    street: 'Acacia Avenue 12',
    instructions: null,
    timeline: [
      {
        status: 'confirmed',
        note: 'Cash on delivery: pay when your bottles arrive',
        created_at: '2026-11-22T09:00:00.000Z',
      },
      { status: 'processing', note: null, created_at: '2026-11-22T09:20:00.000Z' },
    ],
    delivered_at: null,
    gift: null,
    created_at: '2026-11-22T09:00:00.000Z',
    updated_at: '2026-11-22T09:20:00.000Z',
    ...overrides,
  };
}

const stats: DeliveryStats = {
  total: 4,
  pending: 1,
  processing: 1,
  out_for_delivery: 0,
  delivered: 1,
  cancelled: 1,
};

const deliverable = (): DeliverableOrderList => ({
  ...makePage(
    [
      {
        order_id: ORDER_ID,
        order_number: 'ORD-20261122-7KQ2M',
        status: 'processing',
        delivery_zone: 'Central Kampala',
        street: 'Acacia Avenue 12',
        instructions: null,
        created_at: '2026-11-22T09:00:00.000Z',
      },
    ],
    { pageSize: 50 },
  ),
  last_instructions: {
    preferred_delivery_time: 'evening',
    contact_preference: 'whatsapp',
    leave_at_door: true,
    require_signature: false,
    delivery_notes: null,
    special_instructions: null,
    access_instructions: null,
    security_code: null,
    landmark: 'Opposite Shell Kololo',
    plus_code: null,
  },
});

function open(handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /orders/delivery-tracking/delivery_stats/': () => stats,
    'GET /orders/delivery-tracking/active_deliveries/': () => makePage([makeDelivery()], { pageSize: 10 }),
    'GET /orders/delivery-tracking/recent_deliveries/': () => makePage([], { pageSize: 5 }),
    'GET /orders/delivery-tracking/deliverable_orders/': () => deliverable(),
    ...handlers,
  });
  return renderApp('/delivery-tracking').then((view) => ({ api, ...view }));
}

describe('/delivery-tracking', () => {
  it('shows each delivery with its progress bar, estimated time, timeline, and the statistics', async () => {
    await open();
    const card = await screen.findByRole('article', { name: 'Order ORD-20261122-7KQ2M' });
    const bar = within(card).getByRole('progressbar', { name: 'Delivery progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('data-progress-class', 'low');
    expect(within(card).getByTestId('estimated-arrival')).toHaveTextContent(
      'Sun, 22 Nov, 15:30 (usually 1–2 hours)',
    );
    expect(within(card).getByText('Acacia Avenue 12, Central Kampala')).toBeInTheDocument();
    const timeline = within(card).getByRole('region', { name: 'Timeline of order ORD-20261122-7KQ2M' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Sun, 22 Nov, 12:00Confirmed — Cash on delivery: pay when your bottles arrive',
      'Sun, 22 Nov, 12:20Being prepared',
    ]);
    expect(within(card).queryByTestId('rider')).not.toBeInTheDocument();
    const numbers = screen.getByRole('list', { name: 'Delivery statistics' });
    expect(within(numbers).getByTestId('stat-total')).toHaveTextContent('4');
    expect(within(numbers).getByTestId('stat-delivered')).toHaveTextContent('1');
  });

  it('shows a gift’s recipient and day on its delivery, and nothing of a gift on others', async () => {
    await open({
      'GET /orders/delivery-tracking/active_deliveries/': () =>
        makePage(
          [
            makeDelivery({ gift: { recipient_name: 'Sarah Nakato', delivery_date: '2026-12-04' } }),
            makeDelivery({ id: 8, order_number: 'ORD-20261122-8ABCD' }),
          ],
          { pageSize: 10 },
        ),
    });
    const gift = await screen.findByRole('article', { name: 'Order ORD-20261122-7KQ2M' });
    expect(within(gift).getByTestId('gift-for')).toHaveTextContent('Sarah Nakato on Friday 4 December 2026');
    expect(within(gift).getByTestId('delivery-status')).toHaveTextContent('Being prepared');
    const plain = screen.getByRole('article', { name: 'Order ORD-20261122-8ABCD' });
    expect(within(plain).queryByTestId('gift-for')).not.toBeInTheDocument();
  });

  it('keeps recent deliveries, with their timeline, below the ones on their way', async () => {
    await open({
      'GET /orders/delivery-tracking/recent_deliveries/': () =>
        makePage(
          [
            makeDelivery({
              id: 8,
              order_number: 'ORD-20261120-DLV9X',
              status: 'delivered',
              progress: 100,
              progress_class: 'high',
              timeline: [
                { status: 'confirmed', note: null, created_at: '2026-11-20T09:00:00.000Z' },
                { status: 'delivered', note: null, created_at: '2026-11-20T11:00:00.000Z' },
              ],
              delivered_at: '2026-11-20T11:00:00.000Z',
            }),
          ],
          { pageSize: 5 },
        ),
    });
    const recent = await screen.findByRole('region', { name: 'Delivered recently' });
    const card = await within(recent).findByRole('article', { name: 'Order ORD-20261120-DLV9X' });
    expect(within(card).getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(
      within(card).getByRole('region', { name: 'Timeline of order ORD-20261120-DLV9X' }),
    ).toBeInTheDocument();
    // The active order stays above, in its own section.
    const active = screen.getByRole('region', { name: 'On their way' });
    expect(within(active).getByRole('article', { name: 'Order ORD-20261122-7KQ2M' })).toBeInTheDocument();
    expect(within(active).queryByRole('article', { name: 'Order ORD-20261120-DLV9X' })).toBeNull();
  });

  it('counts the deliveries of a paged list with the plural rules and thousands separators', async () => {
    await open({
      'GET /orders/delivery-tracking/recent_deliveries/': () =>
        makePage([makeDelivery({ id: 9, order_number: 'ORD-20261120-DLV9X', status: 'delivered' })], {
          count: 1250,
          pageSize: 5,
        }),
    });
    const recent = await screen.findByRole('region', { name: 'Delivered recently' });
    const pages = await within(recent).findByRole('navigation', { name: 'Pagination' });
    expect(pages).toHaveTextContent('Page 1 of 250 (1,250 deliveries, 5 a page)');
  });

  it('colours the bar by class and shows the rider once out for delivery', async () => {
    await open({
      'GET /orders/delivery-tracking/active_deliveries/': () =>
        makePage(
          [
            makeDelivery({
              status: 'out_for_delivery',
              progress: 80,
              progress_class: 'high',
              rider: { name: 'Musa Okello', phone: '+256772000111' },
            }),
            makeDelivery({
              id: 8,
              order_number: 'ORD-20261122-AB12C',
              status: 'ready_for_delivery',
              progress: 60,
              progress_class: 'medium',
            }),
          ],
          { pageSize: 10 },
        ),
    });
    const out = await screen.findByRole('article', { name: 'Order ORD-20261122-7KQ2M' });
    expect(within(out).getByRole('progressbar').firstElementChild).toHaveClass('bg-emerald-600');
    expect(within(out).getByTestId('rider')).toHaveTextContent('Musa Okello · +256772000111');
    expect(within(out).getByRole('link', { name: '+256772000111' })).toHaveAttribute(
      'href',
      'tel:+256772000111',
    );
    const ready = screen.getByRole('article', { name: 'Order ORD-20261122-AB12C' });
    expect(within(ready).getByRole('progressbar')).toHaveAttribute('data-progress-class', 'medium');
    expect(within(ready).getByRole('progressbar').firstElementChild).toHaveClass('bg-gold-500');
  });

  it('finds an order by its number, and says so when it is not one of yours', async () => {
    const user = userEvent.setup();
    const { api } = await open({
      'GET /orders/delivery-tracking/track_by_order_number/': ({ url }) =>
        url.searchParams.get('order_number') === 'ORD-20261122-7KQ2M'
          ? makeDelivery({
              status: 'delivered',
              progress: 100,
              progress_class: 'high',
              delivered_at: '2026-11-22T11:00:00.000Z',
            })
          : envelope(404, 'not_found', 'Order ORD-20260101-ZZZZZ was not found.'),
    });
    const search = await screen.findByRole('form', { name: 'Track an order' });
    const input = within(search).getByLabelText('Order number');
    await user.type(input, 'ord-2026');
    await user.click(within(search).getByRole('button', { name: 'Track' }));
    expect(within(search).getByText('Order numbers look like ORD-20261122-7KQ2M')).toBeInTheDocument();
    expect(api.callsTo('GET /orders/delivery-tracking/track_by_order_number/')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'ORD-20260101-ZZZZZ');
    await user.click(within(search).getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Order ORD-20260101-ZZZZZ was not found.')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, ' ord-20261122-7kq2m ');
    await user.click(within(search).getByRole('button', { name: 'Track' }));
    expect(await screen.findByText(/Delivered · 100%/)).toBeInTheDocument();
  });

  it('refreshes without a reload when a notification about an order arrives', async () => {
    let status: Delivery['status'] = 'processing';
    const { api } = await open({
      'GET /orders/delivery-tracking/active_deliveries/': () =>
        makePage(
          [
            status === 'processing'
              ? makeDelivery()
              : makeDelivery({ status: 'out_for_delivery', progress: 80, progress_class: 'high' }),
          ],
          { pageSize: 10 },
        ),
    });
    await screen.findByText('Being prepared · 40%');
    const reads = api.callsTo('GET /orders/delivery-tracking/active_deliveries/').length;
    status = 'out_for_delivery';
    act(() => {
      window.dispatchEvent(
        new CustomEvent(NOTIFICATION_RECEIVED_EVENT, {
          detail: {
            id: '00000000-0000-4000-8000-000000000001',
            type: 'delivery_update',
            title: 'Order ORD-20261122-7KQ2M is on its way',
            message: 'Your rider is on the way.',
            priority: 'high',
            is_read: false,
            related_id: ORDER_ID,
            created_at: new Date().toISOString(),
          },
        }),
      );
    });
    expect(await screen.findByText('Out for delivery · 80%')).toBeInTheDocument();
    expect(api.callsTo('GET /orders/delivery-tracking/active_deliveries/').length).toBe(reads + 1);
  });

  it('prefills the instructions with the last ones, checks them and saves them', async () => {
    const user = userEvent.setup();
    const { api } = await open({
      'POST /orders/delivery-tracking/deliverable_orders/': ({ body }) => ({
        order_id: ORDER_ID,
        order_number: 'ORD-20261122-7KQ2M',
        instructions: {
          ...(body as object),
          delivery_notes: null,
          special_instructions: null,
          security_code: null,
        },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Delivery instructions' });
    await waitFor(() =>
      expect(within(form).getByLabelText('Preferred delivery time')).toHaveValue('evening'),
    );
    expect(within(form).getByLabelText('Contact preference')).toHaveValue('whatsapp');
    expect(within(form).getByLabelText('Leave it at the door if nobody answers')).toBeChecked();
    expect(within(form).getByLabelText('Require a signature on delivery')).not.toBeChecked();
    expect(within(form).getByLabelText('Landmark (optional)')).toHaveValue('Opposite Shell Kololo');

    await user.selectOptions(within(form).getByLabelText('Preferred delivery time'), '');
    await user.selectOptions(within(form).getByLabelText('Contact preference'), '');
    await user.click(within(form).getByRole('button', { name: 'Save instructions' }));
    expect(await within(form).findByText('Preferred delivery time is required')).toBeInTheDocument();
    expect(within(form).getByText('Contact preference is required')).toBeInTheDocument();
    expect(api.callsTo('POST /orders/delivery-tracking/deliverable_orders/')).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText('Preferred delivery time'), 'morning');
    await user.selectOptions(within(form).getByLabelText('Contact preference'), 'phone');
    await user.type(within(form).getByLabelText('Access instructions (optional)'), 'Blue gate');
    await user.click(within(form).getByRole('button', { name: 'Save instructions' }));
    expect(
      await screen.findByText('Delivery instructions saved for order ORD-20261122-7KQ2M.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /orders/delivery-tracking/deliverable_orders/')[0]?.body).toEqual({
      order_id: ORDER_ID,
      preferred_delivery_time: 'morning',
      contact_preference: 'phone',
      leave_at_door: true,
      require_signature: false,
      delivery_notes: null,
      special_instructions: null,
      access_instructions: 'Blue gate',
      security_code: null,
      landmark: 'Opposite Shell Kololo',
      plus_code: null,
    });
  });

  it('takes the customer’s pin as a plus code: refused when not one, filled from the phone’s position, saved', async () => {
    const user = userEvent.setup();
    const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (getCurrentPosition.mock.calls.length === 1) {
        failure?.({ code: 1, PERMISSION_DENIED: 1, message: 'denied' } as GeolocationPositionError);
        return;
      }
      success({ coords: { latitude: 0.3337, longitude: 32.5911, accuracy: 12 } } as GeolocationPosition);
    });
    // jsdom has no geolocation: the phone's is stood in for this test only.
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    try {
      const { api } = await open({
        'POST /orders/delivery-tracking/deliverable_orders/': ({ body }) => ({
          order_id: ORDER_ID,
          order_number: 'ORD-20261122-7KQ2M',
          instructions: { ...(body as object), delivery_notes: null, special_instructions: null },
        }),
      });
      const form = await screen.findByRole('form', { name: 'Delivery instructions' });
      const pin = within(form).getByLabelText('Your pin: plus code (optional)');
      await user.type(pin, '8JQ2+5V');
      await user.click(within(form).getByRole('button', { name: 'Save instructions' }));
      expect(await within(form).findByText(/must be a full plus code/)).toBeInTheDocument();
      expect(api.callsTo('POST /orders/delivery-tracking/deliverable_orders/')).toHaveLength(0);

      // The phone refuses first: the customer is told to type it; then it shares its position.
      await user.click(within(form).getByRole('button', { name: 'Use my location' }));
      expect(await within(form).findByText(/did not share its position/)).toBeInTheDocument();
      await user.click(within(form).getByRole('button', { name: 'Use my location' }));
      await waitFor(() => expect(pin).toHaveValue('6GGJ8HMR+FC'));
      expect(within(form).getByRole('link', { name: 'Check 6GGJ8HMR+FC on the map' })).toHaveAttribute(
        'href',
        'https://www.google.com/maps/search/?api=1&query=6GGJ8HMR%2BFC',
      );
      await user.click(within(form).getByRole('button', { name: 'Save instructions' }));
      expect(
        await screen.findByText('Delivery instructions saved for order ORD-20261122-7KQ2M.'),
      ).toBeInTheDocument();
      expect(api.callsTo('POST /orders/delivery-tracking/deliverable_orders/')[0]?.body).toMatchObject({
        plus_code: '6GGJ8HMR+FC',
      });
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('says when nothing is on its way and no order takes instructions', async () => {
    await open({
      'GET /orders/delivery-tracking/active_deliveries/': () => makePage([], { pageSize: 10 }),
      'GET /orders/delivery-tracking/deliverable_orders/': () => ({
        ...makePage([], { pageSize: 50 }),
        last_instructions: null,
      }),
      'GET /orders/delivery-tracking/delivery_stats/': () => ({
        total: 0,
        pending: 0,
        processing: 0,
        out_for_delivery: 0,
        delivered: 0,
        cancelled: 0,
      }),
    });
    expect(await screen.findByText(/No delivery on its way right now/)).toBeInTheDocument();
    expect(await screen.findByText('Nothing delivered in the last 30 days.')).toBeInTheDocument();
    expect(
      await screen.findByText(/None of your orders is waiting for delivery instructions/),
    ).toBeInTheDocument();
  });
});
