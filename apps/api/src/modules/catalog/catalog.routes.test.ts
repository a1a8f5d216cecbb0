import {
  catalogStatsSchema,
  categoryListResponseSchema,
  productDetailSchema,
  productFacetsSchema,
  productListResponseSchema,
} from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CategoryFixture,
  createCategory,
  createProduct,
  daysAgo,
  type ProductFixture,
} from '../../../test/fixtures/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { invalidateCatalogCache } from './catalog-cache';

let harness: TestApp;
let red: CategoryFixture;
let white: CategoryFixture;
let whisky: CategoryFixture;
let rose: CategoryFixture;
let hidden: CategoryFixture;
let alpha: ProductFixture;
let bravo: ProductFixture;
let charlie: ProductFixture;
let delta: ProductFixture;
let echo: ProductFixture;
let foxtrot: ProductFixture;
let golf: ProductFixture;

const get = (url: string) => harness.app.inject({ method: 'GET', url: `/api/v1${url}` });
const list = async (query = '') => {
  const response = await get(`/products/products/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return productListResponseSchema.parse(response.json());
};
const names = async (query = '') => (await list(query)).results.map((product) => product.name);
const fieldsOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { fields: Array<{ field: string }> } }).error.fields.map(
    (field) => field.field,
  );

beforeAll(async () => {
  harness = await createTestApp();
  const pool = harness.database.pool;
  red = await createCategory(pool, { slug: 'red-wine', name: 'Red Wine', sortOrder: 10 });
  white = await createCategory(pool, { slug: 'white-wine', name: 'White Wine', sortOrder: 20 });
  rose = await createCategory(pool, { slug: 'rose', name: 'Rosé', sortOrder: 25 });
  whisky = await createCategory(pool, { slug: 'whisky', name: 'Whisky', sortOrder: 30, image: null });
  hidden = await createCategory(pool, { slug: 'hidden', name: 'Hidden', sortOrder: 5, isActive: false });

  alpha = await createProduct(pool, {
    categoryId: red.id,
    name: 'Alpha Red',
    country: 'France',
    region: 'Bordeaux',
    varietal: 'Merlot',
    vintage: 2015,
    price: 100_000,
    createdAt: daysAgo(40),
    averageRating: 4.5,
    reviewCount: 10,
  });
  bravo = await createProduct(pool, {
    categoryId: red.id,
    name: 'Bravo Red',
    country: 'South Africa',
    region: 'Stellenbosch',
    varietal: 'Pinotage',
    vintage: 2019,
    price: 250_000,
    originalPrice: 300_000,
    isFeatured: true,
    createdAt: daysAgo(5),
  });
  charlie = await createProduct(pool, {
    categoryId: white.id,
    name: 'Charlie White',
    country: 'New Zealand',
    region: 'Marlborough',
    varietal: 'Sauvignon Blanc',
    vintage: 2022,
    price: 60_000,
    stock: 0,
    createdAt: daysAgo(100),
    averageRating: 3,
    reviewCount: 4,
  });
  delta = await createProduct(pool, {
    categoryId: whisky.id,
    name: 'Delta Whisky',
    productType: 'spirit',
    country: 'Scotland',
    region: 'Speyside',
    varietal: 'Single malt Scotch whisky',
    vintage: null,
    abv: 43,
    awards: ['Gold medal', 'Best in show'],
    isFeatured: true,
    createdAt: daysAgo(10),
    averageRating: 5,
    reviewCount: 2,
    variants: [
      { sku: 'DELTA-750', name: '750 ml bottle', price: 1_200_000, stock: 3, isDefault: true },
      {
        sku: 'DELTA-C6',
        name: 'Case of 6 × 750 ml',
        packSize: 6,
        price: 6_600_000,
        originalPrice: 7_200_000,
        stock: 0,
      },
    ],
  });
  echo = await createProduct(pool, {
    categoryId: red.id,
    name: 'Echo Inactive',
    isActive: false,
    price: 90_000,
  });
  foxtrot = await createProduct(pool, { categoryId: hidden.id, name: 'Foxtrot Hidden', price: 80_000 });
  golf = await createProduct(pool, {
    categoryId: red.id,
    name: 'Golf Red',
    country: 'france',
    region: 'Côte de Nuits, Burgundy',
    varietal: 'Pinot Noir',
    vintage: 2010,
    price: 500_000,
    originalPrice: 400_000,
    createdAt: daysAgo(200),
  });
});
afterAll(() => harness?.close());

describe('GET /products/products/', () => {
  it('answers the paged list of active products, newest first, as product cards', async () => {
    const page = await list();
    expect(page.count).toBe(5);
    expect(page.total_pages).toBe(1);
    expect(page.next).toBeNull();
    expect(page.results.map((product) => product.name)).toEqual([
      'Bravo Red',
      'Delta Whisky',
      'Alpha Red',
      'Charlie White',
      'Golf Red',
    ]);
    expect(page.results.map((product) => product.id)).toEqual([
      bravo.id,
      delta.id,
      alpha.id,
      charlie.id,
      golf.id,
    ]);
    const card = page.results[0]!;
    expect(card).toEqual({
      id: bravo.id,
      slug: bravo.slug,
      name: 'Bravo Red',
      price: 250_000,
      original_price: 300_000,
      compare_at_price: 300_000,
      sale_percentage: 17,
      image: expect.stringMatching(/^\/media\/gen\/v1\/bottle\/red-wine\/2019\/[A-Za-z0-9_-]+\.svg$/),
      // A drawing, not an uploaded photo: no srcsets.
      picture: null,
      category_name: 'Red Wine',
      category_slug: 'red-wine',
      region: 'Stellenbosch',
      country: 'South Africa',
      vintage: 2019,
      product_type: 'wine',
      average_rating: 0,
      review_count: 0,
      in_stock: true,
      default_variant_id: bravo.variantIds[0],
      is_featured: true,
      is_new: true,
    });
  });

  it('derives sale_percentage and keeps money whole', async () => {
    const byName = Object.fromEntries((await list()).results.map((product) => [product.name, product]));
    expect(byName['Alpha Red']!.sale_percentage).toBeNull();
    expect(byName['Alpha Red']!.original_price).toBeNull();
    // An original price below the price is not a sale.
    expect(byName['Golf Red']!.original_price).toBe(400_000);
    expect(byName['Golf Red']!.sale_percentage).toBeNull();
    expect(byName['Alpha Red']!.average_rating).toBe(4.5);
    expect(byName['Charlie White']!.in_stock).toBe(false);
    expect(byName['Delta Whisky']!.vintage).toBeNull();
    expect(byName['Delta Whisky']!.price).toBe(1_200_000);
    for (const product of Object.values(byName)) expect(Number.isInteger(product.price)).toBe(true);
  });

  it('pages: page_size, next, total_pages, a page past the end', async () => {
    const first = await list('?page_size=2');
    expect(first.results).toHaveLength(2);
    expect(first).toMatchObject({ count: 5, total_pages: 3, next: 2 });
    const last = await list('?page_size=2&page=3');
    expect(last.results.map((product) => product.name)).toEqual(['Golf Red']);
    expect(last.next).toBeNull();
    const past = await list('?page_size=2&page=4');
    expect(past).toEqual({ results: [], count: 5, total_pages: 3, next: null });
    expect((await list('?page_size=100')).results).toHaveLength(5);
  });

  it.each([
    ['?page=abc', 'page'],
    ['?page=0', 'page'],
    ['?page=1.5', 'page'],
    ['?page_size=0', 'page_size'],
    ['?page_size=101', 'page_size'],
    ['?ordering=best', 'ordering'],
    ['?category=no-such-category', 'category'],
    ['?category=hidden', 'category'],
    ['?category=999999', 'category'],
    ['?price_min=-1', 'price_min'],
    ['?price_max=abc', 'price_max'],
    ['?price_min=500000&price_max=100000', 'price_max'],
    ['?vintage_min=1700', 'vintage_min'],
    ['?vintage_min=2020&vintage_max=2010', 'vintage_max'],
    ['?type=sake', 'type'],
    ['?on_sale=maybe', 'on_sale'],
    ['?in_stock=2', 'in_stock'],
    [`?search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with a 422 naming %s', async (query, field) => {
    const response = await get(`/products/products/${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('validation_failed');
    expect(fieldsOf(response)).toContain(field);
  });

  it('names every bad field at once', async () => {
    const response = await get('/products/products/?page=x&ordering=best&price_min=-5');
    expect(response.statusCode).toBe(422);
    expect(fieldsOf(response).sort()).toEqual(['ordering', 'page', 'price_min']);
  });

  it('filters by category slug or id', async () => {
    expect(await names('?category=red-wine&ordering=name')).toEqual(['Alpha Red', 'Bravo Red', 'Golf Red']);
    expect(await names(`?category=${white.id}`)).toEqual(['Charlie White']);
    expect(await names('?category=RED-WINE&ordering=name')).toEqual(['Alpha Red', 'Bravo Red', 'Golf Red']);
    expect(await names(`?category=${rose.id}`)).toEqual([]);
  });

  it('filters by type, country, region and varietal', async () => {
    expect(await names('?type=spirit')).toEqual(['Delta Whisky']);
    expect(await names('?type=beer')).toEqual([]);
    expect(await names('?country=FRANCE&ordering=name')).toEqual(['Alpha Red', 'Golf Red']);
    expect(await names('?region=burgundy')).toEqual(['Golf Red']);
    expect(await names('?region=%25')).toEqual([]);
    expect(await names('?varietal=pinot&ordering=name')).toEqual(['Bravo Red', 'Golf Red']);
  });

  it('filters by vintage and price ranges (inclusive)', async () => {
    expect(await names('?vintage_min=2015&vintage_max=2019&ordering=name')).toEqual([
      'Alpha Red',
      'Bravo Red',
    ]);
    expect(await names('?vintage_min=2020')).toEqual(['Charlie White']);
    expect(await names('?price_min=100000&price_max=250000&ordering=name')).toEqual([
      'Alpha Red',
      'Bravo Red',
    ]);
    expect(await names('?price_max=99999')).toEqual(['Charlie White']);
    expect(await names('?price_min=1000000')).toEqual(['Delta Whisky']);
    // Empty values are ignored.
    expect((await list('?price_min=&vintage_max=&type=&search=%20%20')).count).toBe(5);
  });

  it('filters on sale and in stock', async () => {
    expect(await names('?on_sale=true')).toEqual(['Bravo Red']);
    expect(await names('?on_sale=false&ordering=name')).toEqual([
      'Alpha Red',
      'Charlie White',
      'Delta Whisky',
      'Golf Red',
    ]);
    expect(await names('?in_stock=false')).toEqual(['Charlie White']);
    expect((await list('?in_stock=true')).count).toBe(4);
    expect(await names('?in_stock=1&on_sale=1&category=red-wine')).toEqual(['Bravo Red']);
  });

  it.each([
    ['price', ['Charlie White', 'Alpha Red', 'Bravo Red', 'Golf Red', 'Delta Whisky']],
    ['-price', ['Delta Whisky', 'Golf Red', 'Bravo Red', 'Alpha Red', 'Charlie White']],
    ['name', ['Alpha Red', 'Bravo Red', 'Charlie White', 'Delta Whisky', 'Golf Red']],
    ['-name', ['Golf Red', 'Delta Whisky', 'Charlie White', 'Bravo Red', 'Alpha Red']],
    ['-rating', ['Delta Whisky', 'Alpha Red', 'Charlie White', 'Golf Red', 'Bravo Red']],
    ['rating', ['Bravo Red', 'Golf Red', 'Charlie White', 'Alpha Red', 'Delta Whisky']],
    ['newest', ['Bravo Red', 'Delta Whisky', 'Alpha Red', 'Charlie White', 'Golf Red']],
    ['relevance', ['Bravo Red', 'Delta Whisky', 'Alpha Red', 'Charlie White', 'Golf Red']],
  ])('orders by %s', async (ordering, expected) => {
    expect(await names(`?ordering=${ordering}`)).toEqual(expected);
  });

  it('never lists inactive products or products of inactive categories', async () => {
    const all = await names('?page_size=100');
    expect(all).not.toContain('Echo Inactive');
    expect(all).not.toContain('Foxtrot Hidden');
    expect(all).not.toContain(echo.name);
    expect(all).not.toContain(foxtrot.name);
  });
});

describe('sections: featured, new, on sale', () => {
  it('lists featured products, most premium first', async () => {
    const response = await get('/products/products/featured/');
    expect(response.statusCode).toBe(200);
    const page = productListResponseSchema.parse(response.json());
    expect(page.results.map((product) => product.name)).toEqual(['Delta Whisky', 'Bravo Red']);
    expect(page.results.every((product) => product.is_featured)).toBe(true);
  });

  it('lists new arrivals (last 30 days), newest first', async () => {
    const page = productListResponseSchema.parse((await get('/products/products/new/')).json());
    expect(page.results.map((product) => product.name)).toEqual(['Bravo Red', 'Delta Whisky']);
    expect(page.results.every((product) => product.is_new)).toBe(true);
  });

  it('lets the list show the same featured and new products ("See all" on the home page)', async () => {
    expect(await names('?featured=true&ordering=name')).toEqual(['Bravo Red', 'Delta Whisky']);
    expect(await names('?new_arrivals=true')).toEqual(['Bravo Red', 'Delta Whisky']);
    expect((await list('?featured=false')).count).toBe(5);
  });

  it('lists products on sale, biggest discount first', async () => {
    const page = productListResponseSchema.parse((await get('/products/products/on_sale/')).json());
    expect(page.results.map((product) => product.name)).toEqual(['Bravo Red']);
    expect(page.results[0]!.sale_percentage).toBe(17);
  });

  it('pages the sections like the list', async () => {
    const first = productListResponseSchema.parse(
      (await get('/products/products/featured/?page_size=1')).json(),
    );
    expect(first).toMatchObject({ count: 2, total_pages: 2, next: 2 });
    expect(first.results.map((product) => product.name)).toEqual(['Delta Whisky']);
    const second = productListResponseSchema.parse(
      (await get('/products/products/featured/?page_size=1&page=2')).json(),
    );
    expect(second.results.map((product) => product.name)).toEqual(['Bravo Red']);
    expect(second.next).toBeNull();
    const past = productListResponseSchema.parse((await get('/products/products/new/?page=9')).json());
    expect(past.results).toEqual([]);
    const bad = await get('/products/products/on_sale/?page=first&page_size=500');
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad).sort()).toEqual(['page', 'page_size']);
  });
});

describe('GET /products/products/stats/', () => {
  it("answers the home page's counts", async () => {
    const response = await get('/products/products/stats/');
    expect(response.statusCode).toBe(200);
    expect(catalogStatsSchema.parse(response.json())).toEqual({
      product_count: 5,
      category_count: 4,
      featured_count: 2,
      new_count: 2,
      on_sale_count: 1,
    });
  });
});

describe('GET /products/products/{id}/', () => {
  it('answers a product by id with its details, sizes, images and related products', async () => {
    const response = await get(`/products/products/${delta.id}/`);
    expect(response.statusCode).toBe(200);
    const detail = productDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      id: delta.id,
      slug: delta.slug,
      name: 'Delta Whisky',
      product_type: 'spirit',
      varietal: 'Single malt Scotch whisky',
      abv: 43,
      vintage: null,
      tasting_notes: 'Plum and spice.',
      food_pairing: 'Roast beef.',
      awards: ['Gold medal', 'Best in show'],
      category_id: whisky.id,
      category_name: 'Whisky',
      price: 1_200_000,
      in_stock: true,
      default_variant_id: delta.variantIds[0],
    });
    expect(detail.description).toBe('Delta Whisky, a fine bottle.');
    expect(detail.variants).toEqual([
      {
        id: delta.variantIds[0],
        sku: 'DELTA-750',
        name: '750 ml bottle',
        volume_ml: 750,
        pack_size: 1,
        price: 1_200_000,
        original_price: null,
        compare_at_price: null,
        sale_percentage: null,
        stock: 3,
        in_stock: true,
        is_default: true,
      },
      {
        id: delta.variantIds[1],
        sku: 'DELTA-C6',
        name: 'Case of 6 × 750 ml',
        volume_ml: 750,
        pack_size: 6,
        price: 6_600_000,
        original_price: 7_200_000,
        compare_at_price: 7_200_000,
        sale_percentage: 8,
        stock: 0,
        in_stock: false,
        is_default: false,
      },
    ]);
    expect(detail.images).toHaveLength(2);
    expect(detail.images[0]).toEqual({ url: detail.image, alt: 'Delta Whisky picture 1', picture: null });
    expect(detail.related).toEqual([]);
  });

  it('answers a product by slug, with related products of its category nearest in price', async () => {
    const response = await get(`/products/products/${alpha.slug}/`);
    expect(response.statusCode).toBe(200);
    const detail = productDetailSchema.parse(response.json());
    expect(detail.id).toBe(alpha.id);
    // Same category, active only, not itself: Bravo (250,000) is nearer 100,000 than Golf (500,000).
    expect(detail.related.map((product) => product.name)).toEqual(['Bravo Red', 'Golf Red']);
    expect(detail.related[0]!.sale_percentage).toBe(17);
  });

  it('puts the default size first', async () => {
    const pool = harness.database.pool;
    const product = await createProduct(pool, {
      categoryId: white.id,
      name: 'Hotel White',
      createdAt: daysAgo(400),
      variants: [
        { sku: 'HOTEL-375', name: '375 ml', volumeMl: 375, price: 40_000, stock: 2, isDefault: false },
        { sku: 'HOTEL-750', name: '750 ml', price: 70_000, stock: 0, isDefault: true },
      ],
    });
    const detail = productDetailSchema.parse((await get(`/products/products/${product.slug}/`)).json());
    expect(detail.variants.map((variant) => variant.sku)).toEqual(['HOTEL-750', 'HOTEL-375']);
    // The card's price is the default size's; in stock because another size has stock.
    expect(detail.price).toBe(70_000);
    expect(detail.in_stock).toBe(true);
    await pool.query('DELETE FROM products WHERE id = $1', [product.id]);
    // The NOTIFY drops the cache a moment later; drop it now so the next tests see the delete.
    invalidateCatalogCache();
  });

  it.each([
    ['an inactive product', () => String(echo.id)],
    ['an inactive product by slug', () => echo.slug],
    ['a product of an inactive category', () => String(foxtrot.id)],
    ['an unknown id', () => '999999'],
    ['an unknown slug', () => 'no-such-bottle'],
  ])('answers 404 for %s', async (_, id) => {
    const response = await get(`/products/products/${id()}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'Product was not found.' },
    });
  });
});

