import type { ProductCard, ProductFacets } from '@shop/contract/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, makeCategory, makePage, makeProduct, mockCatalogApi } from '../../../test/fakes/catalog-api';
import { renderApp } from '../../../test/render';

/**
 * A small cellar: 15 French reds (3 on sale), 5 Argentinian reds (2 sold out) and 4 Scotch
 * whiskies.
 */
const cellar: ProductCard[] = [
  ...Array.from({ length: 15 }, (_, index) =>
    makeProduct({
      id: 100 + index,
      name: `Bordeaux ${index + 1}`,
      country: 'France',
      region: 'Bordeaux',
      ...(index < 3 ? { original_price: 250_000, sale_percentage: 26 } : {}),
    }),
  ),
  ...Array.from({ length: 5 }, (_, index) =>
    makeProduct({
      id: 200 + index,
      name: `Malbec ${index + 1}`,
      country: 'Argentina',
      region: 'Mendoza',
      in_stock: index < 3,
    }),
  ),
  ...Array.from({ length: 4 }, (_, index) =>
    makeProduct({
      id: 300 + index,
      name: `Single Malt ${index + 1}`,
      country: 'Scotland',
      region: 'Speyside',
      category_name: 'Whisky',
      category_slug: 'whisky',
      product_type: 'spirit',
      vintage: null,
      price: 450_000,
    }),
  ),
];

function matching(url: URL, ignore?: string) {
  const param = (key: string) => (key === ignore ? null : url.searchParams.get(key));
  return cellar.filter(
    (product) =>
      (!param('category') || product.category_slug === param('category')) &&
      (!param('country') || product.country === param('country')) &&
      (!param('on_sale') || product.sale_percentage !== null) &&
      (!param('in_stock') || product.in_stock) &&
      (!param('search') || product.name.toLowerCase().includes(param('search')?.toLowerCase() ?? '')),
  );
}

function countBy<T extends string>(products: ProductCard[], key: (product: ProductCard) => T) {
  const counts = new Map<T, number>();
  for (const product of products) counts.set(key(product), (counts.get(key(product)) ?? 0) + 1);
  return [...counts];
}

function facets(url: URL): ProductFacets {
  return {
    count: matching(url).length,
    categories: countBy(matching(url, 'category'), (product) => product.category_slug).map(
      ([slug, count]) => ({
        id: slug === 'red-wine' ? 1 : 2,
        slug,
        name: slug === 'red-wine' ? 'Red wine' : 'Whisky',
        count,
      }),
    ),
    product_types: countBy(matching(url, 'type'), (product) => product.product_type).map(
      ([value, count]) => ({
        value,
        count,
      }),
    ),
    countries: countBy(matching(url, 'country'), (product) => product.country ?? '').map(
      ([value, count]) => ({
        value,
        count,
      }),
    ),
    price_bands: [
      { key: '100k-250k', label: 'Shs 100,000 to Shs 250,000', min: 100_000, max: 249_999, count: 20 },
    ],
  };
}

function mockList(overrides: Record<string, (url: URL) => unknown> = {}) {
  return mockCatalogApi({
    '/products/products/': (url) => {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      const found = matching(url);
      return makePage(found.slice((page - 1) * size, page * size), {
        count: found.length,
        page,
        pageSize: size,
      });
    },
    '/products/products/facets/': facets,
    '/products/categories/': () =>
      makePage(
        [
          makeCategory({ id: 1, slug: 'red-wine', name: 'Red wine', product_count: 20 }),
          makeCategory({ id: 2, slug: 'whisky', name: 'Whisky', product_count: 4 }),
          makeCategory({ id: 3, slug: 'gin', name: 'Gin', product_count: 0 }),
        ],
        { pageSize: 100 },
      ),
    ...overrides,
  });
}

const results = () => screen.getByRole('region', { name: 'Results' });
const filters = () => screen.getByRole('complementary', { name: 'Filters' });

