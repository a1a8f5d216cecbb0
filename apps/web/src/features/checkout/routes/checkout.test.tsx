import { cartMessages, deliveryInstructionMessages } from '@shop/contract/errors';
import { UGANDAN_PHONE_MESSAGE } from '@shop/contract/profile';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings-values';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makeCart, makeCartItem } from '../../../test/fakes/cart-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  type FakeRequest,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeOrder, ORDER_ID, sampleZones } from '../../../test/fakes/orders-api';
import { renderApp } from '../../../test/render';

// The whole app renders here (lazy pages, the session start): on a busy machine that takes a while.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const cartOf = (unitPrice = 260_000, quantity = 2) =>
  makeCart([makeCartItem({ id: 1, product_name: 'Kanonkop Pinotage', unit_price: unitPrice, quantity })]);

async function openCheckout(handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /users/users/profile/': () => makeProfile(),
    'GET /orders/cart/my_cart/': () => cartOf(),
    'GET /orders/delivery-zones/': () => ({ results: sampleZones() }),
    [`GET /orders/orders/${ORDER_ID}/`]: () => makeOrder(),
    ...handlers,
  });
  const view = await renderApp('/checkout');
  await screen.findByRole('form', { name: 'Checkout' });
  return { api, ...view };
}

const form = () => screen.getByRole('form', { name: 'Checkout' });
const summary = () => screen.getByRole('region', { name: 'Order summary' });
const placeOrderButton = () => screen.getByRole('button', { name: /^(Place order|Placing your order)/ });

/** Fills what the profile does not: the delivery time and cash on delivery. */
async function completeForm(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Preferred delivery time'), 'evening');
  await user.click(screen.getByRole('radio', { name: /^Cash on delivery/ }));
}

function bodyOf(request: FakeRequest | undefined) {
  return request?.body as Record<string, unknown>;
}

