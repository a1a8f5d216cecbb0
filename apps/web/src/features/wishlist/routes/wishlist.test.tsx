import type { WishlistItem } from '@shop/contract/wishlist';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { confirmAge, customerSession, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { preloadWishlistPage } from '../../../test/pages';
import { renderApp } from '../../../test/render';

// The page is its own chunk: load it once up front, so that no test waits for it on a busy machine.
beforeAll(preloadWishlistPage);
beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

function item(overrides: Partial<WishlistItem> = {}): WishlistItem {
  const id = overrides.id ?? 1;
  return {
    id,
    product: 100 + id,
    variant: null,
    created_at: '2026-03-01T10:00:00.000Z',
    product_name: `Bottle ${id}`,
    product_slug: `bottle-${id}`,
    image: null,
    category_name: 'Red wine',
    region: 'Piedmont',
    vintage: 2016,
    variant_name: '750 ml bottle',
    price: 300_000,
    original_price: null,
    compare_at_price: null,
    sale_percentage: null,
    on_sale: false,
    stock: 12,
    in_stock: true,
    is_available: true,
    cart_variant: 1000 + id,
    average_rating: 4.5,
    review_count: 3,
    ...overrides,
  };
}

const page = (results: WishlistItem[], count = results.length) => ({
  results,
  count,
  total_pages: Math.ceil(count / 12),
  next: count > 12 ? 2 : null,
});

const emptyCart = { items: [], item_count: 0, subtotal: 0, total: 0 };

describe('the wishlist page', () => {
  it('shows each saved bottle with its current price, sale badge and stock, and the count in the header', async () => {
    const entries = [
      item({
        id: 1,
        product_name: 'Barolo Riserva',
        price: 300_000,
        original_price: 360_000,
        compare_at_price: 360_000,
        sale_percentage: 17,
        on_sale: true,
        stock: 3,
      }),
      item({ id: 2, product_name: 'Kampala Gin', stock: 0, in_stock: false }),
      item({
        id: 3,
        product_name: 'Old Shiraz',
        is_available: false,
        in_stock: false,
        stock: 0,
        cart_variant: null,
      }),
    ];
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/wishlist/': () => page(entries),
      'GET /orders/wishlist/summary/': () => ({
        count: 3,
        items: entries.map((entry) => ({ id: entry.id, product: entry.product, variant: null })),
      }),
    });
    await renderApp('/wishlist');
    const barolo = await screen.findByRole('article', { name: 'Barolo Riserva' });
    expect(barolo).toHaveTextContent('Now Shs 300,000');
    expect(barolo.querySelector('s')).toHaveTextContent('Shs 360,000');
    expect(within(barolo).getByTestId('sale-badge')).toHaveTextContent('17% OFF');
    expect(barolo).toHaveTextContent('Only 3 left');
    expect(barolo).toHaveTextContent('Piedmont · 2016 · 750 ml bottle');
    expect(within(barolo).getByRole('link', { name: 'Barolo Riserva' })).toHaveAttribute(
      'href',
      '/products/bottle-1',
    );
    expect(within(barolo).getByRole('button', { name: 'Add to Cart: Barolo Riserva' })).toBeEnabled();

    const gin = screen.getByRole('article', { name: 'Kampala Gin' });
    expect(gin).toHaveTextContent('Out of stock');
    expect(within(gin).queryByTestId('sale-badge')).not.toBeInTheDocument();
    expect(within(gin).getByRole('button', { name: 'Add to Cart: Kampala Gin' })).toBeDisabled();
    const shiraz = screen.getByRole('article', { name: 'Old Shiraz' });
    expect(shiraz).toHaveTextContent('No longer available');
    expect(within(shiraz).getByRole('button', { name: 'Add to Cart: Old Shiraz' })).toBeDisabled();

    expect(screen.getByText('3 bottles saved')).toBeInTheDocument();
    expect(await screen.findByTestId('wishlist-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Wishlist 3 saved bottles' })).toHaveAttribute(
      'href',
      '/wishlist',
    );
  });

  it('moves a bottle to the cart: adds one of its size, then takes it off the wishlist', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let entries = [item({ id: 7, product_name: 'Barolo Riserva', cart_variant: 55 })];
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/cart/my_cart/': () => emptyCart,
      'GET /orders/wishlist/': () => page(entries),
      'GET /orders/wishlist/summary/': () => ({ count: entries.length, items: [] }),
      'POST /orders/cart/add_item/': () => ({ ...emptyCart, item_count: 1 }),
      'DELETE /orders/wishlist/7/': () => {
        entries = [];
        return new Response(null, { status: 204 });
      },
    });
    await renderApp('/wishlist');
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Barolo Riserva' }));
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/add_item/').map((call) => call.body)).toEqual([
      { product: 107, quantity: 1, variant: 55 },
    ]);
    expect(api.callsTo('DELETE /orders/wishlist/7/')).toHaveLength(1);
    expect(success).toHaveBeenCalledWith('Barolo Riserva added to cart!', expect.anything());
  });

  it('keeps the bottle on the wishlist when the cart refuses it, and says why', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/cart/my_cart/': () => emptyCart,
      'GET /orders/wishlist/': () => page([item({ id: 4, product_name: 'Rare Port' })]),
      'GET /orders/wishlist/summary/': () => ({ count: 1, items: [] }),
      'POST /orders/cart/add_item/': () => envelope(409, 'out_of_stock', 'Only 0 left of Rare Port'),
    });
    await renderApp('/wishlist');
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Rare Port' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Failed to add item to cart. Please try again.',
        expect.objectContaining({ description: 'Only 0 left of Rare Port' }),
      ),
    );
    expect(api.callsTo('DELETE /orders/wishlist/4/')).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Rare Port' })).toBeInTheDocument();
  });

  it('removes a bottle', async () => {
    const user = userEvent.setup();
    let entries = [item({ id: 2, product_name: 'Kampala Gin' }), item({ id: 3, product_name: 'Old Shiraz' })];
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/wishlist/': () => page(entries),
      'GET /orders/wishlist/summary/': () => ({ count: entries.length, items: [] }),
      'DELETE /orders/wishlist/2/': () => {
        entries = entries.filter((entry) => entry.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    await renderApp('/wishlist');
    await user.click(await screen.findByRole('button', { name: 'Remove Kampala Gin from your wishlist' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Kampala Gin' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Old Shiraz' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /orders/wishlist/2/')).toHaveLength(1);
  });

  it('pages through a long wishlist', async () => {
    const user = userEvent.setup();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/wishlist/': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? { results: [item({ id: 13, product_name: 'Thirteenth' })], count: 13, total_pages: 2, next: null }
          : { results: [item({ id: 1, product_name: 'First' })], count: 13, total_pages: 2, next: 2 },
      'GET /orders/wishlist/summary/': () => ({ count: 13, items: [] }),
    });
    await renderApp('/wishlist');
    await screen.findByRole('article', { name: 'First' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Thirteenth' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(
      api.callsTo('GET /orders/wishlist/').map((call) => call.url.searchParams.get('page_size')),
    ).toEqual(['12', '12']);
  });

  it('offers to retry when the wishlist cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/wishlist/': () =>
        fail ? envelope(500, 'internal_error', 'x') : page([item({ product_name: 'Back' })]),
      'GET /orders/wishlist/summary/': () => ({ count: 1, items: [] }),
    });
    await renderApp('/wishlist');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your wishlist');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Back' })).toBeInTheDocument();
  });
});
