import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../lib/api-client';
import { makeCart, makeCartItem } from '../../test/fakes/cart-api';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  mockIdentityApi,
} from '../../test/fakes/identity-api';
import { renderApp, renderWithRouter } from '../../test/render';
import { MiniCartBar } from './mini-cart-bar';

describe('MiniCartBar', () => {
  it('is hidden when the cart is empty', async () => {
    await renderWithRouter(
      <div data-testid="page">
        <MiniCartBar itemCount={0} total={0} />
      </div>,
    );
    expect(screen.getByTestId('page')).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: 'Cart summary' })).not.toBeInTheDocument();
  });

  it('shows the item count, the total in shillings, View Cart and Checkout', async () => {
    await renderWithRouter(<MiniCartBar itemCount={3} total={1_250_000} />);
    const bar = screen.getByRole('region', { name: 'Cart summary' });
    expect(bar).toHaveTextContent('3 items');
    expect(bar).toHaveTextContent('Shs 1,250,000');
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('says “1 item” for one bottle', async () => {
    await renderWithRouter(<MiniCartBar itemCount={1} total={85_000} />);
    expect(screen.getByRole('region', { name: 'Cart summary' })).toHaveTextContent('1 item·Total Shs 85,000');
  });
});

describe('the mini cart bar and the header badge in the layout', () => {
  beforeEach(() => confirmAge());
  afterEach(() => {
    setUnauthorizedHandler(null);
    setSessionExpiredHandler(null);
  });

  const cart = () =>
    makeCart([
      makeCartItem({ id: 1, unit_price: 260_000, quantity: 2 }),
      makeCartItem({ id: 2, unit_price: 540_000, quantity: 1 }),
    ]);

  it('show the cart’s item count and total from GET /orders/cart/my_cart/', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/cart/my_cart/': () => cart(),
    });
    await renderApp('/about');
    const bar = await screen.findByRole('region', { name: 'Cart summary' });
    expect(bar).toHaveTextContent('3 items·Total Shs 1,060,000');
    expect(within(bar).getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(within(bar).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart 3 items' })).toHaveAttribute(
      'href',
      '/cart',
    );
  });

  it('are not shown on the cart page, which shows the cart itself (the badge stays)', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/cart/my_cart/': () => cart(),
    });
    await renderApp('/cart');
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('3');
    expect(screen.queryByRole('region', { name: 'Cart summary' })).not.toBeInTheDocument();
  });

  it('are empty for a visitor who is not signed in, and nothing is asked for', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/about');
    await waitFor(() => expect(api.callsTo('GET /auth/get-session')).toHaveLength(1));
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cart summary' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /orders/cart/my_cart/')).toHaveLength(0);
  });

  it('empty when the customer signs out', async () => {
    let signedIn = true;
    mockIdentityApi({
      'GET /auth/get-session': () => (signedIn ? customerSession() : anonymousSession()),
      'POST /auth/sign-out': () => {
        signedIn = false;
        return { success: true };
      },
      'GET /orders/cart/my_cart/': () => (signedIn ? cart() : envelope(401, 'unauthorized', 'Sign in')),
    });
    await renderApp('/about');
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('3');
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Cart summary' })).not.toBeInTheDocument();
  });
});