describe('the checkout form', () => {
  it('is filled from the profile and its default address, and shows each area with its fee and time', async () => {
    await openCheckout();
    expect(screen.getByLabelText('Full name')).toHaveValue('Amina Nakato');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+256772123456');
    expect(screen.getByLabelText('Street and house')).toHaveValue('Acacia Avenue');
    // The saved area "Kololo" is in Central Kampala.
    const central = screen.getByRole('radio', { name: /^Central Kampala/ });
    expect(central).toBeChecked();
    expect(central.closest('label')).toHaveTextContent(
      'Kololo, Nakasero, Bugolobi, NaguruShs 10,0002–4 hours',
    );
    expect(screen.getByRole('radio', { name: /^Entebbe Road/ }).closest('label')).toHaveTextContent(
      'Shs 20,0004–6 hours',
    );
    // The instructions' defaults: contact by phone, not left at the door, signature required.
    expect(screen.getByLabelText('How should the rider contact you?')).toHaveValue('phone');
    expect(screen.getByRole('checkbox', { name: /Leave at the door/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Require a signature/ })).toBeChecked();
    expect(screen.getByLabelText('Preferred delivery time')).toHaveValue('');

    expect(within(summary()).getByTestId('summary-subtotal')).toHaveTextContent('Shs 520,000');
    expect(within(summary()).getByTestId('summary-delivery-fee')).toHaveTextContent('Shs 10,000');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 530,000');
    expect(placeOrderButton()).toHaveTextContent('Place order · Shs 530,000');
  });

  it('shows the fee of the chosen area, nothing for pick-up, and waives it from Shs 1,000,000', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('radio', { name: /^Entebbe Road/ }));
    expect(within(summary()).getByTestId('summary-delivery-fee')).toHaveTextContent('Shs 20,000');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 540,000');

    await user.click(screen.getByRole('radio', { name: /^Pick up at the shop/ }));
    expect(within(summary()).getByTestId('summary-delivery-fee')).toHaveTextContent('Free');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 520,000');
    expect(form()).toHaveTextContent('Collect your order at Kampala Cellars');
    expect(screen.queryByLabelText('Preferred delivery time')).not.toBeInTheDocument();
  });

  it('offers pick-up at the address and opening hours of the shop’s settings', async () => {
    const user = userEvent.setup();
    // An admin moved the shop and changed Sunday's hours: checkout follows the settings.
    const settings = {
      ...DEFAULT_SHOP_SETTINGS,
      address: 'Plot 7, Bukoto Street, Kamwokya, Kampala',
      opening_hours: DEFAULT_SHOP_SETTINGS.opening_hours.map((day) =>
        day.day === 'sunday' ? { ...day, opens: '14:00', closes: '18:00' } : day,
      ),
    };
    await openCheckout({ 'GET /settings/': () => settings });
    const pickup = screen.getByRole('radio', { name: /^Pick up at the shop/ });
    await waitFor(() => expect(pickup.closest('label')).toHaveTextContent('Sunday 14:00–18:00'));
    expect(pickup.closest('label')).toHaveTextContent('Plot 7, Bukoto Street, Kamwokya, Kampala');
    await user.click(pickup);
    expect(form()).toHaveTextContent(
      'Collect your order at Kampala Cellars, Plot 7, Bukoto Street, Kamwokya, Kampala. Open Monday to Saturday 09:00–21:00, Sunday 14:00–18:00 (Kampala time).',
    );
    expect(form()).not.toHaveTextContent('12:00–19:00');
  });

  it('offers a returning customer the phone and addresses of the last orders, and saves them to the profile when asked', async () => {
    const user = userEvent.setup();
    // The profile has neither a phone nor an address: the last order's are filled in.
    const { api } = await openCheckout({
      'POST /orders/cart/checkout/': () => makeOrder(),
      'GET /users/users/profile/': () => makeProfile({ phone: null, default_delivery_address: null }),
      'GET /orders/orders/recent_details/': () => ({
        phones: ['+256701234567', '+256772123456'],
        addresses: [
          { delivery_zone: 1, zone_name: 'Central Kampala', street: 'Kira Road 3', landmark: null },
          { delivery_zone: 2, zone_name: 'Entebbe Road', street: null, landmark: 'Opposite Kajjansi' },
        ],
      }),
    });
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+256701234567');
    expect(screen.getByRole('radio', { name: /^Central Kampala/ })).toBeChecked();
    expect(screen.getByLabelText('Street and house')).toHaveValue('Kira Road 3');
    const phones = document.querySelectorAll(
      `#${CSS.escape(screen.getByLabelText('Mobile number').getAttribute('list') ?? '')} option`,
    );
    expect([...phones].map((option) => option.getAttribute('value'))).toEqual([
      '+256701234567',
      '+256772123456',
    ]);
    const save = screen.getByRole('checkbox', { name: /Save this phone and address to my profile/ });
    expect(save).toBeChecked();

    // The other address is one click away.
    await user.click(screen.getByRole('button', { name: 'Entebbe Road, Opposite Kajjansi' }));
    expect(screen.getByRole('radio', { name: /^Entebbe Road/ })).toBeChecked();
    expect(screen.getByLabelText('Street and house')).toHaveValue('');
    expect(screen.getByLabelText('Landmark')).toHaveValue('Opposite Kajjansi');

    await completeForm(user);
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    const body = bodyOf(api.callsTo('POST /orders/cart/checkout/')[0]);
    expect(body).toMatchObject({
      contact_phone: '+256701234567',
      delivery_zone: 2,
      street: null,
      save_to_profile: true,
    });
  });

  it('leaves "Save to my profile" unticked when the profile has a phone and an address, and sends false', async () => {
    const user = userEvent.setup();
    const { api } = await openCheckout({ 'POST /orders/cart/checkout/': () => makeOrder() });
    const save = screen.getByRole('checkbox', { name: /Save this phone and address to my profile/ });
    expect(save).not.toBeChecked();
    expect(screen.queryByRole('group', { name: 'Deliver where you did before' })).not.toBeInTheDocument();
    await completeForm(user);
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(bodyOf(api.callsTo('POST /orders/cart/checkout/')[0])).toMatchObject({ save_to_profile: false });
  });

  it('delivers free from Shs 1,000,000', async () => {
    await openCheckout({ 'GET /orders/cart/my_cart/': () => cartOf(500_000, 2) });
    expect(within(summary()).getByTestId('summary-delivery-fee')).toHaveTextContent('Free');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 1,000,000');
    expect(screen.getByText('Your order qualifies for free delivery.')).toBeInTheDocument();
  });

  it('checks every field with the contract’s rules and messages before sending anything', async () => {
    const user = userEvent.setup();
    const { api } = await openCheckout();
    await user.clear(screen.getByLabelText('Full name'));
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '0412 345');
    await user.selectOptions(screen.getByLabelText('How should the rider contact you?'), '');
    await user.click(placeOrderButton());

    expect(await screen.findByText('Contact name is required')).toBeInTheDocument();
    expect(screen.getByText(UGANDAN_PHONE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(deliveryInstructionMessages.preferredTimeRequired)).toBeInTheDocument();
    expect(screen.getByText(deliveryInstructionMessages.contactPreferenceRequired)).toBeInTheDocument();
    expect(screen.getByText('Choose mobile money or cash on delivery')).toBeInTheDocument();
    expect(screen.getByLabelText('Preferred delivery time')).toHaveAccessibleDescription(
      deliveryInstructionMessages.preferredTimeRequired,
    );
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(0);
  });

  it('asks for the street or a landmark, and takes a landmark alone', async () => {
    const user = userEvent.setup();
    const { api } = await openCheckout({ 'POST /orders/cart/checkout/': () => makeOrder() });
    await user.clear(screen.getByLabelText('Street and house'));
    await completeForm(user);
    await user.click(placeOrderButton());
    const message = 'Enter the street or a landmark, so that the rider can find you';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(0);

    await user.type(screen.getByLabelText('Landmark'), 'Behind Kololo Airstrip');
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(bodyOf(api.callsTo('POST /orders/cart/checkout/')[0])).toMatchObject({
      street: null,
      delivery_instructions: expect.objectContaining({ landmark: 'Behind Kololo Airstrip' }),
    });
  });

  it('asks for a delivery area, and for the network and paying number of mobile money', async () => {
    const user = userEvent.setup();
    const { api } = await openCheckout({
      'GET /users/users/profile/': () => makeProfile({ phone: null, default_delivery_address: null }),
    });
    await user.type(screen.getByLabelText('Mobile number'), '0772 123456');
    await user.selectOptions(screen.getByLabelText('Preferred delivery time'), 'asap');
    await user.click(screen.getByRole('radio', { name: /^Mobile money/ }));
    await user.click(placeOrderButton());

    expect(await screen.findByText('Choose a delivery area')).toBeInTheDocument();
    expect(screen.getByText('Choose MTN or Airtel')).toBeInTheDocument();
    expect(screen.getByText('Enter the mobile money number that will pay')).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(0);
  });

  it('places a cash-on-delivery order with one fresh idempotency key, empties the cart and opens the order', async () => {
    const user = userEvent.setup();
    const { api, router } = await openCheckout({
      'POST /orders/cart/checkout/': () => makeOrder(),
    });
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('2');
    await user.type(screen.getByLabelText('Landmark'), 'Opposite Shell Kololo');
    await user.type(screen.getByLabelText('Your pin: plus code (optional)'), '6ggj 8hmr+fc');
    await completeForm(user);
    await user.click(placeOrderButton());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/order_success/${ORDER_ID}`);
    const [request] = api.callsTo('POST /orders/cart/checkout/');
    const body = bodyOf(request);
    expect(body.idempotency_key).toMatch(UUID);
    expect(request?.headers['Idempotency-Key']).toBe(body.idempotency_key);
    expect(body).toEqual({
      idempotency_key: body.idempotency_key,
      fulfilment: 'delivery',
      contact_name: 'Amina Nakato',
      contact_phone: '+256772123456',
      delivery_zone: 1,
      street: 'Acacia Avenue',
      delivery_instructions: {
        preferred_delivery_time: 'evening',
        contact_preference: 'phone',
        leave_at_door: false,
        require_signature: true,
        access_instructions: null,
        security_code: null,
        delivery_notes: null,
        special_instructions: null,
        landmark: 'Opposite Shell Kololo',
        plus_code: '6GGJ8HMR+FC',
      },
      payment_method: 'cash_on_delivery',
      mobile_money_network: null,
      payment_phone: null,
      customer_note: null,
      discount_code: null,
      vat_invoice: null,
      save_to_profile: false,
    });
    await waitFor(() => expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument());
  });

  it('sends a pick-up order paid by mobile money without delivery details, the paying number normalised', async () => {
    const user = userEvent.setup();
    const { api } = await openCheckout({
      'POST /orders/cart/checkout/': () =>
        makeOrder({ fulfilment: 'pickup', payment_method: 'mobile_money', mobile_money_network: 'AIRTEL' }),
    });
    await user.click(screen.getByRole('radio', { name: /^Pick up at the shop/ }));
    await user.click(screen.getByRole('radio', { name: /^Mobile money/ }));
    await user.clear(screen.getByLabelText('Paying mobile number'));
    await user.type(screen.getByLabelText('Paying mobile number'), '0701 234 567');
    await user.click(screen.getByRole('radio', { name: 'Airtel Money' }));
    await user.click(placeOrderButton());
    // A mobile-money order goes on to the payments feature's screen, which sends the phone prompt.
    await screen.findByRole('heading', { level: 1, name: 'Pay by mobile money' });
    expect(bodyOf(api.callsTo('POST /orders/cart/checkout/')[0])).toMatchObject({
      fulfilment: 'pickup',
      delivery_zone: null,
      street: null,
      delivery_instructions: null,
      payment_method: 'mobile_money',
      mobile_money_network: 'AIRTEL',
      payment_phone: '+256701234567',
    });
  });

  it('sends one order for a double submit, and disables the button while it is on its way', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => undefined;
    const { api } = await openCheckout({
      'POST /orders/cart/checkout/': () => new Promise((resolve) => (answer = resolve)),
    });
    await completeForm(user);
    fireEvent.submit(form());
    fireEvent.submit(form());
    await waitFor(() => expect(placeOrderButton()).toBeDisabled());
    expect(placeOrderButton()).toHaveTextContent('Placing your order…');
    await user.click(placeOrderButton());
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1);
    answer(makeOrder());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1);
  });

  it('keeps the key when the answer is lost, so that retrying cannot place a second order', async () => {
    const user = userEvent.setup();
    let lost = true;
    const { api } = await openCheckout({
      'POST /orders/cart/checkout/': () => {
        if (lost) throw new TypeError('Failed to fetch');
        return makeOrder();
      },
    });
    await completeForm(user);
    await user.click(placeOrderButton());
    expect(
      await screen.findByText(/Failed to checkout\. Unable to connect to the server/),
    ).toBeInTheDocument();
    lost = false;
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });

    const keys = api.callsTo('POST /orders/cart/checkout/').map((call) => bodyOf(call).idempotency_key);
    // The client's own retry and the customer's: three requests, one key.
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('shows the server’s reasons beside their fields, and a corrected submit is a new attempt', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { api } = await openCheckout({
      'POST /orders/cart/checkout/': () =>
        refuse
          ? envelope(422, 'validation_failed', 'Validation failed', [
              { field: 'delivery_zone', message: 'We do not deliver to this area on Sundays' },
              { field: 'delivery_instructions.landmark', message: 'Use at most 200 characters' },
            ])
          : makeOrder(),
    });
    await completeForm(user);
    await user.click(placeOrderButton());
    expect(await screen.findByText('We do not deliver to this area on Sundays')).toBeInTheDocument();
    expect(screen.getByLabelText('Landmark')).toHaveAccessibleDescription('Use at most 200 characters');
    expect(form()).toHaveTextContent('Failed to checkout. Please check your input and try again.');

    refuse = false;
    await user.click(screen.getByRole('radio', { name: /^Entebbe Road/ }));
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    const [first, second] = api
      .callsTo('POST /orders/cart/checkout/')
      .map((call) => bodyOf(call).idempotency_key);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('sends the customer back to the cart when a bottle sold out meanwhile (409)', async () => {
    const user = userEvent.setup();
    const { api } = await openCheckout({
      'POST /orders/cart/checkout/': () =>
        envelope(409, 'out_of_stock', 'Kanonkop Pinotage, 750 ml bottle: only 1 left'),
    });
    await completeForm(user);
    await user.click(placeOrderButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `${cartMessages.checkout}: Kanonkop Pinotage, 750 ml bottle: only 1 left`,
    );
    expect(within(alert).getByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    // The cart is read again, to show which line changed.
    await waitFor(() => expect(api.callsTo('GET /orders/cart/my_cart/').length).toBeGreaterThanOrEqual(2));
  });

  it('sends a cart that cannot be ordered back to the cart page, and an empty cart to the shop', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /users/users/profile/': () => makeProfile(),
      'GET /orders/delivery-zones/': () => ({ results: sampleZones() }),
      'GET /orders/cart/my_cart/': () => makeCart([makeCartItem({ stock: 0, quantity: 1 })]),
    });
    await renderApp('/checkout');
    expect(await screen.findByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('form', { name: 'Checkout' })).not.toBeInTheDocument();
  });
});

describe('a discount code at checkout', () => {
  const CHECK = 'POST /orders/cart/discount-check/';
  const codeBox = () => screen.getByLabelText('Discount code (optional)');

  it('shows the saving the server answers, in the summary and the button, and sends the code', async () => {
    const user = userEvent.setup();
    const { api } = await openCheckout({
      [CHECK]: () => ({
        code: 'CHEERS10',
        description: null,
        label: '10 % off',
        subtotal: 520_000,
        discount: 52_000,
      }),
      'POST /orders/cart/checkout/': () => makeOrder({ discount: 52_000, discount_code: 'CHEERS10' }),
    });
    await user.type(codeBox(), 'cheers10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('CHEERS10: 10 % off. You save Shs 52,000.')).toBeInTheDocument();
    expect(api.callsTo(CHECK)[0]!.body).toEqual({ discount_code: 'CHEERS10' });
    expect(within(summary()).getByTestId('summary-discount')).toHaveTextContent('−Shs 52,000');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 478,000');
    expect(placeOrderButton()).toHaveTextContent('Place order · Shs 478,000');

    await completeForm(user);
    await user.click(placeOrderButton());
    await waitFor(() => expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1));
    expect(bodyOf(api.callsTo('POST /orders/cart/checkout/')[0]).discount_code).toBe('CHEERS10');
  });

  it('says why a code does not apply, beside the field, and leaves the total as it was', async () => {
    const user = userEvent.setup();
    const reason = 'This discount code needs bottles worth at least Shs 600,000 (delivery not counted).';
    await openCheckout({
      [CHECK]: () =>
        envelope(422, 'validation_failed', reason, [{ field: 'discount_code', message: reason }]),
    });
    await user.type(codeBox(), 'BIGSPENDER');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(codeBox()).toHaveAccessibleDescription(reason));
    expect(within(summary()).queryByTestId('summary-discount')).not.toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 530,000');
  });

  it('shows the refusal when the code was used up meanwhile: no order, the reason, and the way on', async () => {
    const user = userEvent.setup();
    const usedUp = 'This discount code has been used up.';
    const { api, router } = await openCheckout({
      [CHECK]: () => ({
        code: 'LAST1',
        description: null,
        label: '10 % off',
        subtotal: 520_000,
        discount: 52_000,
      }),
      'POST /orders/cart/checkout/': () =>
        envelope(422, 'validation_failed', usedUp, [{ field: 'discount_code', message: usedUp }]),
    });
    await user.type(codeBox(), 'LAST1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('LAST1: 10 % off. You save Shs 52,000.');
    await completeForm(user);
    await user.click(placeOrderButton());
    expect(
      await screen.findByText(`${cartMessages.checkout}. ${usedUp} Remove the code to order without it.`),
    ).toBeInTheDocument();
    expect(codeBox()).toHaveAccessibleDescription(usedUp);
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 530,000');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1);
  });
});

describe('a VAT invoice at checkout', () => {
  const registered = (prices_include_vat: boolean) => () => ({
    ...DEFAULT_SHOP_SETTINGS,
    vat_tin: '1000123456',
    prices_include_vat,
  });

  it('is not offered by a shop that is not registered for VAT', async () => {
    await openCheckout({ 'GET /settings/': () => DEFAULT_SHOP_SETTINGS });
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 530,000');
    expect(screen.queryByLabelText(/I need a VAT invoice/)).not.toBeInTheDocument();
    expect(within(summary()).queryByText(/VAT/)).not.toBeInTheDocument();
  });

  it('asks for the business’s name and TIN, checks them with the contract, and sends them', async () => {
    const user = userEvent.setup();
    const { api } = await openCheckout({
      'GET /settings/': registered(true),
      'POST /orders/cart/checkout/': () => makeOrder(),
    });
    const invoiceBox = await screen.findByLabelText(/I need a VAT invoice/);
    expect(within(summary()).getByText('Prices include VAT at 18%.')).toBeInTheDocument();
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 530,000');
    await user.click(invoiceBox);
    await user.type(screen.getByLabelText('Business TIN'), '12345');
    await completeForm(user);
    await user.click(placeOrderButton());
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('must be the 10 digits of a Uganda TIN')).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(0);

    await user.type(screen.getByLabelText('Business name'), 'Acacia Lodge Ltd');
    await user.clear(screen.getByLabelText('Business TIN'));
    await user.type(screen.getByLabelText('Business TIN'), '1000 987 654');
    await user.click(placeOrderButton());
    await waitFor(() => expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1));
    expect(bodyOf(api.callsTo('POST /orders/cart/checkout/')[0]).vat_invoice).toEqual({
      business_name: 'Acacia Lodge Ltd',
      tin: '1000987654',
    });
  });

  it('adds the VAT to the total when the shop’s prices exclude it, as the API works it out', async () => {
    await openCheckout({ 'GET /settings/': registered(false) });
    // 520,000 of wine and 10,000 of delivery: 93,600 + 1,800 of VAT.
    expect(await within(summary()).findByTestId('summary-vat')).toHaveTextContent('Shs 95,400');
    expect(within(summary()).getByTestId('summary-total')).toHaveTextContent('Shs 625,400');
    expect(placeOrderButton()).toHaveTextContent('Place order · Shs 625,400');
  });
});