describe('GET /products/categories/', () => {
  it('lists active categories in order, with counts of active products', async () => {
    const response = await get('/products/categories/');
    expect(response.statusCode).toBe(200);
    const body = categoryListResponseSchema.parse(response.json());
    expect(body.count).toBe(4);
    expect(body.next).toBeNull();
    expect(body.results.map(({ slug, product_count }) => [slug, product_count])).toEqual([
      ['red-wine', 3],
      ['white-wine', 1],
      ['rose', 0],
      ['whisky', 1],
    ]);
    expect(body.results[0]).toEqual({
      id: red.id,
      slug: 'red-wine',
      name: 'Red Wine',
      description: expect.any(String),
      image: expect.stringMatching(/^\/media\//),
      product_count: 3,
      sort_order: 10,
    });
    expect(body.results[3]!.image).toBeNull();
  });
});

describe('GET /products/products/facets/', () => {
  const facets = async (query = '') => {
    const response = await get(`/products/products/facets/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return productFacetsSchema.parse(response.json());
  };

  it('in stock only: holds across pages, and every facet count is the list’s count with it on', async () => {
    const paged: { id: number; in_stock: boolean }[] = [];
    for (let page = 1; ; page++) {
      const found = await list(`?in_stock=true&ordering=name&page_size=1&page=${page}`);
      paged.push(...found.results);
      if (found.next === null) break;
    }
    expect(paged.every((card) => card.in_stock)).toBe(true);
    expect(new Set(paged.map((card) => card.id)).size).toBe(paged.length);
    expect((await list('?in_stock=true')).count).toBe(paged.length);

    const counted = await facets('?in_stock=true');
    expect(counted.count).toBe(paged.length);
    for (const category of counted.categories) {
      expect((await list(`?in_stock=true&category=${category.slug}`)).count, category.slug).toBe(
        category.count,
      );
    }
    for (const type of counted.product_types) {
      expect((await list(`?in_stock=true&type=${type.value}`)).count, type.value).toBe(type.count);
    }
    for (const band of counted.price_bands) {
      const range = `price_min=${band.min}${band.max === null ? '' : `&price_max=${band.max}`}`;
      expect((await list(`?in_stock=true&${range}`)).count, band.key).toBe(band.count);
    }
    // Charlie White is sold out: left out of the counts as of the list.
    expect(counted.categories.find((category) => category.slug === 'white-wine')?.count ?? 0).toBe(0);
  });

  it('counts products per category, type, country and price band', async () => {
    const result = await facets();
    expect(result.count).toBe(5);
    expect(result.categories).toEqual([
      { id: red.id, slug: 'red-wine', name: 'Red Wine', count: 3 },
      { id: white.id, slug: 'white-wine', name: 'White Wine', count: 1 },
      { id: whisky.id, slug: 'whisky', name: 'Whisky', count: 1 },
    ]);
    expect(result.product_types).toEqual([
      { value: 'wine', count: 4 },
      { value: 'spirit', count: 1 },
    ]);
    // Countries are counted without regard to case, as the filter matches them.
    expect(result.countries).toEqual([
      { value: 'France', count: 2 },
      { value: 'New Zealand', count: 1 },
      { value: 'Scotland', count: 1 },
      { value: 'South Africa', count: 1 },
    ]);
    expect(result.price_bands.map(({ key, count }) => [key, count])).toEqual([
      ['under-100k', 1],
      ['100k-250k', 1],
      ['250k-500k', 1],
      ['500k-1m', 1],
      ['1m-plus', 1],
    ]);
    expect(result.price_bands[0]).toEqual({
      key: 'under-100k',
      label: 'Under Shs 100,000',
      min: 0,
      max: 99_999,
      count: 1,
    });
    expect(result.price_bands[4]).toMatchObject({
      min: 1_000_000,
      max: null,
      label: 'Shs 1,000,000 and above',
    });
  });

  it('counts each facet with the other filters, leaving out its own', async () => {
    const result = await facets('?category=red-wine&page=3&ordering=-price');
    expect(result.count).toBe(3);
    // The other categories stay visible so the shopper can switch.
    expect(result.categories.map(({ slug, count }) => [slug, count])).toEqual([
      ['red-wine', 3],
      ['white-wine', 1],
      ['whisky', 1],
    ]);
    expect(result.product_types).toEqual([{ value: 'wine', count: 3 }]);
    expect(result.countries).toEqual([
      { value: 'France', count: 2 },
      { value: 'South Africa', count: 1 },
    ]);
    expect(result.price_bands.map(({ key, count }) => [key, count])).toEqual([
      ['100k-250k', 1],
      ['250k-500k', 1],
      ['500k-1m', 1],
    ]);

    const spirits = await facets('?type=spirit&price_min=1000000');
    expect(spirits.count).toBe(1);
    // The type facet ignores type=spirit but keeps price_min: only the whisky costs that much.
    expect(spirits.product_types).toEqual([{ value: 'spirit', count: 1 }]);
    expect(spirits.categories.map(({ slug }) => slug)).toEqual(['whisky']);
    // The price facet ignores price_min but keeps type=spirit.
    expect(spirits.price_bands.map(({ key }) => key)).toEqual(['1m-plus']);
  });

  it('refuses the same bad input as the list', async () => {
    const response = await get('/products/products/facets/?category=nope&price_min=-2');
    expect(response.statusCode).toBe(422);
    // The query shape is checked first; the category once the query is well formed.
    expect(fieldsOf(response)).toEqual(['price_min']);
    expect(fieldsOf(await get('/products/products/facets/?category=nope'))).toEqual(['category']);
  });
});

describe('OpenAPI', () => {
  it('documents the catalog, with the page size default and maximum', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/products/products/',
      '/api/v1/products/products/facets/',
      '/api/v1/products/products/stats/',
      '/api/v1/products/products/featured/',
      '/api/v1/products/products/new/',
      '/api/v1/products/products/on_sale/',
      '/api/v1/products/products/{id}/',
      '/api/v1/products/categories/',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    const parameters = document.paths['/api/v1/products/products/'].get.parameters as Array<{
      name: string;
      description?: string;
    }>;
    const pageSize = parameters.find((parameter) => parameter.name === 'page_size');
    expect(pageSize?.description).toContain('default 12');
    expect(pageSize?.description).toContain('at most 100');
    expect(parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining([
        'search',
        'category',
        'type',
        'country',
        'region',
        'varietal',
        'vintage_min',
        'vintage_max',
        'price_min',
        'price_max',
        'on_sale',
        'in_stock',
        'ordering',
      ]),
    );
  });
});
