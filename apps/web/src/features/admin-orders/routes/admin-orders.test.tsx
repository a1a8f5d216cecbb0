import type { OrderStatus } from '@shop/contract/orders';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeStaffOrder, STAFF_ORDER_ID, staffOrderList } from '../../../test/fakes/staff-orders-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const ORDER_ID = STAFF_ORDER_ID;
const listOf = staffOrderList;
/** An order's row in the desk's table (its number, status, payment, total), apart from its work. */
const rowOf = async (orderNumber: string) =>
  (await screen.findByRole('rowheader', { name: orderNumber })).closest('tr')!;

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /orders/delivery-zones/': () => ({
      results: [
        {
          id: 1,
          slug: 'central-kampala',
          name: 'Central Kampala',
          areas: 'Kololo',
          fee: 10_000,
          delivery_time_minutes: 120,
          delivery_time_label: '1–2 hours',
        },
      ],
    }),
    ...handlers,
  });
  return renderApp('/admin/orders').then((view) => ({ api, ...view }));
}

describe('/admin/orders', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('GET /orders/admin/orders/')).toHaveLength(0);
  });

  it('lists orders by status with their counts, details and next moves', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /orders/admin/orders/': ({ url }) =>
        url.searchParams.get('status') === 'ready_for_delivery' ? listOf([makeStaffOrder()]) : listOf([]),
    });
    const tabs = await screen.findByRole('tablist', { name: 'Orders by status' });
    expect(await within(tabs).findByRole('tab', { name: 'Confirmed (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(api.callsTo('GET /orders/admin/orders/')[0]?.url.searchParams.get('status')).toBe('confirmed');
    await user.click(within(tabs).getByRole('tab', { name: 'Ready for delivery (1)' }));
    const card = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    expect(card).toHaveTextContent('Namara Kisakye, +256772123456');
    expect(card).toHaveTextContent('Acacia Avenue 12, Central Kampala');
    expect(card).toHaveTextContent('landmark: Opposite Shell Kololo; access: Blue gate; code: 4711');
    expect(card).toHaveTextContent('Ready for delivery, no rider yet');
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Send out for delivery', 'Mark delivered', 'Cancel order…', 'Assign rider']);
  });

  it('writes the contact preference with its capitals: "by WhatsApp"', async () => {
    const user = userEvent.setup();
    const base = makeStaffOrder();
    const whatsapp = makeStaffOrder({
      delivery_instructions: base.delivery_instructions && {
        ...base.delivery_instructions,
        contact_preference: 'whatsapp',
      },
    });
    await open('staff', {
      'GET /orders/admin/orders/': ({ url }) =>
        url.searchParams.get('status') === 'ready_for_delivery' ? listOf([whatsapp]) : listOf([]),
    });
    const tabs = await screen.findByRole('tablist', { name: 'Orders by status' });
    await user.click(await within(tabs).findByRole('tab', { name: 'Ready for delivery (1)' }));
    const card = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    expect(card).toHaveTextContent('Evening (17:00–20:00), by WhatsApp');
  });

  it('speaks of a pick-up order in pick-up words: ready to collect, cash on collection', async () => {
    const user = userEvent.setup();
    const pickup = makeStaffOrder({
      fulfilment: 'pickup',
      delivery_zone: null,
      street: null,
      delivery_instructions: null,
      delivery: null,
      allowed_transitions: ['delivered', 'cancelled'],
    });
    await open('staff', {
      'GET /orders/admin/orders/': ({ url }) =>
        url.searchParams.get('status') === 'ready_for_delivery' ? listOf([pickup]) : listOf([]),
    });
    const tabs = await screen.findByRole('tablist', { name: 'Orders by status' });
    await user.click(await within(tabs).findByRole('tab', { name: 'Ready for delivery (1)' }));
    const row = await rowOf('ORD-20261122-7KQ2M');
    expect(within(row).getByTestId('staff-order-status')).toHaveTextContent('Ready to collect');
    expect(row).toHaveTextContent('Pick-up');
    expect(row).toHaveTextContent('Cash on collection (Unpaid)');
    const card = screen.getByRole('article', { name: 'ORD-20261122-7KQ2M' });
    expect(row).not.toHaveTextContent('Ready for delivery');
    expect(card).not.toHaveTextContent('Ready for delivery');
  });

  it('assigns a rider, moves the order, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    let current = makeStaffOrder();
    const { api } = await open('staff', {
      'GET /orders/admin/orders/': () => listOf([current]),
      [`POST /orders/admin/orders/${ORDER_ID}/status/`]: ({ body }) => {
        const { status } = body as { status: OrderStatus };
        if (status === 'out_for_delivery' && !current.delivery?.rider_name) {
          return envelope(409, 'conflict', 'Assign a rider before the order goes out for delivery', [
            { field: 'status', message: 'Assign a rider before the order goes out for delivery' },
          ]);
        }
        current = makeStaffOrder({ status, allowed_transitions: ['delivered', 'cancelled'] });
        return current;
      },
      [`POST /orders/admin/orders/${ORDER_ID}/rider/`]: ({ body }) => {
        const { rider_name } = body as { rider_name: string };
        current = makeStaffOrder({
          delivery: { id: 3, status: 'ready_for_delivery', rider_name, rider_phone: '+256772000111' },
        });
        return current;
      },
    });
    const card = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    await user.click(within(card).getByRole('button', { name: 'Send out for delivery' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Assign a rider before the order goes out for delivery',
    );

    const riderForm = within(card).getByRole('form', { name: 'Rider of order ORD-20261122-7KQ2M' });
    await user.type(within(riderForm).getByLabelText('Rider name'), 'Musa Okello');
    await user.type(within(riderForm).getByLabelText('Rider phone'), '0772 000111');
    await user.click(within(riderForm).getByRole('button', { name: 'Assign rider' }));
    expect(
      await screen.findByText('Rider Musa Okello assigned to order ORD-20261122-7KQ2M.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /orders/admin/orders/${ORDER_ID}/rider/`)[0]?.body).toEqual({
      rider_name: 'Musa Okello',
      rider_phone: '0772 000111',
    });

    const updated = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    await waitFor(() => expect(updated).toHaveTextContent('rider Musa Okello (+256772000111)'));
    await user.click(within(updated).getByRole('button', { name: 'Send out for delivery' }));
    expect(await screen.findByText('Order ORD-20261122-7KQ2M: out for delivery.')).toBeInTheDocument();
  });

  it('keeps a rider name typed while the order moves (the card used to start again and wipe it)', async () => {
    const user = userEvent.setup();
    let current = makeStaffOrder({ status: 'confirmed', allowed_transitions: ['processing', 'cancelled'] });
    let finishMove: () => void = () => undefined;
    await open('staff', {
      'GET /orders/admin/orders/': () => listOf([current]),
      [`POST /orders/admin/orders/${ORDER_ID}/status/`]: () =>
        new Promise((resolve) => {
          finishMove = () => {
            current = makeStaffOrder({
              status: 'processing',
              allowed_transitions: ['ready_for_delivery', 'cancelled'],
            });
            resolve(current);
          };
        }),
    });
    const card = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    await user.click(within(card).getByRole('button', { name: 'Start preparing' }));
    const riderForm = within(card).getByRole('form', { name: 'Rider of order ORD-20261122-7KQ2M' });
    await user.type(within(riderForm).getByLabelText('Rider name'), 'Musa Okello');
    finishMove();
    expect(await screen.findByText('Order ORD-20261122-7KQ2M: being prepared.')).toBeInTheDocument();
    const moved = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    await waitFor(() => expect(within(moved).queryByRole('button', { name: 'Start preparing' })).toBeNull());
    expect(within(moved).getByLabelText('Rider name')).toHaveValue('Musa Okello');
  });

  it('cancels only with a reason', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin', {
      'GET /orders/admin/orders/': () =>
        listOf([makeStaffOrder({ status: 'confirmed', allowed_transitions: ['processing', 'cancelled'] })]),
      [`POST /orders/admin/orders/${ORDER_ID}/status/`]: () =>
        makeStaffOrder({ status: 'cancelled', allowed_transitions: [], cancel_reason: 'Out of stock' }),
    });
    const card = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    await user.click(within(card).getByRole('button', { name: 'Cancel order…' }));
    const form = within(card).getByRole('form', { name: 'Cancel order ORD-20261122-7KQ2M' });
    await user.click(within(form).getByRole('button', { name: 'Cancel order' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Give the reason for cancelling');
    expect(api.callsTo(`POST /orders/admin/orders/${ORDER_ID}/status/`)).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason (shown to the customer)'), 'Out of stock');
    await user.click(within(form).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /orders/admin/orders/${ORDER_ID}/status/`)[0]?.body).toEqual({
        status: 'cancelled',
        note: 'Out of stock',
      }),
    );
  });

  it('shows what to pack on each card, and links to the order’s own page', async () => {
    await open('staff', {
      'GET /orders/admin/orders/': () => listOf([makeStaffOrder({ status: 'confirmed' })]),
    });
    const card = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    const items = within(card).getByRole('list', { name: 'Items' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 × Kanonkop Pinotage (750 ml)', '1 × Bwindi Sauvignon Blanc (1.5 L)']);
    expect(
      within(await rowOf('ORD-20261122-7KQ2M')).getByRole('link', { name: 'ORD-20261122-7KQ2M' }),
    ).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
  });

  it('searches and filters on the server, from page 1', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', { 'GET /orders/admin/orders/': () => listOf([makeStaffOrder()]) });
    const form = await screen.findByRole('form', { name: 'Find orders' });
    await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    await user.type(within(form).getByLabelText('Order number, name, e-mail or phone'), ' 0772 123456 ');
    await user.selectOptions(within(form).getByLabelText('Payment'), 'pending');
    await user.selectOptions(within(form).getByLabelText('Method'), 'cash_on_delivery');
    await user.selectOptions(within(form).getByLabelText('Delivery or pick-up'), 'delivery');
    await within(form).findByRole('option', { name: 'Central Kampala' });
    await user.selectOptions(within(form).getByLabelText('Zone'), 'Central Kampala');
    await user.type(within(form).getByLabelText('From (day)'), '2026-11-01');
    await user.type(within(form).getByLabelText('To (day)'), '2026-11-22');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = api.callsTo('GET /orders/admin/orders/').at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({
        status: 'confirmed',
        page: '1',
        page_size: '20',
        q: '0772 123456',
        payment_status: 'pending',
        payment_method: 'cash_on_delivery',
        fulfilment: 'delivery',
        zone: '1',
        date_from: '2026-11-01',
        date_to: '2026-11-22',
        sort: 'newest',
      });
    });
    expect(await screen.findByText('1 order found')).toBeInTheDocument();
    // The accountant's download takes the same orders: the filters and the tab, every page.
    const download = new URL(
      screen.getByRole('link', { name: 'Download these orders (CSV)' }).getAttribute('href') ?? '',
      'http://shop.test',
    );
    expect(download.pathname).toBe('/api/v1/admin/exports/orders.csv');
    expect(Object.fromEntries(download.searchParams)).toEqual({
      status: 'confirmed',
      q: '0772 123456',
      payment_status: 'pending',
      payment_method: 'cash_on_delivery',
      fulfilment: 'delivery',
      zone: '1',
      date_from: '2026-11-01',
      date_to: '2026-11-22',
    });

    // Clear goes back to the unfiltered list (the desk's first request, answered from the cache).
    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByText('1 order found')).toBeNull());
    expect(Object.fromEntries(api.callsTo('GET /orders/admin/orders/')[0]!.url.searchParams)).toEqual({
      status: 'confirmed',
      page: '1',
      page_size: '20',
      sort: 'newest',
    });
    const cleared = new URL(
      screen.getByRole('link', { name: 'Download these orders (CSV)' }).getAttribute('href') ?? '',
      'http://shop.test',
    );
    expect(Object.fromEntries(cleared.searchParams)).toEqual({ status: 'confirmed' });
  });

  it('sorts by Placed or Total on the server, from page 1, the header saying the order', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /orders/admin/orders/': () => listOf([makeStaffOrder({ status: 'confirmed' })], { count: 45 }),
    });
    await rowOf('ORD-20261122-7KQ2M');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const lastQuery = () => api.callsTo('GET /orders/admin/orders/').at(-1)!.url.searchParams;
    // The desk opens newest first, and says so on the Placed column.
    expect(lastQuery().get('sort')).toBe('newest');
    expect(header('Placed')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Total')).not.toHaveAttribute('aria-sort');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    // Total from the keyboard: its first press asks for the largest first, back at page 1.
    within(header('Total')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery().get('sort')).toBe('total_desc'));
    expect(lastQuery().get('page')).toBe('1');
    expect(lastQuery().get('status')).toBe('confirmed');
    await waitFor(() => expect(header('Total')).toHaveAttribute('aria-sort', 'descending'));
    expect(header('Placed')).not.toHaveAttribute('aria-sort');

    // Back to Placed: newest first (the first page of that is still cached), then oldest.
    await user.click(within(header('Placed')).getByRole('button', { name: /^Placed/ }));
    await waitFor(() => expect(header('Placed')).toHaveAttribute('aria-sort', 'descending'));
    await user.click(within(header('Placed')).getByRole('button', { name: /^Placed/ }));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('oldest'));
    await waitFor(() => expect(header('Placed')).toHaveAttribute('aria-sort', 'ascending'));
  });

  it('records the cash collected when a rider’s cash order is marked delivered', async () => {
    const user = userEvent.setup();
    const onTheRoad = makeStaffOrder({
      status: 'out_for_delivery',
      delivery: {
        id: 3,
        status: 'out_for_delivery',
        rider_name: 'Musa Okello',
        rider_phone: '+256772000111',
      },
      allowed_transitions: ['delivered', 'cancelled'],
    });
    const { api } = await open('staff', {
      'GET /orders/admin/orders/': () => listOf([onTheRoad]),
      [`POST /orders/admin/orders/${ORDER_ID}/status/`]: () =>
        makeStaffOrder({ status: 'delivered', payment_status: 'paid', allowed_transitions: ['refunded'] }),
    });
    const card = await screen.findByRole('article', { name: 'ORD-20261122-7KQ2M' });
    const cash = within(card).getByLabelText('Cash collected (Shs)');
    expect(cash).toHaveValue('250000');
    await user.clear(cash);
    await user.type(cash, 'lots');
    await user.click(within(card).getByRole('button', { name: 'Mark delivered' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Enter the cash collected in whole shillings');
    expect(api.callsTo(`POST /orders/admin/orders/${ORDER_ID}/status/`)).toHaveLength(0);
    await user.clear(cash);
    await user.type(cash, '240,000');
    await user.click(within(card).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /orders/admin/orders/${ORDER_ID}/status/`)[0]?.body).toEqual({
        status: 'delivered',
        cash_collected: 240_000,
      }),
    );
  });
});
