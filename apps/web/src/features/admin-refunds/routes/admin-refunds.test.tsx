import { type BackOfficePolicy, sectionsOf } from '@shop/contract/back-office';
import type { UserRole } from '@shop/contract/identity';
import type { Refund, RefundableTransaction } from '@shop/contract/refunds';
import { keptFeeReason } from '@shop/contract/rider';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import { makeStaffEvent, pageOf } from '../../../test/fakes/events-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeStaffOrderDetail, STAFF_ORDER_ID } from '../../../test/fakes/staff-orders-api';
import { renderApp } from '../../../test/render';
import { REFUNDS_BY_ADMINS } from '../components/refund-panel';
import { REFUNDS_STAFF_ONLY_MESSAGE } from './admin-refunds';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await import('./admin-refunds');
});
beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const DUE = 'GET /admin/refunds/due/';
const REFUND = 'POST /admin/refunds/';
const SUBJECT = 'GET /admin/refunds/subject/';
const PAYMENT_ID = '7d1f0c9e-3b2a-4c5d-8e9f-0a1b2c3d4e5f';

function payment(overrides: Partial<RefundableTransaction> = {}): RefundableTransaction {
  return {
    id: PAYMENT_ID,
    reference: 'KCP-20261127-TWICE0001',
    purpose: 'order',
    subject_id: STAFF_ORDER_ID,
    subject_label: 'Order ORD-20261127-7KQ2M',
    provider: 'sandbox',
    status: 'successful',
    refund_due: true,
    failure_reason: 'Order ORD-20261127-7KQ2M was already paid: this payment is to be refunded',
    phone: '+256 77* *** 456',
    paid: 240_000,
    refunded: 0,
    withheld: 0,
    withheld_reason: null,
    refundable: 240_000,
    paid_at: '2026-11-27T09:30:00.000Z',
    ...overrides,
  };
}

function refund(overrides: Partial<Refund> = {}): Refund & { replayed: boolean } {
  return {
    id: '0b6f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    transaction_id: PAYMENT_ID,
    transaction_reference: 'KCP-20261127-TWICE0001',
    purpose: 'order',
    subject_id: STAFF_ORDER_ID,
    subject_label: 'Order ORD-20261127-7KQ2M',
    provider: 'sandbox',
    amount: 240_000,
    reason: 'Paid twice',
    restock_lines: [],
    status: 'succeeded',
    failure_reason: null,
    created_by: 'Grace Nansubuga',
    created_at: '2026-11-27T10:00:00.000Z',
    settled_at: '2026-11-27T10:00:01.000Z',
    credit_note: {
      id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      number: 'CN-000007',
      pdf_url: '/api/v1/orders/credit-notes/x/pdf/',
      efris: null,
    },
    replayed: false,
    ...overrides,
  };
}

function open(
  path: string,
  role: UserRole,
  handlers: Record<string, FakeHandler> = {},
  policy: BackOfficePolicy = { refundsByStaff: false },
) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /admin/access/': () => ({ sections: sectionsOf(role, policy) }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp(path).then((view) => ({ api, ...view }));
}

/**
 * Answers the refund's confirmation: it states the amount and how the money goes back (and the
 * bottles back in stock); nothing is sent before "Refund <amount>" is pressed, and Escape sends
 * nothing (`cancelFirst` counts the refunds sent, to show it).
 */
async function confirmRefund(
  user: ReturnType<typeof userEvent.setup>,
  amount: string,
  { bottles, cancelFirst }: { bottles?: string; cancelFirst?: () => number } = {},
) {
  let dialog = await screen.findByRole('dialog', { name: 'Send this refund?' });
  expect(dialog).toHaveTextContent(`${amount} goes back to`);
  expect(dialog).toHaveTextContent(/by the sandbox \(test money/);
  if (bottles) expect(dialog).toHaveTextContent(bottles);
  if (cancelFirst) {
    const sentBefore = cancelFirst();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelFirst()).toBe(sentBefore);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    dialog = await screen.findByRole('dialog', { name: 'Send this refund?' });
  }
  await user.click(within(dialog).getByRole('button', { name: `Refund ${amount}` }));
}

