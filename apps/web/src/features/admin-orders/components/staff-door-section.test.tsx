import { riderMessages } from '@shop/contract/rider';
import type { StaffOrderDetail } from '@shop/contract/staff-orders';
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
import { makeStaffOrderDetail, STAFF_ORDER_ID } from '../../../test/fakes/staff-orders-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.unstubAllGlobals();
});

const DETAIL = `GET /orders/admin/orders/${STAFF_ORDER_ID}/detail/`;
const VERIFY = `POST /orders/admin/orders/${STAFF_ORDER_ID}/verify-by-phone/`;
const BOTTLES = `POST /orders/admin/orders/${STAFF_ORDER_ID}/bottles-back/`;
const noContent = () => new Response(null, { status: 204 });

function open(door: StaffOrderDetail['door'], handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role: 'staff', name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    [DETAIL]: () => makeStaffOrderDetail({ status: 'out_for_delivery', door }),
    ...handlers,
  });
  return renderApp(`/admin/orders/${STAFF_ORDER_ID}`).then((view) => ({ api, ...view }));
}

const locked = { handover_locked: true, door_outcome: null, bottles_back_pending: false, proof: null };
const returned = {
  handover_locked: false,
  door_outcome: 'returned_to_shop' as const,
  bottles_back_pending: true,
  proof: null,
};

describe('the staff’s side of the door on the order page', () => {
  it('shows nothing when the handover needs no staff', async () => {
    await open({ handover_locked: false, door_outcome: null, bottles_back_pending: false, proof: null });
    await screen.findByRole('region', { name: 'Items' });
    expect(screen.queryByRole('region', { name: 'At the door' })).not.toBeInTheDocument();
  });

  it('shows the rider’s proof of delivery: the photo, the time and a map link to the phone’s position', async () => {
    const photoUrl = `/api/v1/orders/admin/orders/${STAFF_ORDER_ID}/proof-photo.jpg`;
    await open({
      handover_locked: false,
      door_outcome: null,
      bottles_back_pending: false,
      proof: {
        photo_url: photoUrl,
        position: { latitude: 0.332614, longitude: 32.590231, accuracy_m: 18 },
        taken_at: '2026-11-29T08:15:00.000Z',
      },
    });
    const section = await screen.findByRole('region', { name: 'At the door' });
    expect(
      within(section).getByRole('img', { name: 'The door at the handover, as the rider saw it' }),
    ).toHaveAttribute('src', photoUrl);
    expect(within(section).getByText(/^Taken/)).toHaveTextContent('Taken 29 November 2026 at 11:15.');
    const map = within(section).getByRole('link', { name: 'Where the rider’s phone was' });
    expect(map).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=0.332614%2C32.590231',
    );
    expect(section).toHaveTextContent('(within 18 m)');
  });

  it('says what the proof lacks when the rider took no photo and kept the position to themselves', async () => {
    await open({
      handover_locked: false,
      door_outcome: null,
      bottles_back_pending: false,
      proof: { photo_url: null, position: null, taken_at: '2026-11-29T08:15:00.000Z' },
    });
    const section = await screen.findByRole('region', { name: 'At the door' });
    expect(section).toHaveTextContent('No photo was taken.');
    expect(section).toHaveTextContent('The rider did not share the phone’s position.');
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
  });

  it('verifies a locked-out customer by phone only with a reason, showing the API’s reason beside the field', async () => {
    const user = userEvent.setup();
    let answer: () => unknown = () =>
      envelope(422, 'validation_failed', 'Please check your input and try again.', [
        { field: 'reason', message: 'Use at most 300 characters' },
      ]);
    const { api } = await open(locked, { [VERIFY]: () => answer() });
    const form = await screen.findByRole('form', { name: 'Verify by phone' });
    const reason = within(form).getByLabelText('Reason (how you checked)');

    await user.click(within(form).getByRole('button', { name: 'Verify by phone' }));
    expect(await within(form).findByText(riderMessages.reasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(VERIFY)).toHaveLength(0);

    await user.type(reason, 'Called 0772 000111, she answered the order questions');
    await user.click(within(form).getByRole('button', { name: 'Verify by phone' }));
    expect(await within(form).findByText('Use at most 300 characters')).toBeInTheDocument();

    answer = noContent;
    await user.click(within(form).getByRole('button', { name: 'Verify by phone' }));
    await waitFor(() => expect(api.callsTo(VERIFY)).toHaveLength(2));
    expect(api.callsTo(VERIFY)[1]?.body).toEqual({
      reason: 'Called 0772 000111, she answered the order questions',
    });
    await waitFor(() => expect(api.callsTo(DETAIL).length).toBeGreaterThan(1));
  });

  it('puts returned bottles back only after the confirmation that names them', async () => {
    const user = userEvent.setup();
    const { api } = await open(returned, { [BOTTLES]: noContent });
    const section = await screen.findByRole('region', { name: 'At the door' });

    await user.click(within(section).getByRole('button', { name: 'Bottles back in stock' }));
    let dialog = await screen.findByRole('dialog', { name: 'Bottles back in stock?' });
    expect(dialog).toHaveTextContent('3 bottles of order');
    expect(dialog).toHaveTextContent('2 × Kanonkop Pinotage 750 ml');
    expect(dialog).toHaveTextContent('1 × Bwindi Sauvignon Blanc 1.5 L');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(BOTTLES)).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Bottles back in stock' }));
    dialog = await screen.findByRole('dialog', { name: 'Bottles back in stock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Put them back in stock' }));
    await waitFor(() => expect(api.callsTo(BOTTLES)).toHaveLength(1));
  });

  it('says so when the API refuses the staff member', async () => {
    const user = userEvent.setup();
    await open(returned, {
      [BOTTLES]: () => envelope(403, 'forbidden', 'You don’t have permission to perform this action.'),
    });
    const section = await screen.findByRole('region', { name: 'At the door' });
    await user.click(within(section).getByRole('button', { name: 'Bottles back in stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bottles back in stock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Put them back in stock' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(/permission/i);
  });
});
