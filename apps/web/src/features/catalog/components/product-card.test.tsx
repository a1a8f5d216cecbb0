import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { makeProduct } from '../../../test/fakes/catalog-api';
import { anonymousSession, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderWithRouter } from '../../../test/render';
import { ProductCard } from './product-card';

describe('ProductCard', () => {
  // The card's wishlist heart starts the visitor's session: an anonymous one, as on a first visit.
  beforeEach(() => {
    mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
  });

  it('shows exactly the fields of docs/product.md section 2: image, category, name, region, vintage, price, rating, reviews, actions', async () => {
    const product = makeProduct({
      name: 'Kanonkop Pinotage',
      slug: 'kanonkop-pinotage',
      category_name: 'Red wine',
      region: 'Stellenbosch',
      vintage: 2019,
      price: 185_000,
      average_rating: 4.3,
      review_count: 12,
    });
    await renderWithRouter(<ProductCard product={product} />);
    const card = screen.getByRole('article', { name: 'Kanonkop Pinotage' });

    const image = within(card).getByRole('img', { name: 'Kanonkop Pinotage' });
    expect(image).toHaveAttribute('src', product.image);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '500');
    expect(card).toHaveTextContent('Red wine');
    expect(within(card).getByRole('heading', { level: 3, name: 'Kanonkop Pinotage' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Stellenbosch · 2019');
    expect(card).toHaveTextContent('Shs 185,000');
    expect(within(card).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(card).toHaveTextContent('(12 reviews)');
    expect(within(card).getByRole('button', { name: /^Add to Cart/ })).toBeEnabled();
    expect(within(card).getByRole('link', { name: /^View Details/ })).toHaveAttribute(
      'href',
      '/products/kanonkop-pinotage',
    );
    expect(within(card).queryByTestId('sale-badge')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Out of stock');
  });

  it('strikes through the original price only when it is higher than the price', async () => {
    const { unmount } = await renderWithRouter(
      <ProductCard product={makeProduct({ price: 150_000, original_price: 200_000, sale_percentage: 25 })} />,
    );
    const struck = document.querySelector('s');
    expect(struck).toHaveTextContent('Shs 200,000');
    expect(screen.getByRole('article')).toHaveTextContent(/Now Shs 150,000/);
    unmount();

    for (const original of [null, 150_000, 120_000]) {
      const view = await renderWithRouter(
        <ProductCard product={makeProduct({ price: 150_000, original_price: original })} />,
      );
      expect(document.querySelector('s')).toBeNull();
      expect(screen.getByRole('article')).toHaveTextContent('Shs 150,000');
      view.unmount();
    }
  });

  it.each([
    [4.3, 'Rated 4.3 out of 5', ['full', 'full', 'full', 'full', 'partial']],
    [5, 'Rated 5 out of 5', ['full', 'full', 'full', 'full', 'full']],
    [2.5, 'Rated 2.5 out of 5', ['full', 'full', 'partial', 'empty', 'empty']],
    [1, 'Rated 1 out of 5', ['full', 'empty', 'empty', 'empty', 'empty']],
  ])('shows a rating of %s as five stars', async (rating, label, stars) => {
    await renderWithRouter(
      <ProductCard product={makeProduct({ average_rating: rating, review_count: 3 })} />,
    );
    const stars5 = screen.getByRole('img', { name: label });
    expect([...stars5.querySelectorAll('[data-star]')].map((star) => star.getAttribute('data-star'))).toEqual(
      stars,
    );
  });

  it('shows five empty stars and "Not yet rated" without reviews', async () => {
    await renderWithRouter(<ProductCard product={makeProduct({ average_rating: 0, review_count: 0 })} />);
    const stars = screen.getByRole('img', { name: 'Not yet rated' });
    expect(stars.querySelectorAll('[data-star="empty"]')).toHaveLength(5);
    expect(screen.getByRole('article')).toHaveTextContent('(0 reviews)');
  });

  it('shows the sale badge as "N% OFF", or "Sale" when on sale without a percentage', async () => {
    const first = await renderWithRouter(
      <ProductCard product={makeProduct({ price: 150_000, original_price: 200_000, sale_percentage: 25 })} />,
    );
    expect(screen.getByTestId('sale-badge')).toHaveTextContent(/^25% OFF$/);
    first.unmount();

    const second = await renderWithRouter(
      <ProductCard
        product={makeProduct({ price: 150_000, original_price: 150_500, sale_percentage: null })}
      />,
    );
    expect(screen.getByTestId('sale-badge')).toHaveTextContent(/^Sale$/);
    second.unmount();

    await renderWithRouter(<ProductCard product={makeProduct({ price: 150_000, original_price: null })} />);
    expect(screen.queryByTestId('sale-badge')).not.toBeInTheDocument();
  });

  it('marks a sold-out product and disables Add to Cart', async () => {
    await renderWithRouter(<ProductCard product={makeProduct({ in_stock: false })} />);
    expect(screen.getByRole('article')).toHaveTextContent('Out of stock');
    expect(screen.getByRole('button', { name: /^Add to Cart/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: /^View Details/ })).toBeInTheDocument();
  });

  it('falls back to the logo when the product has no image, or it does not load', async () => {
    const first = await renderWithRouter(
      <ProductCard product={makeProduct({ name: 'No picture', image: null })} />,
    );
    expect(screen.getByRole('img', { name: 'No picture' })).toHaveAttribute('src', '/logo.svg');
    first.unmount();

    await renderWithRouter(<ProductCard product={makeProduct({ name: 'Broken picture' })} />);
    const image = screen.getByRole('img', { name: 'Broken picture' });
    image.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(image).toHaveAttribute('src', '/logo.svg'));
  });

  it('asks a signed-out visitor to sign in, remembering the page, when Add to Cart is pressed', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(toast, 'info');
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderWithRouter(<ProductCard product={makeProduct({ name: 'Hennessy XO' })} />);

    await user.click(screen.getByRole('button', { name: /^Add to Cart.*Hennessy XO$/ }));

    expect(info).toHaveBeenCalledWith('Please sign in to add to cart', expect.anything());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/orders/cart/'),
    );
  });
});
