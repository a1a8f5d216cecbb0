import { cartMessages, failureMessages } from '@shop/contract/errors';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { makeCart, makeCartItem } from '../../../test/fakes/cart-api';
import { makeDetail, stubIntersectionObserver } from '../../../test/fakes/catalog-api';
import { confirmAge, customerSession, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

// The whole app renders here (lazy pages, the session start): on a busy machine that takes a while.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const product = makeDetail({
  id: 7,
  slug: 'kanonkop-pinotage-2019',
  name: 'Kanonkop Pinotage',
  price: 185_000,
});
const magnum = product.variants[1]!;

beforeEach(() => {
  confirmAge();
  stubIntersectionObserver();
});
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

describe('Add to Cart (POST /orders/cart/add_item/)', () => {
  it('adds the chosen size and quantity, says so, and the badge and mini cart bar follow the answered cart', async () => {
    const user = userEvent.setup();
    const lines = [makeCartItem({ id: 1, unit_price: 90_000, quantity: 1 })];
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      [`GET /products/products/${product.slug}/`]: () => product,
      'GET /orders/cart/my_cart/': () => makeCart(lines),
      'POST /orders/cart/add_item/': ({ body }) => {
        const { quantity, variant } = body as { quantity: number; variant: number };
        lines.push(makeCartItem({ id: 2, variant, unit_price: magnum.price, quantity }));
        return makeCart(lines);
      },
    });
    await renderApp(`/products/${product.slug}`);
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('1');

    await user.click(screen.getByRole('radio', { name: /1\.5 L magnum/ }));
    await user.click(screen.getByRole('button', { name: 'One more' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByText(cartMessages.added('Kanonkop Pinotage'))).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/add_item/')[0]?.body).toEqual({
      product: 7,
      quantity: 2,
      variant: magnum.id,
    });
    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('3'));
    const bar = screen.getByRole('region', { name: 'Cart summary' });
    expect(bar).toHaveTextContent(`3 items·Total Shs ${(90_000 + magnum.price * 2).toLocaleString('en-US')}`);
    // The answer was used as it is: the cart was not read again.
    expect(api.callsTo('GET /orders/cart/my_cart/')).toHaveLength(1);
  });

  it('says "Failed to add item to cart. Please try again." with the server’s reason', async () => {
    const user = userEvent.setup();
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      [`GET /products/products/${product.slug}/`]: () => product,
      'GET /orders/cart/my_cart/': () => makeCart([]),
      'POST /orders/cart/add_item/': () =>
        envelope(409, 'out_of_stock', 'Only 3 bottles of this size are left', [
          { field: 'quantity', message: 'Only 3 bottles of this size are left' },
        ]),
    });
    await renderApp(`/products/${product.slug}`);
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    const toast = await screen.findByText(cartMessages.addToast);
    expect(
      within(toast.closest('li') ?? document.body).getByText('Only 3 bottles of this size are left'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });

  it('after a session ended elsewhere says only that the session expired, not that the add failed', async () => {
    // The toasts of the tests before this one are gone first.
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText(cartMessages.addToast)).not.toBeInTheDocument());
    const user = userEvent.setup();
    let session: unknown = customerSession();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => session,
      [`GET /products/products/${product.slug}/`]: () => product,
      'GET /orders/cart/my_cart/': () => makeCart([]),
      'POST /orders/cart/add_item/': () => {
        session = null;
        return envelope(401, 'unauthorized', 'Please sign in to continue.');
      },
    });
    await renderApp(`/products/${product.slug}`);
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(failureMessages[401])).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/add_item/')).toHaveLength(1);
    // Give the add's own failure every chance to show before saying it did not.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText(cartMessages.addToast)).not.toBeInTheDocument();
  });
});
