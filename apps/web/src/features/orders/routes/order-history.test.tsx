import { keptFeeReason } from '@shop/contract/rider';
import { configure, screen, waitFor, within } from '@testing-library/react';
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
import { makeOrder, makeStats, ORDER_ID, summaryOf } from '../../../test/fakes/orders-api';
import { renderApp } from '../../../test/render';
import { ORDERS_PAGE_SIZE } from '../api/get-my-orders';
import { ORDERS_LOAD_FAILED } from './order-history';

// The whole app renders here (lazy pages, the session start): on a busy machine that takes a while.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const SECOND_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const orders = [
  summaryOf(makeOrder({ status: 'out_for_delivery', created_at: '2026-11-22T11:05:00.000Z' })),
  summaryOf(
    makeOrder({
      id: SECOND_ID,
      order_number: 'ORD-20261020-AB12C',
      status: 'delivered',
      payment_status: 'paid',
      total: 270_000,
      created_at: '2026-10-20T08:00:00.000Z',
    }),
  ),
];

function open(path: string, handlers: Record<string, FakeHandler>) {
  const api = mockIdentityApi({ 'GET /auth/get-session': () => customerSession(), ...handlers });
  return renderApp(path).then((view) => ({ api, ...view }));
}

describe('the order history', () => {
  it('lists the orders with their status, date and total, each linking to its page, and the summary', async () => {
    const { api } = await open('/order-history', {
      'GET /orders/orders/my_orders/': () => makePage(orders, { pageSize: ORDERS_PAGE_SIZE }),
      'GET /orders/orders/order_stats/': () => makeStats(),
    });
    const first = await screen.findByRole('link', { name: /^Order ORD-20261122-7KQ2M/ });
    // Named by what it shows (WCAG 2.5.3: a voice command says the visible words).
    expect(first).toHaveAccessibleName(/^Order ORD-20261122-7KQ2M 22 November 2026 · 3 items/);
    expect(first).toHaveAttribute('href', `/order-history/${ORDER_ID}`);
    expect(first).toHaveTextContent('22 November 2026 · 3 items');
    expect(first).toHaveTextContent('Out for delivery');
    expect(first).toHaveTextContent('Shs 1,060,000');
    const second = screen.getByRole('link', { name: /^Order ORD-20261020-AB12C/ });
    expect(second).toHaveTextContent('Delivered');
    expect(second).toHaveTextContent('Paid');
    expect(second).toHaveTextContent('Shs 270,000');

    const glance = await screen.findByRole('region', { name: 'Your orders at a glance' });
    expect(glance).toHaveTextContent('Orders3');
    expect(glance).toHaveTextContent('Under way2');
    expect(glance).toHaveTextContent('Delivered1');
    expect(glance).toHaveTextContent('Total spentShs 1,330,000');
    expect(within(glance).getByRole('list', { name: 'Orders by status' })).toHaveTextContent(
      'Pending: 1Out for delivery: 1Delivered: 1',
    );
    expect(api.callsTo('GET /orders/orders/my_orders/')[0]?.url.searchParams.get('page')).toBe('1');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages through the orders with ?page=', async () => {
    const user = userEvent.setup();
    const { api, router } = await open('/order-history', {
      'GET /orders/orders/my_orders/': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return makePage(page === 1 ? [orders[0]!] : [orders[1]!], {
          count: ORDERS_PAGE_SIZE + 1,
          page,
          pageSize: ORDERS_PAGE_SIZE,
        });
      },
      'GET /orders/orders/order_stats/': () => makeStats(),
    });
    await screen.findByRole('link', { name: /^Order ORD-20261122-7KQ2M / });
    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: /^Order ORD-20261020-AB12C / })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/order-history?page=2');
    expect(api.callsTo('GET /orders/orders/my_orders/').at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('says when there are no orders yet, with a way to the shop', async () => {
    await open('/order-history', {
      'GET /orders/orders/my_orders/': () => makePage([], { pageSize: ORDERS_PAGE_SIZE }),
      'GET /orders/orders/order_stats/': () => makeStats({ total_orders: 0, total_spent: 0 }),
    });
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse wines and spirits' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.queryByRole('region', { name: 'Your orders at a glance' })).not.toBeInTheDocument();
  });

  it('offers Retry when the orders cannot be loaded', async () => {
    let fail = true;
    await open('/order-history', {
      'GET /orders/orders/my_orders/': () =>
        fail
          ? envelope(503, 'service_unavailable', 'Down')
          : makePage(orders, { pageSize: ORDERS_PAGE_SIZE }),
      'GET /orders/orders/order_stats/': () => makeStats(),
    });
    expect(await screen.findByText(ORDERS_LOAD_FAILED)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /^Order ORD-20261122-7KQ2M / })).toBeInTheDocument();
  });
});