describe('/admin/refunds', () => {
  it('is for staff only: a customer is told, and nothing is asked of the API', async () => {
    const { api } = await open('/admin/refunds', 'customer');
    expect(await screen.findByText(REFUNDS_STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(DUE)).toHaveLength(0);
  });

  it('tells staff when the shop keeps refunds for admins, asking nothing the API would refuse', async () => {
    const { api } = await open('/admin/refunds', 'staff', {
      [DUE]: () => envelope(403, 'forbidden', 'Refunds are made by an admin.'),
    });
    expect(await screen.findByText(REFUNDS_STAFF_ONLY_MESSAGE, { exact: false })).toBeInTheDocument();
    expect(api.callsTo(DUE)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says the fee kept from a refused order and why, next to the refund due, in the queue and the form', async () => {
    const user = userEvent.setup();
    const refused = payment({
      failure_reason: null,
      withheld: 10_000,
      withheld_reason: keptFeeReason('intoxicated'),
      refundable: 230_000,
    });
    await open('/admin/refunds', 'admin', {
      [DUE]: () => ({ results: [refused], count: 1, total_pages: 1, next: null }),
    });
    const queue = await screen.findByRole('list', { name: 'Payments to refund' });
    const said =
      'Refund due: Shs 230,000. Shs 10,000 withheld. The delivery fee is kept: the order was refused at the door (Intoxicated).';
    expect(within(queue).getByText(/withheld/)).toHaveTextContent(said);
    await user.click(within(queue).getByRole('button', { name: 'Refund…' }));
    const form = screen.getByRole('form', { name: 'Refund KCP-20261127-TWICE0001' });
    expect(within(form).getByText(/withheld/)).toHaveTextContent(said);
    expect(within(form).getByLabelText('Amount (UGX)')).toHaveValue('230000');
  });

  it('says nothing of a kept fee when none is kept', async () => {
    await open('/admin/refunds', 'admin', {
      [DUE]: () => ({ results: [payment()], count: 1, total_pages: 1, next: null }),
    });
    await screen.findByRole('list', { name: 'Payments to refund' });
    expect(screen.queryByText(/withheld/)).not.toBeInTheDocument();
  });

  it('lists the payments to refund and refunds one, requiring a reason and keeping its key on a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { api } = await open('/admin/refunds', 'admin', {
      [DUE]: () => ({ results: [payment()], count: 1, total_pages: 1, next: null }),
      [REFUND]: () => {
        calls += 1;
        // The first try is lost on the way (the API is unavailable): the retry must be the same refund.
        return calls === 1 ? envelope(503, 'service_unavailable', 'Try again') : refund();
      },
    });
    const queue = await screen.findByRole('list', { name: 'Payments to refund' });
    expect(within(queue).getByText('Order ORD-20261127-7KQ2M: Shs 240,000 to refund')).toBeInTheDocument();
    expect(within(queue).getByText(/was already paid/)).toBeInTheDocument();
    await user.click(within(queue).getByRole('button', { name: 'Refund…' }));

    const form = screen.getByRole('form', { name: 'Refund KCP-20261127-TWICE0001' });
    expect(within(form).getByLabelText('Amount (UGX)')).toHaveValue('240000');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Give the reason for the refund')).toBeInTheDocument();
    expect(api.callsTo(REFUND)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Amount (UGX)'));
    await user.type(within(form).getByLabelText('Amount (UGX)'), '250000');
    await user.type(within(form).getByLabelText('Reason'), 'Paid twice');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('At most Shs 240,000 can still be refunded')).toBeInTheDocument();
    expect(api.callsTo(REFUND)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Amount (UGX)'));
    await user.type(within(form).getByLabelText('Amount (UGX)'), '240000');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, 'Shs 240,000', { cancelFirst: () => api.callsTo(REFUND).length });
    await waitFor(() => expect(api.callsTo(REFUND)).toHaveLength(1));
    await within(form).findByRole('button', { name: 'Refund' });
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, 'Shs 240,000');
    expect(await screen.findByText('Refunded Shs 240,000; credit note CN-000007.')).toBeInTheDocument();
    const [first, retry] = api.callsTo(REFUND);
    expect(first?.body).toEqual({
      transaction_id: PAYMENT_ID,
      amount: 240_000,
      reason: 'Paid twice',
      restock_lines: [],
      idempotency_key: expect.stringMatching(/^refund-/),
    });
    expect(retry?.body).toEqual(first?.body);
  });
});

