import { kampalaDayAfter } from '@shop/contract/gifts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makeCart, makeCartItem } from '../../../test/fakes/cart-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeOrder, ORDER_ID, sampleZones } from '../../../test/fakes/orders-api';
import { renderApp } from '../../../test/render';

// "This is a gift" at checkout (issue 39): the whole app renders, as in checkout.test.tsx.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const MESSAGE = 'Happy birthday!\n<b>not bold</b>   with love';

async function openCheckout(handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /users/users/profile/': () => makeProfile(),
    'GET /orders/cart/my_cart/': () =>
      makeCart([
        makeCartItem({ id: 1, product_name: 'Kanonkop Pinotage', unit_price: 260_000, quantity: 1 }),
      ]),
    'GET /orders/delivery-zones/': () => ({ results: sampleZones() }),
    [`GET /orders/orders/${ORDER_ID}/`]: () => makeOrder(),
    ...handlers,
  });
  await renderApp('/checkout');
  await screen.findByRole('form', { name: 'Checkout' });
  return api;
}

const placeOrderButton = () => screen.getByRole('button', { name: /^(Place order|Placing your order)/ });

async function fillGift(user: ReturnType<typeof userEvent.setup>, day: string) {
  await user.click(screen.getByRole('checkbox', { name: /This is a gift/ }));
  await user.type(screen.getByLabelText('Recipient’s name'), 'Sarah Nakato');
  await user.type(screen.getByLabelText('Recipient’s phone'), '0701 234567');
  await user.type(screen.getByLabelText('Delivery day'), day);
  await user.type(screen.getByLabelText('Gift message (optional)'), MESSAGE);
  await user.selectOptions(screen.getByLabelText('Preferred delivery time'), 'evening');
  await user.click(screen.getByRole('radio', { name: /^Mobile money/ }));
  // The profile's number is MTN's: the network is chosen from it.
  expect(screen.getByRole('radio', { name: /^MTN Mobile Money/ })).toBeChecked();
}

describe('a gift at checkout', () => {
  it('is offered for delivery only, its fields shown once ticked', async () => {
    const user = userEvent.setup();
    await openCheckout();
    expect(screen.queryByLabelText('Recipient’s name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /This is a gift/ }));
    expect(screen.getByLabelText('Recipient’s name')).toBeInTheDocument();
    expect(screen.getByLabelText('Delivery day')).toHaveAttribute('min', kampalaDayAfter(new Date(), 0));
    expect(screen.getByLabelText('Delivery day')).toHaveAttribute('max', kampalaDayAfter(new Date(), 60));
    await user.click(screen.getByRole('radio', { name: /^Pick up at the shop/ }));
    expect(screen.queryByRole('checkbox', { name: /This is a gift/ })).not.toBeInTheDocument();
  });

  it('sends the recipient, the message exactly as typed and the day, the phone normalised', async () => {
    const user = userEvent.setup();
    const day = kampalaDayAfter(new Date(), 7);
    const api = await openCheckout({
      'POST /orders/cart/checkout/': () => makeOrder({ payment_method: 'mobile_money' }),
    });
    await fillGift(user, day);
    await user.click(placeOrderButton());
    await waitFor(() => expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1));
    expect(api.callsTo('POST /orders/cart/checkout/')[0]?.body).toMatchObject({
      fulfilment: 'delivery',
      payment_method: 'mobile_money',
      gift: {
        recipient_name: 'Sarah Nakato',
        recipient_phone: '+256701234567',
        message: MESSAGE,
        delivery_date: day,
      },
    });
  });

  it('names what is wrong beside each gift field, before sending', async () => {
    const user = userEvent.setup();
    const api = await openCheckout();
    await user.click(screen.getByRole('checkbox', { name: /This is a gift/ }));
    await user.type(screen.getByLabelText('Recipient’s phone'), '12345');
    await user.type(screen.getByLabelText('Delivery day'), kampalaDayAfter(new Date(), 61));
    await user.selectOptions(screen.getByLabelText('Preferred delivery time'), 'evening');
    await user.click(screen.getByRole('radio', { name: /^Cash on delivery/ }));
    await user.click(placeOrderButton());
    expect(await screen.findByText('Recipient’s name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Recipient’s phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose a day at most 60 days ahead')).toBeInTheDocument();
    expect(screen.getByText('A gift is paid before it goes out: choose mobile money')).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(0);
  });

  it('shows the server’s refusal of a gift field beside that field', async () => {
    const user = userEvent.setup();
    const api = await openCheckout({
      'POST /orders/cart/checkout/': () =>
        envelope(422, 'validation_failed', 'Please check your input and try again.', [
          { field: 'gift.delivery_date', message: 'Choose today or a later day' },
        ]),
    });
    await fillGift(user, kampalaDayAfter(new Date(), 1));
    await user.click(placeOrderButton());
    expect(await screen.findByText('Choose today or a later day')).toBeInTheDocument();
    expect(screen.getByLabelText('Delivery day')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1);
  });
});
