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
import { makeStaffOrderDetail, STAFF_ORDER_ID } from '../../../test/fakes/staff-orders-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const DETAIL = `GET /orders/admin/orders/${STAFF_ORDER_ID}/detail/`;

function open(role: string, handlers: Record<string, FakeHandler> = {}, id = STAFF_ORDER_ID) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp(`/admin/orders/${id}`).then((view) => ({ api, ...view }));
}

describe('/admin/orders/$id', () => {
  it('shows the discount code and its saving', async () => {
    await open('staff', {
      [DETAIL]: () => makeStaffOrderDetail({ discount: 24_000, discount_code: 'CHEERS10', total: 226_000 }),
    });
    const items = await screen.findByRole('region', { name: 'Items' });
    const rows = within(items)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows.slice(-2)).toEqual(['Discount (code CHEERS10)−Shs 24,000', 'TotalShs 226,000']);
  });

  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(DETAIL)).toHaveLength(0);
  });

  it('shows the items with their line totals, the customer, the address, money and who changed what', async () => {
    await open('staff', {
      [DETAIL]: () =>
        makeStaffOrderDetail({
          status: 'out_for_delivery',
          delivery: {
            id: 3,
            status: 'out_for_delivery',
            rider_name: 'Musa Okello',
            rider_phone: '+256772000111',
          },
          payments: [
            {
              id: 'p1',
              reference: 'KC-ORD-1',
              provider: 'sandbox',
              network: 'MTN',
              phone_masked: '+256 77* *** 888',
              amount: 250_000,
              status: 'failed',
              refund_due: false,
              failure_reason: 'Declined',
              created_at: '2026-11-22T09:01:00.000Z',
              paid_at: null,
            },
          ],
        }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order ORD-20261122-7KQ2M' }),
    ).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Items' });
    const rows = within(items)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ItemSizeQtyUnit priceLine total',
      'Kanonkop Pinotage KAN-PIN-750750 ml2Shs 95,000Shs 190,000',
      'Bwindi Sauvignon Blanc BWI-SB-15001.5 L1Shs 50,000Shs 50,000',
      'Subtotal (3 bottles)Shs 240,000',
      'Delivery feeShs 10,000',
      'DiscountShs 0',
      'TotalShs 250,000',
    ]);
    expect(screen.getByText('Cash to collect: Shs 250,000')).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Customer and contact' });
    expect(contact).toHaveTextContent('Namara Kisakye, +256772123456');
    expect(contact).toHaveTextContent('Contact by:Phone call');
    expect(contact).toHaveTextContent('namara@example.ug');
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Address:Acacia Avenue 12, Central Kampala');
    expect(delivery).toHaveTextContent('Landmark:Opposite Shell Kololo');
    expect(delivery).toHaveTextContent('Access:Blue gate');
    expect(delivery).toHaveTextContent('rider Musa Okello (+256772000111)');
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(payments).toHaveTextContent('Invoice:INV-000042');
    expect(within(payments).getByRole('list', { name: 'Payment attempts' })).toHaveTextContent(
      'Shs 250,000 by MTN +256 77* *** 888 — failed — Declined',
    );
    const history = within(screen.getByRole('region', { name: 'Status history' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Pending, .*, by Namara K\. \(customer\) — Order placed$/),
      expect.stringMatching(/^Being prepared, .*, by Grace Nansubuga \(staff\) — Packing now$/),
    ]);
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByLabelText('Cash collected (Shs)')).toHaveValue('250000');
    expect(within(actions).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
  });

  it('moves the order from its page and shows it again as it now is', async () => {
    const user = userEvent.setup();
    let status: OrderStatus = 'confirmed';
    const { api } = await open('admin', {
      [DETAIL]: () =>
        makeStaffOrderDetail({
          status,
          allowed_transitions:
            status === 'confirmed' ? ['processing', 'cancelled'] : ['ready_for_delivery', 'cancelled'],
        }),
      [`POST /orders/admin/orders/${STAFF_ORDER_ID}/status/`]: ({ body }) => {
        status = (body as { status: OrderStatus }).status;
        return makeStaffOrderDetail({ status });
      },
    });
    const actions = await screen.findByRole('region', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Start preparing' }));
    expect(await screen.findByText('Order ORD-20261122-7KQ2M: being prepared.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('staff-order-status')).toHaveTextContent('Being prepared'));
    expect(api.callsTo(DETAIL).length).toBeGreaterThanOrEqual(2);
  });

  it('prints the page and downloads the packing slip PDF', async () => {
    const user = userEvent.setup();
    // The test DOM has no printing: the page's call is captured instead.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const href = `blob:http://localhost/${blobs.size + 1}`;
      blobs.set(href, blob as Blob);
      return href;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    const { api } = await open('staff', {
      [DETAIL]: () => makeStaffOrderDetail(),
      [`GET /orders/admin/orders/${STAFF_ORDER_ID}/packing-slip.pdf`]: () =>
        new Response('%PDF-1.7 slip', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      'GET /orders/invoices/42/pdf/': () =>
        new Response('%PDF-1.7 invoice', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    // The print stylesheet keeps the order alone on paper.
    expect(document.querySelector('#staff-order-print style')?.textContent).toContain('@media print');

    await user.click(screen.getByRole('button', { name: 'Packing slip (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('packing-slip-ORD-20261122-7KQ2M.pdf');
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.7 slip');
    expect(
      api.callsTo(`GET /orders/admin/orders/${STAFF_ORDER_ID}/packing-slip.pdf`)[0]?.headers.Accept,
    ).toBe('application/pdf');

    // The tax invoice opens from the order (it still does once the customer is erased).
    await user.click(screen.getByRole('button', { name: 'Invoice (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe('INV-000042.pdf');
    expect(await saved[1]?.blob.text()).toBe('%PDF-1.7 invoice');
  });

  it('shows a gift’s recipient, day, message as typed and the recipient’s note, and downloads its gift card', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:http://localhost/card');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const cardUrl = `/api/v1/orders/admin/orders/${STAFF_ORDER_ID}/gift-card.pdf`;
    const { api } = await open('staff', {
      [DETAIL]: () =>
        makeStaffOrderDetail({
          payment_method: 'mobile_money',
          payment_status: 'paid',
          gift: {
            recipient_name: 'Sarah Nakato',
            recipient_phone: '+256701234567',
            message: 'Happy birthday!\n<b>as typed</b>',
            delivery_date: '2026-12-04',
            recipient_instructions: 'Ring at the blue gate',
            gift_card_url: cardUrl,
          },
        }),
      [`GET /orders/admin/orders/${STAFF_ORDER_ID}/gift-card.pdf`]: () =>
        new Response('%PDF-1.7 card', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const gift = await screen.findByRole('region', { name: 'Gift' });
    expect(gift).toHaveTextContent('Sarah Nakato, +256701234567');
    expect(gift).toHaveTextContent('Friday 4 December 2026');
    expect(gift).toHaveTextContent('Ring at the blue gate');
    const message = within(gift).getByTestId('staff-gift-message');
    expect(message.textContent).toBe('Happy birthday!\n<b>as typed</b>');
    expect(message.querySelector('b')).toBeNull();
    await user.click(within(gift).getByRole('button', { name: 'Gift card (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['gift-card-ORD-20261122-7KQ2M.pdf']));
    expect(api.callsTo(`GET /orders/admin/orders/${STAFF_ORDER_ID}/gift-card.pdf`)).toHaveLength(1);
  });

  it('shows no gift section for an order that is not a gift', async () => {
    await open('staff', { [DETAIL]: () => makeStaffOrderDetail() });
    await screen.findByRole('region', { name: 'Items' });
    expect(screen.queryByRole('region', { name: 'Gift' })).not.toBeInTheDocument();
  });

  it('says so when there is no such order', async () => {
    await open('staff', { [DETAIL]: () => envelope(404, 'not_found', 'Order not found') });
    expect(await screen.findByText('There is no such order.')).toBeInTheDocument();
  });
});