describe('an order’s page', () => {
  it('shows the order with its items, delivery, payment and progress', async () => {
    await open(`/order-history/${ORDER_ID}`, {
      [`GET /orders/orders/${ORDER_ID}/`]: () =>
        makeOrder({
          status: 'confirmed',
          history: [
            { status: 'pending', note: null, created_at: '2026-11-22T11:05:00.000Z' },
            { status: 'confirmed', note: 'Confirmed by phone', created_at: '2026-11-22T11:20:00.000Z' },
          ],
        }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order ORD-20261122-7KQ2M' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Order Detail | Kampala Cellars');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Cash on delivery');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Invoice' + 'INV-000042');
    const progress = screen.getByRole('region', { name: 'Progress' });
    expect(progress).toHaveTextContent('Pending22 November 2026 at 14:05');
    expect(progress).toHaveTextContent('Confirmed22 November 2026 at 14:20 · Confirmed by phone');
    expect(screen.getByRole('link', { name: 'All your orders' })).toHaveAttribute('href', '/order-history');
    // A question about the order opens a WhatsApp chat with the shop, naming the order.
    expect(screen.getByRole('link', { name: 'Ask about this order on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/256772000123?text=${encodeURIComponent('Hello Kampala Cellars, about my order ORD-20261122-7KQ2M: ')}`,
    );
  });

  it('shows the order’s refunds with their credit notes, and nothing when it has none', async () => {
    const { api } = await open(`/order-history/${ORDER_ID}`, {
      [`GET /orders/orders/${ORDER_ID}/`]: () => makeOrder({ status: 'delivered', payment_status: 'paid' }),
      'GET /payments/refunds/my_refunds/': ({ url }) =>
        url.searchParams.get('subject_id') === ORDER_ID
          ? {
              ...makePage(
                [
                  {
                    id: '5b6c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
                    subject_label: 'Order ORD-20261122-7KQ2M',
                    purpose: 'order',
                    subject_id: ORDER_ID,
                    amount: 95_000,
                    reason: 'One bottle arrived broken',
                    status: 'succeeded',
                    created_at: '2026-11-23T08:00:00.000Z',
                    settled_at: '2026-11-23T08:01:00.000Z',
                    credit_note: {
                      id: '6c7d8e9f-2a3b-4c4d-9e5f-6a7b8c9d0e1f',
                      number: 'CN-000007',
                      pdf_url: '/api/v1/orders/credit-notes/6c7d8e9f-2a3b-4c4d-9e5f-6a7b8c9d0e1f/pdf/',
                      efris: null,
                    },
                  },
                ],
                { pageSize: 10 },
              ),
            }
          : makePage([], { pageSize: 10 }),
    });
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('Shs 95,000 refunded to you so far.');
    expect(refunds).toHaveTextContent('One bottle arrived broken');
    expect(within(refunds).getByRole('button', { name: 'Credit note CN-000007 (PDF)' })).toBeInTheDocument();
    expect(api.callsTo('GET /payments/refunds/my_refunds/')[0]?.url.searchParams.get('subject_id')).toBe(
      ORDER_ID,
    );
  });

  it('shows URA’s fiscal document number once EFRIS fiscalised the invoice, and nothing before', async () => {
    await open(`/order-history/${ORDER_ID}`, {
      [`GET /orders/orders/${ORDER_ID}/`]: () =>
        makeOrder({
          status: 'delivered',
          payment_status: 'paid',
          fiscal: {
            fiscal_document_number: '32100000042',
            verification_code: '12345678901234567890',
            fiscalised_at: '2026-11-22T10:00:00.000Z',
          },
        }),
    });
    expect(await screen.findByText(/URA fiscal document no\. 32100000042/)).toHaveTextContent(
      'Verification code 12345678901234567890',
    );
  });

  it('says what the shop kept of a refused order’s refund and why, next to the refund due', async () => {
    await open(`/order-history/${ORDER_ID}`, {
      [`GET /orders/orders/${ORDER_ID}/`]: () =>
        makeOrder({
          status: 'cancelled',
          payment_status: 'paid',
          cancel_reason: 'Returned to shop: No ID',
          refund_withheld: {
            amount: 10_000,
            reason: keptFeeReason('no_id'),
            refund_due: 230_000,
          },
        }),
    });
    expect(await screen.findByText(/withheld/)).toHaveTextContent(
      'Refund due: Shs 230,000. Shs 10,000 withheld. The delivery fee is kept: the order was refused at the door (No ID).',
    );
  });

  it('shows no refunds section for an order without one', async () => {
    await open(`/order-history/${ORDER_ID}`, {
      [`GET /orders/orders/${ORDER_ID}/`]: () => makeOrder({ status: 'delivered', payment_status: 'paid' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Order ORD-20261122-7KQ2M' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Payment' })).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
    expect(screen.queryByText(/URA fiscal document/)).not.toBeInTheDocument();
    expect(screen.queryByText(/withheld/)).not.toBeInTheDocument();
  });

  it('says "Order not found" for another customer’s order (404) and for an id that is not an order id', async () => {
    const { api } = await open(`/order-history/${ORDER_ID}`, {
      [`GET /orders/orders/${ORDER_ID}/`]: () => envelope(404, 'not_found', 'Order not found'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(api.callsTo(`GET /orders/orders/${ORDER_ID}/`)).toHaveLength(1);
  });

  it('does not ask for an id that is not an order id', async () => {
    const { api } = await open('/order-history/42', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /auth/get-session').length).toBeGreaterThan(0));
    expect(api.requests.filter((request) => request.path.startsWith('/orders/orders/'))).toHaveLength(0);
  });
});
