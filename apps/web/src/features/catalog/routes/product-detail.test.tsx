import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import {
  json,
  makeDetail,
  makeProduct,
  mockCatalogApi,
  stubIntersectionObserver,
} from '../../../test/fakes/catalog-api';
import { renderApp } from '../../../test/render';

const product = makeDetail({
  id: 7,
  slug: 'kanonkop-pinotage-2019',
  name: 'Kanonkop Pinotage',
  price: 185_000,
  original_price: 220_000,
  sale_percentage: 16,
  related: [
    makeProduct({ id: 8, name: 'Beyerskloof Pinotage' }),
    makeProduct({ id: 9, name: 'Meerlust Rubicon' }),
  ],
});

function mockProduct(answer: (url: URL) => unknown = () => product) {
  return mockCatalogApi({ [`/products/products/${product.slug}/`]: answer });
}

describe('ProductDetailPage', () => {
  beforeEach(() => stubIntersectionObserver());

  it('shows the product: pictures, sizes, price, details, notes, awards, reviews and related products', async () => {
    const user = userEvent.setup();
    const meta = Object.assign(document.createElement('meta'), { name: 'description', content: 'The shop' });
    document.head.append(meta);
    mockProduct();
    const { unmount } = await renderApp(`/products/${product.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kanonkop Pinotage' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Kanonkop Pinotage | Kampala Cellars'));
    expect(meta.content).toBe(product.description);
    expect(
      screen.getByRole('link', { name: 'Ask about this bottle on WhatsApp' }).getAttribute('href'),
    ).toMatch(
      /^https:\/\/wa\.me\/256772000123\?text=Hello%20Kampala%20Cellars%2C%20I%20have%20a%20question%20about%20Kanonkop%20Pinotage/,
    );

    const main = screen.getByRole('main');
    expect(within(main).getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'HomeWines & spiritsRed wineKanonkop Pinotage',
    );
    // The gallery: the first picture, and thumbnails to show the others.
    expect(within(main).getByRole('img', { name: 'Kanonkop Pinotage, the bottle' })).toBeInTheDocument();
    await user.click(within(main).getByRole('button', { name: /Show picture 2 of 2/ }));
    expect(within(main).getByRole('img', { name: 'Kanonkop Pinotage, poured' })).toBeInTheDocument();

    expect(within(main).getAllByRole('img', { name: 'Rated 4.3 out of 5' }).length).toBeGreaterThan(0);
    expect(main).toHaveTextContent('16% OFF');
    expect(main).toHaveTextContent('Now Shs 185,000');
    expect(main.querySelector('s')).toHaveTextContent('Shs 220,000');

    const sizes = within(main).getByRole('group', { name: 'Size' });
    const bottle = within(sizes).getByRole('radio', { name: /750 ml bottle/ });
    const magnum = within(sizes).getByRole('radio', { name: /1.5 L magnum/ });
    expect(bottle).toBeChecked();
    expect(sizes).toHaveTextContent('1.5 L magnumShs 390,000Only 3 left');

    const details = within(main).getByRole('table', { name: 'Details of Kanonkop Pinotage' });
    const row = (name: string) => within(details).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('Region')).toHaveTextContent('Stellenbosch');
    expect(row('Country')).toHaveTextContent('South Africa');
    expect(row('Grape')).toHaveTextContent('Pinotage');
    expect(row('Vintage')).toHaveTextContent('2019');
    expect(row('ABV')).toHaveTextContent('14%');
    expect(row('Volume')).toHaveTextContent('750 ml');

    await user.click(magnum);
    expect(magnum).toBeChecked();
    expect(row('Volume')).toHaveTextContent('1.5 L');
    expect(main).toHaveTextContent('Shs 390,000');
    // Three left: the quantity stops at three.
    const quantity = within(main).getByRole('spinbutton', { name: 'Quantity' });
    await user.click(within(main).getByRole('button', { name: 'One more' }));
    await user.click(within(main).getByRole('button', { name: 'One more' }));
    expect(quantity).toHaveValue(3);
    expect(within(main).getByRole('button', { name: 'One more' })).toBeDisabled();

    expect(within(main).getByRole('region', { name: 'Tasting notes' })).toHaveTextContent('Plum, blackberry');
    expect(within(main).getByRole('region', { name: 'Food pairing' })).toHaveTextContent('matooke');
    expect(within(main).getByRole('region', { name: 'Awards' })).toHaveTextContent('Gold, Veritas 2022');
    expect(within(main).getByRole('region', { name: 'Reviews' })).toHaveTextContent(
      '4.3out of 5, from 12 reviews',
    );
    const related = within(main).getByRole('region', { name: 'You may also like' });
    expect(
      within(related)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Beyerskloof Pinotage', 'Meerlust Rubicon']);

    unmount();
    expect(meta.content).toBe('The shop');
    meta.remove();
  });

  it('asks a signed-out visitor to sign in for the cart and the wishlist, remembering the product', async () => {
    const user = userEvent.setup();
    const info = vi.spyOn(toast, 'info');
    mockProduct();
    const { router } = await renderApp(`/products/${product.slug}`);
    await screen.findByRole('heading', { level: 1, name: 'Kanonkop Pinotage' });

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(info).toHaveBeenCalledWith('Please sign in to add to cart', expect.anything());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.href).toBe(`/login?redirect=%2Fproducts%2F${product.slug}`);

    router.history.back();
    await screen.findByRole('heading', { level: 1, name: 'Kanonkop Pinotage' });
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(info).toHaveBeenCalledWith('Please sign in to add to wishlist', expect.anything());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lands an old slug of a renamed product on its current address', async () => {
    // The API answers the old slug with a 301 that fetch follows: the product under its new slug.
    mockCatalogApi({
      '/products/products/kanonkop-old-name/': () => product,
      [`/products/products/${product.slug}/`]: () => product,
    });
    const { router } = await renderApp('/products/kanonkop-old-name');
    await screen.findByRole('heading', { level: 1, name: 'Kanonkop Pinotage' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${product.slug}`));
  });

  it('disables Add to Cart for a size that is sold out', async () => {
    const soldOut = makeDetail({
      slug: 'rare-cognac',
      name: 'Rare Cognac',
      in_stock: false,
      variants: [{ ...makeDetail().variants[0]!, stock: 0, in_stock: false, is_default: true }],
    });
    mockCatalogApi({ '/products/products/rare-cognac/': () => soldOut });
    await renderApp('/products/rare-cognac');
    await screen.findByRole('heading', { level: 1, name: 'Rare Cognac' });
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('main')).toHaveTextContent('750 ml bottle: Out of stock');
  });

  it('lists a hamper\'s parts under "In this hamper"', async () => {
    const hamper = makeDetail({
      slug: 'celebration-champagne-hamper',
      name: 'Celebration Champagne Hamper',
      variants: [
        {
          ...makeDetail().variants[0]!,
          name: 'Hamper',
          stock: 4,
          is_default: true,
          hamper_parts: [
            {
              quantity: 2,
              product_name: 'Moët & Chandon Impérial Brut',
              product_slug: 'moet',
              variant_name: '750 ml bottle',
            },
            {
              quantity: 1,
              product_name: 'Ugandan Dark Chocolate Box',
              product_slug: 'choc',
              variant_name: 'Gift box',
            },
          ],
        },
      ],
    });
    mockCatalogApi({ '/products/products/celebration-champagne-hamper/': () => hamper });
    await renderApp('/products/celebration-champagne-hamper');
    await screen.findByRole('heading', { level: 1, name: 'Celebration Champagne Hamper' });
    const list = screen.getByRole('heading', { name: 'In this hamper' }).nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 × Moët & Chandon Impérial Brut, 750 ml bottle',
      '1 × Ugandan Dark Chocolate Box, Gift box',
    ]);
  });

  it('shows a friendly "not found" for an unknown product', async () => {
    mockCatalogApi({});
    await renderApp('/products/no-such-bottle');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that bottle' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Browse wines and spirits' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(within(main).getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('searchbox')).toBeInTheDocument();
    expect(document.title).toBe('Product Detail | Kampala Cellars');
  });

  it('shows only the "not found" page for an unknown product: no error toast beside it', async () => {
    const error = vi.spyOn(toast, 'error');
    mockCatalogApi({});
    await renderApp('/products/no-such-bottle');
    await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that bottle' });
    // Any request that would toast has been answered by now (the page waited for the product).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(error).not.toHaveBeenCalled();
  });

  it('says "failed to load products" with a Retry button when the product cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockProduct(() => (fail ? json({ error: { code: 'internal_error', message: 'Boom' } }, 500) : product));
    await renderApp(`/products/${product.slug}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('failed to load products');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kanonkop Pinotage' })).toBeInTheDocument();
  });
});
