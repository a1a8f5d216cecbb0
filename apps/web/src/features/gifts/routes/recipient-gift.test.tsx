import { giftMessages, type RecipientGift } from '@shop/contract/gifts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonymousSession, confirmAge, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

const TOKEN = `${'G'.repeat(21)}_-${'k'.repeat(20)}`;
const PATH = `/gifts/${TOKEN}/`;
const MESSAGE = 'Happy birthday!\n<b>not bold</b> <script>alert(1)</script>';

function makeGift(overrides: Partial<RecipientGift> = {}): RecipientGift {
  return {
    from: 'Namara',
    recipient_name: 'Sarah Nakato',
    message: MESSAGE,
    delivery_date: '2026-12-04',
    status: 'confirmed',
    status_label: 'Confirmed',
    estimated_delivery_time: '2026-12-04T14:00:00.000Z',
    delivery_area: 'Central Kampala',
    street: 'Acacia Avenue 12',
    landmark: 'Opposite Shell Kololo',
    preferred_delivery_time: 'asap',
    instructions: null,
    can_change: true,
    ...overrides,
  };
}

beforeAll(() => import('./recipient-gift'));
beforeEach(() => confirmAge());

describe('/gift/<token>', () => {
  it('shows the gift signed out: from whom, the message as text, the day and the status; no price', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      [`GET ${PATH}`]: () => makeGift(),
    });
    await renderApp(`/gift/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A gift for Sarah Nakato' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /From Namara/ })).toBeInTheDocument();
    // Exactly as typed, as text: no element made from it, the line break kept.
    const message = screen.getByTestId('gift-message');
    expect(message.textContent).toBe(MESSAGE);
    expect(message.querySelector('b, script')).toBeNull();
    expect(screen.getByTestId('gift-status')).toHaveTextContent('Confirmed');
    expect(screen.getByText('Friday 4 December 2026')).toBeInTheDocument();
    expect(
      screen.getByText(/Acacia Avenue 12, Central Kampala \(Opposite Shell Kololo\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(/Shs|UGX/);
  });

  it('saves the evening window and a note for the rider', async () => {
    const user = userEvent.setup();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      [`GET ${PATH}`]: () => makeGift(),
      [`PATCH ${PATH}`]: () =>
        makeGift({ preferred_delivery_time: 'evening', instructions: 'Ring at the blue gate' }),
    });
    await renderApp(`/gift/${TOKEN}`);
    const form = await screen.findByRole('form', { name: 'Delivery time and directions' });
    await user.selectOptions(within(form).getByLabelText('Delivery time'), 'evening');
    await user.type(
      within(form).getByLabelText('Directions or instructions for the rider'),
      'Ring at the blue gate',
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: the rider will see it.')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${PATH}`).map((call) => call.body)).toEqual([
      { preferred_delivery_time: 'evening', instructions: 'Ring at the blue gate' },
    ]);
  });

  it('puts the server’s refusal beside the field, and says when it is too late', async () => {
    const user = userEvent.setup();
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      [`GET ${PATH}`]: () => makeGift(),
      [`PATCH ${PATH}`]: () =>
        envelope(409, 'conflict', giftMessages.tooLate, [
          { field: 'preferred_delivery_time', message: giftMessages.tooLate },
        ]),
    });
    await renderApp(`/gift/${TOKEN}`);
    const form = await screen.findByRole('form', { name: 'Delivery time and directions' });
    await user.selectOptions(within(form).getByLabelText('Delivery time'), 'morning');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(giftMessages.tooLate)).toBeInTheDocument();
    expect(within(form).getByLabelText('Delivery time')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no changes once the gift is out for delivery', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      [`GET ${PATH}`]: () =>
        makeGift({ status: 'out_for_delivery', status_label: 'Out for delivery', can_change: false }),
    });
    await renderApp(`/gift/${TOKEN}`);
    expect(await screen.findByText(/can no longer change/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Delivery time and directions' })).not.toBeInTheDocument();
  });

  it('says the link expired (410), in the server’s words', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      [`GET ${PATH}`]: () => envelope(410, 'gone', giftMessages.linkExpired),
    });
    await renderApp(`/gift/${TOKEN}`);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(giftMessages.linkExpired));
    expect(screen.getByRole('heading', { level: 1, name: 'Your gift' })).toBeInTheDocument();
  });

  it('says a malformed link is not valid, without asking the shop', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/gift/short');
    expect(await screen.findByRole('alert')).toHaveTextContent(giftMessages.linkUnknown);
    expect(api.callsTo('GET /gifts/short/')).toHaveLength(0);
  });
});
