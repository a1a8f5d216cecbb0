import type { WishlistSummary } from '@shop/contract/wishlist';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { makeDetail, makeProduct, stubIntersectionObserver } from '../../../test/fakes/catalog-api';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { preloadProductPage } from '../../../test/pages';
import { renderApp } from '../../../test/render';

const related = makeProduct({ id: 8, slug: 'meerlust-rubicon', name: 'Meerlust Rubicon' });
const product = makeDetail({
  id: 7,
  slug: 'kanonkop-pinotage',
  name: 'Kanonkop Pinotage',
  related: [related],
});
const PRODUCT_PATH = `/products/${product.slug}`;

// The product page is a chunk of its own: load it up front, so that no test waits for it.
beforeAll(preloadProductPage);
beforeEach(() => {
  confirmAge();
  stubIntersectionObserver();
});
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

function mockShop(summary: WishlistSummary, handlers: Record<string, FakeHandler> = {}) {
  let current = summary;
  let nextId = 50;
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    [`GET /products/products/${product.slug}/`]: () => product,
    'GET /orders/reviews/summary/': () => ({
      product: product.id,
      average_rating: product.average_rating,
      review_count: product.review_count,
      distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })),
    }),
    'GET /orders/reviews/': () => ({ results: [], count: 0, total_pages: 0, next: null }),
    'GET /orders/reviews/mine/': () => ({ review: null, can_review: true, cannot_review_reason: null }),
    'GET /orders/cart/my_cart/': () => ({ items: [], item_count: 0, subtotal: 0, total: 0 }),
    'GET /orders/wishlist/summary/': () => current,
    'POST /orders/wishlist/': ({ body }) => {
      const { product: id, variant = null } = body as { product: number; variant?: number | null };
      const entry = { id: nextId++, product: id, variant };
      current = { count: current.count + 1, items: [entry, ...current.items] };
      return new Response(JSON.stringify({ ...entry, product_name: 'x' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    },
    ...handlers,
  });
  return {
    api,
    remove: (id: number) => {
      current = { count: current.count - 1, items: current.items.filter((item) => item.id !== id) };
    },
  };
}

describe('the wishlist hearts', () => {
  it('a card’s heart saves the bottle and takes it off again, and the header count follows', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const shop = mockShop(
      { count: 0, items: [] },
      {
        'DELETE /orders/wishlist/50/': () => {
          shop.remove(50);
          return new Response(null, { status: 204 });
        },
      },
    );
    await renderApp(PRODUCT_PATH);
    const card = await screen.findByRole('article', { name: 'Meerlust Rubicon' });
    const heart = within(card).getByRole('button', { name: 'Save Meerlust Rubicon to your wishlist' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));

    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(shop.api.callsTo('POST /orders/wishlist/').map((call) => call.body)).toEqual([
      { product: related.id },
    ]);
    expect(success).toHaveBeenCalledWith('Meerlust Rubicon added to your wishlist', expect.anything());
    expect(await screen.findByTestId('wishlist-badge')).toHaveTextContent('1');

    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(shop.api.callsTo('DELETE /orders/wishlist/50/')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('wishlist-badge')).not.toBeInTheDocument());
  });

  it('shows a saved bottle’s heart filled, on its card and on its page', async () => {
    mockShop({
      count: 2,
      items: [
        { id: 3, product: product.id, variant: null },
        { id: 4, product: related.id, variant: null },
      ],
    });
    await renderApp(PRODUCT_PATH);
    const card = await screen.findByRole('article', { name: 'Meerlust Rubicon' });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: /Save Meerlust Rubicon/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: 'On your wishlist' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('the product page saves the size chosen when it is not the default one', async () => {
    const user = userEvent.setup();
    const shop = mockShop({ count: 0, items: [] });
    await renderApp(PRODUCT_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Kanonkop Pinotage' });
    await user.click(screen.getByRole('radio', { name: /1.5 L magnum/ }));
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByRole('button', { name: 'On your wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(shop.api.callsTo('POST /orders/wishlist/').map((call) => call.body)).toEqual([
      { product: product.id, variant: product.variants[1]?.id },
    ]);
  });

  it('a visitor is asked to sign in; the bottle is kept on their visit, to be on the wishlist after login', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(toast, 'info');
    const shop = mockShop({ count: 0, items: [] }, { 'GET /auth/get-session': () => anonymousSession() });
    const { router } = await renderApp(PRODUCT_PATH);
    const card = await screen.findByRole('article', { name: 'Meerlust Rubicon' });
    await user.click(within(card).getByRole('button', { name: 'Save Meerlust Rubicon to your wishlist' }));
    expect(info).toHaveBeenCalledWith('Please sign in to add to wishlist', expect.anything());
    await waitFor(() =>
      expect(router.state.location.href).toBe(`/login?redirect=%2Fproducts%2F${product.slug}`),
    );
    await waitFor(() =>
      expect(shop.api.callsTo('POST /orders/wishlist/').map((call) => call.body)).toEqual([
        { product: related.id },
      ]),
    );
    // A visitor's own wishlist is not read: nothing of it shows until they have signed in.
    expect(shop.api.callsTo('GET /orders/wishlist/summary/')).toHaveLength(0);
  });

  it('a press made while the session is still starting waits for it, then counts', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(toast, 'info');
    let startSession: (value: unknown) => void = () => undefined;
    const session = new Promise((resolve) => {
      startSession = resolve;
    });
    const shop = mockShop({ count: 0, items: [] }, { 'GET /auth/get-session': () => session });
    const { router } = await renderApp(PRODUCT_PATH);
    const card = await screen.findByRole('article', { name: 'Meerlust Rubicon' });
    await user.click(within(card).getByRole('button', { name: 'Save Meerlust Rubicon to your wishlist' }));
    expect(info).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe(PRODUCT_PATH);

    startSession(anonymousSession());
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith('Please sign in to add to wishlist', expect.anything()),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(shop.api.callsTo('POST /orders/wishlist/')).toHaveLength(1));
  });
});
