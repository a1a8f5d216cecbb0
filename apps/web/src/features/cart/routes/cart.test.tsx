import { cartMessages } from '@shop/contract/errors';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { fakeCartServer, makeCart, makeCartItem } from '../../../test/fakes/cart-api';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

// The whole app renders here (lazy pages, the session start): on a busy machine that takes a while.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const pinotage = () =>
  makeCartItem({
    id: 1,
    product_name: 'Kanonkop Pinotage',
    product_slug: 'kanonkop-pinotage',
    variant_name: '750 ml bottle',
    unit_price: 260_000,
    original_price: 295_000,
    quantity: 2,
    stock: 4,
  });
const magnum = () =>
  makeCartItem({
    id: 2,
    product_name: 'Kanonkop Pinotage',
    product_slug: 'kanonkop-pinotage',
    variant_name: '1.5 L magnum',
    unit_price: 540_000,
    quantity: 1,
    stock: 3,
  });

async function openCart(handlers: Record<string, FakeHandler>) {
  const api = mockIdentityApi({ 'GET /auth/get-session': () => customerSession(), ...handlers });
  const view = await renderApp('/cart');
  return { api, ...view };
}

const line = (name: string) => screen.getByRole('listitem', { name });

describe('the cart page', () => {
  it('shows each line with its picture, linked name, size, price, quantity and subtotal, and the totals', async () => {
    const server = fakeCartServer([pinotage(), magnum()]);
    await openCart(server.handlers);

    const bottle = await screen.findByRole('listitem', { name: 'Kanonkop Pinotage, 750 ml bottle' });
    expect(within(bottle).getByRole('link', { name: 'Kanonkop Pinotage' })).toHaveAttribute(
      'href',
      '/products/kanonkop-pinotage',
    );
    expect(bottle.querySelector('img')).toHaveAttribute('src', '/media/gen/v1/bottle/red-wine/2019/x1.svg');
    expect(bottle).toHaveTextContent('750 ml bottle');
    expect(bottle).toHaveTextContent('Shs 260,000 each');
    expect(bottle).toHaveTextContent('Was Shs 295,000');
    expect(bottle).toHaveTextContent('Line total Shs 520,000');
    expect(within(bottle).getByLabelText('Quantity of Kanonkop Pinotage, 750 ml bottle')).toHaveValue(2);
    expect(bottle).toHaveTextContent('Only 4 left');

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Subtotal (3 items)Shs 1,060,000');
    expect(within(summary).getByTestId('cart-total')).toHaveTextContent('Shs 1,060,000');
    expect(within(summary).getByTestId('free-delivery')).toHaveTextContent('Free delivery');
    expect(within(summary).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('says how much more qualifies for free delivery', async () => {
    const server = fakeCartServer([makeCartItem({ unit_price: 185_000, quantity: 2 })]);
    await openCart(server.handlers);
    const progress = await screen.findByTestId('free-delivery');
    expect(progress).toHaveTextContent('Shs 630,000 more for free delivery');
    expect(screen.getByRole('progressbar', { name: 'Towards free delivery' })).toHaveAttribute(
      'aria-valuenow',
      '37',
    );
  });

  it('changes a quantity with the stepper, within the stock, and shows the cart the server answers', async () => {
    const server = fakeCartServer([pinotage(), magnum()]);
    const { api } = await openCart(server.handlers);
    const user = userEvent.setup();

    const bottle = await screen.findByRole('listitem', { name: 'Kanonkop Pinotage, 750 ml bottle' });
    await user.click(
      within(bottle).getByRole('button', { name: 'One more Kanonkop Pinotage, 750 ml bottle' }),
    );
    await waitFor(() => expect(within(bottle).getByLabelText(/^Quantity of/)).toHaveValue(3));
    expect(api.callsTo('POST /orders/cart/update_item/').map((call) => call.body)).toEqual([
      { item_id: 1, quantity: 3 },
    ]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Shs 1,320,000');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('4');

    // Typed: more than the stock becomes the stock (4).
    const input = within(bottle).getByLabelText(/^Quantity of/);
    await user.clear(input);
    await user.type(input, '500{Enter}');
    await waitFor(() => expect(input).toHaveValue(4));
    expect(api.callsTo('POST /orders/cart/update_item/').at(-1)?.body).toEqual({ item_id: 1, quantity: 4 });
    expect(within(bottle).getByRole('button', { name: /^One more/ })).toBeDisabled();
  });

  it('removes a line', async () => {
    const server = fakeCartServer([pinotage(), magnum()]);
    const { api } = await openCart(server.handlers);
    const user = userEvent.setup();
    const big = await screen.findByRole('listitem', { name: 'Kanonkop Pinotage, 1.5 L magnum' });
    await user.click(within(big).getByRole('button', { name: 'Remove Kanonkop Pinotage, 1.5 L magnum' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('listitem', { name: 'Kanonkop Pinotage, 1.5 L magnum' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST /orders/cart/remove_item/')[0]?.body).toEqual({ item_id: 2 });
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Shs 520,000');
  });

  it('clears the cart only once the customer confirms', async () => {
    const server = fakeCartServer([pinotage(), magnum()]);
    const { api } = await openCart(server.handlers);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear cart' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove all 3 items from your cart?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep them' }));
    expect(api.callsTo('POST /orders/cart/clear/')).toHaveLength(0);
    expect(line('Kanonkop Pinotage, 750 ml bottle')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    await user.click(screen.getByRole('button', { name: 'Yes, clear cart' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/clear/')).toHaveLength(1);
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });

  it('marks lines that cannot be ordered and disables the checkout', async () => {
    const server = fakeCartServer([
      makeCartItem({ id: 7, product_name: 'Opus One', variant_name: '750 ml bottle', stock: 0, quantity: 1 }),
      makeCartItem({
        id: 8,
        product_name: 'Glenfiddich 18',
        variant_name: '700 ml bottle',
        stock: 2,
        quantity: 5,
      }),
      makeCartItem({ id: 9, product_name: 'Old Cuvée', variant_name: '750 ml bottle', is_available: false }),
    ]);
    const { api } = await openCart(server.handlers);
    const user = userEvent.setup();

    expect(await screen.findByText('Out of stock. Remove it to check out.')).toBeInTheDocument();
    expect(line('Glenfiddich 18, 700 ml bottle')).toHaveTextContent(
      'Only 2 left. Lower the quantity to 2 to check out.',
    );
    expect(line('Old Cuvée, 750 ml bottle')).toHaveTextContent(
      'No longer available. Remove it to check out.',
    );
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(within(summary).queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();

    // A short line can only go down; "Change to 2" fixes it in one click.
    const short = line('Glenfiddich 18, 700 ml bottle');
    expect(within(short).getByRole('button', { name: /^One more/ })).toBeDisabled();
    await user.click(within(short).getByRole('button', { name: 'Change to 2' }));
    await waitFor(() => expect(within(short).getByLabelText(/^Quantity of/)).toHaveValue(2));
    expect(api.callsTo('POST /orders/cart/update_item/')[0]?.body).toEqual({ item_id: 8, quantity: 2 });
  });

  it('says "Failed to update cart item" with the server’s reason, and shows the cart as it is now', async () => {
    const server = fakeCartServer([pinotage()]);
    const { api } = await openCart({
      ...server.handlers,
      'POST /orders/cart/update_item/': () =>
        envelope(409, 'out_of_stock', 'Only 2 bottles of Kanonkop Pinotage, 750 ml bottle are left'),
    });
    const user = userEvent.setup();
    const bottle = await screen.findByRole('listitem', { name: 'Kanonkop Pinotage, 750 ml bottle' });
    await user.click(within(bottle).getByRole('button', { name: /^One more/ }));
    expect(await screen.findByText(cartMessages.update)).toBeInTheDocument();
    expect(
      screen.getByText('Only 2 bottles of Kanonkop Pinotage, 750 ml bottle are left'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /orders/cart/my_cart/').length).toBeGreaterThanOrEqual(2));
    expect(within(bottle).getByLabelText(/^Quantity of/)).toHaveValue(2);
  });

  it('shows the empty cart with a way to the shop', async () => {
    await openCart({ 'GET /orders/cart/my_cart/': () => makeCart([]) });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse wines and spirits' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows an empty cart when the cart fetch is refused with 403 (docs/product.md section 8)', async () => {
    await openCart({ 'GET /orders/cart/my_cart/': () => envelope(403, 'forbidden', 'Forbidden') });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.queryByText(cartMessages.load)).not.toBeInTheDocument();
  });

  it('says "Failed to load cart" with Retry when the cart cannot be read', async () => {
    let fail = true;
    const server = fakeCartServer([pinotage()]);
    await openCart({
      'GET /orders/cart/my_cart/': () =>
        fail ? envelope(500, 'internal_error', 'Internal error') : server.cart,
    });
    expect(await screen.findByText(cartMessages.load)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('listitem', { name: 'Kanonkop Pinotage, 750 ml bottle' }),
    ).toBeInTheDocument();
  });

  it('asks a visitor who is not signed in to sign in, without asking for a cart', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fcart');
    expect(api.callsTo('GET /orders/cart/my_cart/')).toHaveLength(0);
  });
});