describe('refunds on the staff order page', () => {
  it('tells staff who may not refund, without asking for the order’s refunds (issue 33 item 13)', async () => {
    const { api } = await open(`/admin/orders/${STAFF_ORDER_ID}`, 'staff', {
      [`GET /orders/admin/orders/${STAFF_ORDER_ID}/detail/`]: () => makeStaffOrderDetail(),
      [SUBJECT]: () => envelope(403, 'forbidden', 'Refunds are made by an admin.'),
    });
    expect(await screen.findByText(REFUNDS_BY_ADMINS)).toBeInTheDocument();
    expect(api.callsTo(SUBJECT)).toHaveLength(0);
  });

  it('offers staff the refund form while the shop lets them refund', async () => {
    const { api } = await open(
      `/admin/orders/${STAFF_ORDER_ID}`,
      'staff',
      {
        [`GET /orders/admin/orders/${STAFF_ORDER_ID}/detail/`]: () => makeStaffOrderDetail(),
        [SUBJECT]: () => ({ transactions: [payment({ refund_due: false })], refunds: [] }),
      },
      { refundsByStaff: true },
    );
    expect(await screen.findByRole('form', { name: /^Refund / })).toBeInTheDocument();
    expect(api.callsTo(SUBJECT)).toHaveLength(1);
  });

  it('refunds one bottle and puts it back in stock, then shows the refund with its credit note', async () => {
    const user = userEvent.setup();
    let refunded = false;
    const { api } = await open(`/admin/orders/${STAFF_ORDER_ID}`, 'admin', {
      [`GET /orders/admin/orders/${STAFF_ORDER_ID}/detail/`]: () => makeStaffOrderDetail(),
      [SUBJECT]: () =>
        refunded
          ? {
              transactions: [payment({ refund_due: false, refunded: 95_000, refundable: 145_000 })],
              refunds: [
                refund({
                  amount: 95_000,
                  reason: 'One bottle broken',
                  restock_lines: [{ line_id: 1, quantity: 1 }],
                }),
              ],
            }
          : { transactions: [payment({ refund_due: false })], refunds: [] },
      [REFUND]: () => {
        refunded = true;
        return refund({
          amount: 95_000,
          reason: 'One bottle broken',
          restock_lines: [{ line_id: 1, quantity: 1 }],
        });
      },
    });
    const section = await screen.findByRole('region', { name: 'Refunds' });
    const form = await within(section).findByRole('form', { name: 'Refund KCP-20261127-TWICE0001' });
    expect(within(section).getByText('No refunds yet.')).toBeInTheDocument();
    // Not the whole payment: the amount follows the bottles back, the fee and the whole by a tick.
    const amount = within(form).getByLabelText('Amount (UGX)');
    expect(amount).toHaveValue('0');
    await user.type(within(form).getByLabelText('Reason'), 'One bottle broken');
    const bottles = within(form).getByLabelText('Kanonkop Pinotage, 750 ml (ordered 2)');
    await user.clear(bottles);
    await user.type(bottles, '1');
    expect(amount).toHaveValue('95000');
    const fee = within(form).getByRole('checkbox', { name: 'Refund the delivery fee (Shs 10,000)' });
    await user.click(fee);
    expect(amount).toHaveValue('105000');
    await user.click(fee);
    const whole = within(form).getByRole('checkbox', { name: 'Refund the whole payment (Shs 240,000)' });
    await user.click(whole);
    expect(amount).toHaveValue('240000');
    await user.click(whole);
    expect(amount).toHaveValue('95000');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, 'Shs 95,000', { bottles: 'Back in stock: 1 × Kanonkop Pinotage, 750 ml.' });
    await waitFor(() => expect(api.callsTo(REFUND)).toHaveLength(1));
    expect(api.callsTo(REFUND)[0]?.body).toMatchObject({
      amount: 95_000,
      reason: 'One bottle broken',
      restock_lines: [{ line_id: 1, quantity: 1 }],
    });
    const list = await within(section).findByRole('list', { name: 'Refunds' });
    expect(within(list).getByText(/Shs 95,000/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Credit note CN-000007' })).toBeInTheDocument();
    expect(await within(section).findByText(/Shs 145,000 refundable/)).toBeInTheDocument();
  });
});

describe('refunds in the staff guest list', () => {
  it('offers a paid ticket’s refund, reading its payments only once opened, and refunds it in full', async () => {
    const user = userEvent.setup();
    const event = makeStaffEvent();
    const rsvpId = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
    const guest = (name: string, id: string, paid: boolean) => ({
      rsvp_id: id,
      customer_name: name,
      email: 'guest@example.ug',
      phone: null,
      status: 'confirmed' as const,
      guests: 2,
      guest_names: [],
      dietary_needs: null,
      note: null,
      ticket_code: '7KQ2M-9XD4T',
      amount: paid ? 300_000 : 0,
      paid,
      waitlist_position: null,
      created_at: '2030-03-01T10:00:00.000Z',
      checked_in_at: null,
    });
    const ticket = payment({
      purpose: 'event_rsvp',
      subject_id: rsvpId,
      subject_label: 'RSVP Rosé Sundowner',
      refund_due: false,
      paid: 300_000,
      refundable: 300_000,
    });
    const { api } = await open('/admin/events', 'admin', {
      'GET /events/staff/events/': () => pageOf([event]),
      [`GET /events/staff/events/${event.id}/`]: () => event,
      [`GET /events/staff/events/${event.id}/guests/`]: () =>
        pageOf([
          guest('Amina Nakato', rsvpId, true),
          guest('Brian Okello', '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', false),
        ]),
      [SUBJECT]: () => ({ transactions: [ticket], refunds: [] }),
      [REFUND]: () =>
        refund({ purpose: 'event_rsvp', subject_id: rsvpId, amount: 300_000, reason: 'Cannot come' }),
    });
    await user.click(await screen.findByRole('button', { name: event.title }));
    const guests = await screen.findByRole('region', { name: /Guest list/ });
    await within(guests).findByText('Amina Nakato');
    // Only the paid ticket offers a refund, and nothing is read before it is opened.
    expect(within(guests).getAllByRole('button', { name: /^Refund .*'s ticket/ })).toHaveLength(1);
    expect(api.callsTo(SUBJECT)).toHaveLength(0);
    await user.click(within(guests).getByRole('button', { name: "Refund Amina Nakato's ticket…" }));
    const form = await within(guests).findByRole('form', { name: 'Refund KCP-20261127-TWICE0001' });
    expect(api.callsTo(SUBJECT)[0]?.url.searchParams.get('purpose')).toBe('event_rsvp');
    expect(api.callsTo(SUBJECT)[0]?.url.searchParams.get('subject_id')).toBe(rsvpId);
    // A ticket has no bottles to put back.
    expect(within(form).queryByText('Bottles back in stock')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Reason'), 'Cannot come');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await confirmRefund(user, 'Shs 300,000');
    expect(await within(form).findByText('Refunded Shs 300,000; credit note CN-000007.')).toBeInTheDocument();
    expect(api.callsTo(REFUND)[0]?.body).toMatchObject({
      transaction_id: PAYMENT_ID,
      amount: 300_000,
      restock_lines: [],
    });
  });
});
