import { HOME_PAGE_SIZE } from '@shop/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  emptyFacets,
  json,
  makeCategory,
  makePage,
  makeProduct,
  mockCatalogApi,
  sampleStats,
  stubIntersectionObserver,
} from '../../../test/fakes/catalog-api';
import { renderApp } from '../../../test/render';

/** A section of `count` products, answering each page with its own products (named "<prefix> <n>"). */
function section(prefix: string, count: number) {
  return (url: URL) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size'));
    const first = (page - 1) * size;
    const results = Array.from({ length: Math.max(0, Math.min(size, count - first)) }, (_, index) =>
      makeProduct({ id: 1000 * (prefix.length + 1) + first + index, name: `${prefix} ${first + index + 1}` }),
    );
    return makePage(results, { count, page, pageSize: size });
  };
}

const categories = [
  makeCategory({ id: 1, slug: 'red-wine', name: 'Red wine', product_count: 14 }),
  makeCategory({ id: 2, slug: 'whisky', name: 'Whisky', image: null, description: null, product_count: 1 }),
];

function mockHome(overrides: Record<string, (url: URL) => unknown> = {}) {
  return mockCatalogApi({
    '/products/products/featured/': section('Featured', 14),
    '/products/products/new/': section('New', 4),
    '/products/products/on_sale/': section('Offer', 7),
    '/products/categories/': () => makePage(categories, { pageSize: 100 }),
    '/products/products/stats/': () => sampleStats,
    '/products/products/': () => makePage([], { pageSize: 12 }),
    '/products/products/facets/': () => emptyFacets,
    ...overrides,
  });
}

/** A part of the page below the hero (drawn just after the first screen). */
function sectionNamed(name: string) {
  return screen.findByRole('region', { name });
}