describe('ProductsPage', () => {
  it('shows a broad search\'s capped count as "at least"', async () => {
    mockList({
      '/products/products/': () => ({
        ...makePage(cellar.slice(0, 12), { count: 1000, pageSize: 12 }),
        count_capped: true,
      }),
    });
    await renderApp('/products?search=wine');
    expect(await within(results()).findByText('1,000+ bottles')).toBeInTheDocument();
  });

  it('asks the API for the view in the URL and shows its products, count and pages', async () => {
    const api = mockList();
    await renderApp('/products?category=red-wine&country=France&page=2');
    expect(await within(results()).findByRole('article', { name: 'Bordeaux 13' })).toBeInTheDocument();
    expect(within(results()).getAllByRole('article')).toHaveLength(3);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(results()).toHaveTextContent('15 bottles');
    const request = api.callsTo('/products/products/')[0];
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      category: 'red-wine',
      country: 'France',
      page: '2',
      page_size: '12',
    });
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('link', { name: /Previous/ })).toHaveAttribute(
      'href',
      '/products?category=red-wine&country=France',
    );
    expect(within(pagination).queryByRole('link', { name: /Next/ })).not.toBeInTheDocument();
  });

  it('shows facet counts, marks the chosen ones and leaves out choices that lead nowhere', async () => {
    mockList();
    await renderApp('/products?category=red-wine');
    const country = await within(filters()).findByRole('region', { name: 'Country' });
    expect(within(country).getByRole('link', { name: /^France/ })).toHaveTextContent('France15 products');
    expect(within(country).getByRole('link', { name: /^Argentina/ })).toHaveTextContent(
      'Argentina5 products',
    );
    // No Scotch red wine: Scotland is not offered.
    expect(within(country).queryByRole('link', { name: /Scotland/ })).not.toBeInTheDocument();
    const category = within(filters()).getByRole('region', { name: 'Category' });
    expect(within(category).getByRole('link', { name: /^Red wine/ })).toHaveAttribute('aria-current');
    expect(within(category).getByRole('link', { name: /^All categories/ })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(category).getByRole('link', { name: /^Whisky/ })).toHaveTextContent('Whisky4 products');
  });

  it('applies a filter through the URL, and Back restores the previous view from the cache', async () => {
    const user = userEvent.setup();
    const api = mockList();
    const { router, history } = await renderApp('/products?category=red-wine');
    await within(results()).findByRole('article', { name: 'Bordeaux 1' });
    expect(results()).toHaveTextContent('20 bottles');

    const country = within(filters()).getByRole('region', { name: 'Country' });
    await user.click(within(country).getByRole('link', { name: /^Argentina/ }));
    await waitFor(() => expect(results()).toHaveTextContent('5 bottles'));
    expect(router.state.location.href).toBe('/products?category=red-wine&country=Argentina');
    expect(within(results()).getAllByRole('article')).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'Active filters' })).toHaveTextContent('Argentina');

    history.back();
    await waitFor(() => expect(router.state.location.href).toBe('/products?category=red-wine'));
    await waitFor(() => expect(results()).toHaveTextContent('20 bottles'));
    expect(within(results()).getByRole('article', { name: 'Bordeaux 1' })).toBeInTheDocument();
    expect(api.callsTo('/products/products/')).toHaveLength(2);
  });

  it('puts the order, the on-sale flag and the typed filters in the URL', async () => {
    const user = userEvent.setup();
    mockList();
    const { router } = await renderApp('/products');
    await within(results()).findByRole('article', { name: 'Bordeaux 1' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    await waitFor(() => expect(router.state.location.href).toBe('/products?ordering=-price'));

    await user.click(screen.getByRole('checkbox', { name: 'On sale only' }));
    await waitFor(() => expect(router.state.location.href).toBe('/products?ordering=-price&on_sale=true'));
    expect(screen.getByRole('checkbox', { name: 'On sale only' })).toBeChecked();
    await waitFor(() => expect(results()).toHaveTextContent('3 bottles'));
    expect(within(results()).getAllByTestId('sale-badge')[0]).toHaveTextContent('26% OFF');

    await user.type(screen.getByRole('textbox', { name: 'Region' }), 'Bordeaux');
    await user.type(screen.getByRole('spinbutton', { name: 'Vintage from' }), '2015');
    await user.type(screen.getByRole('spinbutton', { name: 'Price to (Shs)' }), '300000');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.href).toBe(
        '/products?ordering=-price&on_sale=true&region=Bordeaux&vintage_min=2015&price_max=300000',
      ),
    );
    const chips = screen.getByRole('region', { name: 'Active filters' });
    for (const chip of ['On sale', 'Region: Bordeaux', 'Vintage 2015 or later', 'Up to Shs 300,000']) {
      expect(within(chips).getByRole('link', { name: new RegExp(`^${chip}`) })).toBeInTheDocument();
    }
  });

  it('filters in stock only: the list and the facet counts both ask for it, and the chip takes it off', async () => {
    const user = userEvent.setup();
    const api = mockList();
    const { router } = await renderApp('/products?country=Argentina');
    await waitFor(() => expect(results()).toHaveTextContent('5 bottles'));

    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await waitFor(() => expect(router.state.location.href).toBe('/products?country=Argentina&in_stock=true'));
    await waitFor(() => expect(results()).toHaveTextContent('3 bottles'));
    expect(within(results()).queryByRole('article', { name: 'Malbec 4' })).not.toBeInTheDocument();
    expect(api.callsTo('/products/products/').at(-1)?.searchParams.get('in_stock')).toBe('true');
    expect(api.callsTo('/products/products/facets/').at(-1)?.searchParams.get('in_stock')).toBe('true');
    const category = within(filters()).getByRole('region', { name: 'Category' });
    await waitFor(() =>
      expect(within(category).getByRole('link', { name: /^Red wine/ })).toHaveTextContent(
        'Red wine3 products',
      ),
    );

    const chips = screen.getByRole('region', { name: 'Active filters' });
    await user.click(within(chips).getByRole('link', { name: /^In stock/ }));
    await waitFor(() => expect(router.state.location.href).toBe('/products?country=Argentina'));
    await waitFor(() => expect(results()).toHaveTextContent('5 bottles'));
    expect(screen.getByRole('checkbox', { name: 'In stock only' })).not.toBeChecked();
  });

  it('suggests what to try when nothing matches', async () => {
    mockList();
    await renderApp('/products?search=chateau+nowhere&country=France');
    const empty = await within(results()).findByRole('heading', {
      name: 'No bottles match “chateau nowhere”',
    });
    const box = empty.parentElement as HTMLElement;
    expect(box).toHaveTextContent('Check the spelling');
    expect(
      within(box).getByRole('link', { name: 'Search for “chateau nowhere” without the filters' }),
    ).toHaveAttribute('href', '/products?search=chateau+nowhere');
    expect(within(box).getByRole('link', { name: 'clear all filters' })).toHaveAttribute('href', '/products');
    expect(await within(box).findByRole('link', { name: 'Red wine' })).toHaveAttribute(
      'href',
      '/products?category=red-wine',
    );
    // A category without products is not suggested.
    expect(within(box).queryByRole('link', { name: 'Gin' })).not.toBeInTheDocument();
  });

  it('says "failed to load products" with a Retry button, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    const list = (url: URL) =>
      makePage(matching(url).slice(0, 12), { count: matching(url).length, pageSize: 12 });
    mockList({
      '/products/products/': (url) =>
        fail ? json({ error: { code: 'internal_error', message: 'Boom' } }, 500) : list(url),
    });
    await renderApp('/products');
    const alert = await within(results()).findByRole('alert');
    expect(alert).toHaveTextContent('failed to load products');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(results()).findByRole('article', { name: 'Bordeaux 1' })).toBeInTheDocument();
    expect(within(results()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "failed to load categories" in the filter panel when the facets cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockList({
      '/products/products/facets/': (url) =>
        fail ? json({ error: { code: 'internal_error', message: 'Boom' } }, 500) : facets(url),
    });
    await renderApp('/products');
    const alert = await within(filters()).findByRole('alert');
    expect(alert).toHaveTextContent('failed to load categories');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(filters()).findByRole('region', { name: 'Country' })).toBeInTheDocument();
  });
});