describe('HomePage', () => {
  beforeEach(() => stubIntersectionObserver());

  it('has the hero with the tagline, the benefits and calls to action', async () => {
    mockHome();
    await renderApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Premium wines and spirits, delivered across Kampala',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Expert curation' })).toBeInTheDocument();
    expect(main).toHaveTextContent('On orders over Shs 1,000,000');
    expect(within(main).getByRole('heading', { name: '24/7 support' })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: '21+ only' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Discover the cellar' })).toHaveAttribute(
      'href',
      '/products',
    );
    // The call to action is the last of seven parts drawn below the fold, each after the one before
    // was committed: on a busy machine that takes longer than one wait's 5 s.
    expect(
      await within(main).findByRole('link', { name: 'See events' }, { timeout: 15_000 }),
    ).toHaveAttribute('href', '/events');
  });

  it('shows the first featured product in the hero, with its price and Add to Cart', async () => {
    mockHome();
    await renderApp('/');
    const hero = await screen.findByRole('article', { name: 'Featured Featured 1' });
    expect(within(hero).getByRole('img', { name: 'Featured 1' })).toHaveAttribute('loading', 'eager');
    expect(hero).toHaveTextContent('Shs 185,000');
    expect(within(hero).getByRole('button', { name: /^Add to Cart/ })).toBeEnabled();
  });

  it('shows the fallback featured values when there is no featured product', async () => {
    mockHome({ '/products/products/featured/': () => makePage([], { pageSize: HOME_PAGE_SIZE }) });
    await renderApp('/');
    const hero = await screen.findByRole('article', { name: 'Featured The cellar selection' });
    expect(hero).toHaveTextContent('From Shs 45,000 to Shs 2,500,000');
    expect(within(hero).getByRole('link', { name: 'Browse the cellar' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(await sectionNamed('Featured Selections')).toHaveTextContent('No featured bottles right now.');
  });

  it('shows the statistics: products, categories, featured, new arrivals, on sale and 24/7 support', async () => {
    mockHome();
    await renderApp('/');
    const stats = await sectionNamed('The cellar in numbers');
    await waitFor(() => expect(stats).toHaveTextContent('Products84'));
    expect(stats).toHaveTextContent('Categories11');
    expect(stats).toHaveTextContent('Featured14');
    expect(stats).toHaveTextContent('New arrivals9');
    expect(stats).toHaveTextContent('On sale17');
    expect(stats).toHaveTextContent('Support24/7');
  });

  it('derives the statistics from the other answers when the stats call fails', async () => {
    mockHome({
      '/products/products/stats/': () => json({ error: { code: 'internal_error', message: 'x' } }, 500),
    });
    await renderApp('/');
    const stats = await sectionNamed('The cellar in numbers');
    await waitFor(() => expect(stats).toHaveTextContent('Products15'));
    expect(stats).toHaveTextContent('Categories2');
    expect(stats).toHaveTextContent('Featured14');
    expect(stats).toHaveTextContent('New arrivals4');
    expect(stats).toHaveTextContent('On sale7');
  });

  it('links each category to /products?category=<slug>, with the logo and generic text as fallbacks', async () => {
    mockHome();
    await renderApp('/');
    const grid = await sectionNamed('Shop by category');
    const red = await within(grid).findByRole('link', { name: /Red wine/ });
    expect(red).toHaveAttribute('href', '/products?category=red-wine');
    expect(red).toHaveTextContent('14 products');
    expect(red.querySelector('img')).toHaveAttribute('src', categories[0]?.image);
    const whisky = within(grid).getByRole('link', { name: /Whisky/ });
    expect(whisky).toHaveAttribute('href', '/products?category=whisky');
    expect(whisky.querySelector('img')).toHaveAttribute('src', '/logo.svg');
    expect(whisky).toHaveTextContent('Hand-picked bottles, tasted and chosen by our team.');
    expect(whisky).toHaveTextContent('1 product');
  });

  it('opens the section’s own list from "See all": featured, new arrivals, special offers', async () => {
    mockHome();
    await renderApp('/');
    const seeAll = async (section: string) =>
      within(await sectionNamed(section)).getByRole('link', { name: `See all ${section}` });
    expect(await seeAll('Featured Selections')).toHaveAttribute('href', '/products?featured=true');
    expect(await seeAll('New Arrivals')).toHaveAttribute(
      'href',
      '/products?new_arrivals=true&ordering=newest',
    );
    expect(await seeAll('Special Offers')).toHaveAttribute('href', '/products?on_sale=true');
  });

  it('shows Previous/Next only for a section with more than one page', async () => {
    mockHome();
    await renderApp('/');
    const featured = await sectionNamed('Featured Selections');
    await within(featured).findByRole('article', { name: 'Featured 6' });
    expect(within(featured).getAllByRole('article')).toHaveLength(HOME_PAGE_SIZE);
    expect(within(featured).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(featured).getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(featured).toHaveTextContent('Page 1 of 3');

    const fresh = await sectionNamed('New Arrivals');
    await within(fresh).findByRole('article', { name: 'New 4' });
    expect(within(fresh).getAllByRole('article')).toHaveLength(4);
    expect(within(fresh).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(fresh).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('pages a section with Next and Previous, without asking again for a page already seen', async () => {
    const user = userEvent.setup();
    const api = mockHome();
    await renderApp('/');
    const offers = await sectionNamed('Special Offers');
    await within(offers).findByRole('article', { name: 'Offer 1' });
    const pages = () => api.callsTo('/products/products/on_sale/').map((url) => url.searchParams.get('page'));
    expect(pages()).toEqual(['1']);

    await user.click(within(offers).getByRole('button', { name: 'Next' }));
    expect(await within(offers).findByRole('article', { name: 'Offer 7' })).toBeInTheDocument();
    expect(within(offers).getAllByRole('article')).toHaveLength(1);
    expect(offers).toHaveTextContent('Page 2 of 2');
    expect(within(offers).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pages()).toEqual(['1', '2']);

    await user.click(within(offers).getByRole('button', { name: 'Previous' }));
    expect(await within(offers).findByRole('article', { name: 'Offer 1' })).toBeInTheDocument();
    expect(offers).toHaveTextContent('Page 1 of 2');
    await user.click(within(offers).getByRole('button', { name: 'Next' }));
    expect(await within(offers).findByRole('article', { name: 'Offer 7' })).toBeInTheDocument();
    expect(pages()).toEqual(['1', '2']);
  });

  it('says "failed to load featured products" and retries when the featured products cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    const featured = section('Featured', 3);
    mockHome({
      '/products/products/featured/': (url) =>
        fail ? json({ error: { code: 'internal_error', message: 'Boom' } }, 500) : featured(url),
    });
    await renderApp('/');
    const section_ = await sectionNamed('Featured Selections');
    const alert = await within(section_).findByRole('alert');
    expect(alert).toHaveTextContent('failed to load featured products');
    // The hero still sells: it falls back to its featured values.
    expect(screen.getByRole('article', { name: 'Featured The cellar selection' })).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section_).findByRole('article', { name: 'Featured 3' })).toBeInTheDocument();
    expect(within(section_).queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Featured Featured 1' })).toBeInTheDocument();
  });

  it('says "failed to load categories" with a Retry button when the categories cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockHome({
      '/products/categories/': () =>
        fail
          ? json({ error: { code: 'internal_error', message: 'Boom' } }, 500)
          : makePage(categories, { pageSize: 100 }),
    });
    await renderApp('/');
    const grid = await sectionNamed('Shop by category');
    const alert = await within(grid).findByRole('alert');
    expect(alert).toHaveTextContent('failed to load categories');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(grid).findByRole('link', { name: /Red wine/ })).toBeInTheDocument();
  });

  it('searches with the trimmed text on Enter', async () => {
    const user = userEvent.setup();
    mockHome();
    const { router } = await renderApp('/');
    await user.type(screen.getByRole('searchbox', { name: 'Search wines and spirits' }), '  Malbec  {Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wines & spirits' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toEqual({ search: 'Malbec' });
    expect(router.state.location.href).toBe('/products?search=Malbec');
  });

  it('searches with the button, encoding the text', async () => {
    const user = userEvent.setup();
    mockHome();
    const { router } = await renderApp('/');
    await user.type(screen.getByRole('searchbox'), 'red wine 2019');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wines & spirits' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/products?search=red+wine+2019');
    expect(router.state.location.search).toEqual({ search: 'red wine 2019' });
    expect(screen.getByRole('main')).toHaveTextContent('Results for “red wine 2019”');
  });

  it('ignores an empty search', async () => {
    const user = userEvent.setup();
    mockHome();
    const { router } = await renderApp('/');
    await user.type(screen.getByRole('searchbox'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox'), '{Enter}');
    expect(router.state.location.href).toBe('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/delivered across Kampala/);
  });
});
