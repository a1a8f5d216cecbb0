import { describe, expect, it } from 'vitest';
import {
  PRICE_BANDS,
  priceBandLabel,
  productFacetsQuerySchema,
  productListQuerySchema,
  productOrderingSchema,
  salePercentage,
} from './catalog';

describe('salePercentage', () => {
  it('derives the whole-percent discount from price and original price', () => {
    expect(salePercentage(250_000, 300_000)).toBe(17);
    expect(salePercentage(75_000, 100_000)).toBe(25);
    expect(salePercentage(99_500, 100_000)).toBe(1);
    expect(salePercentage(99_800, 100_000)).toBe(0);
  });
  it('is null when there is no sale', () => {
    expect(salePercentage(100_000, null)).toBeNull();
    expect(salePercentage(100_000, undefined)).toBeNull();
    expect(salePercentage(100_000, 100_000)).toBeNull();
    expect(salePercentage(100_000, 90_000)).toBeNull();
  });
});

describe('productListQuerySchema', () => {
  it('fills the paging defaults and ignores empty values', () => {
    expect(productListQuerySchema.parse({})).toEqual({ page: 1, page_size: 12 });
    expect(
      productListQuerySchema.parse({
        search: '  ',
        category: '',
        price_min: '',
        on_sale: '',
        type: '',
        vintage_max: '',
      }),
    ).toEqual({ page: 1, page_size: 12 });
  });

  it('reads numbers, booleans and trimmed text from the query string', () => {
    expect(
      productListQuerySchema.parse({
        page: '2',
        page_size: '24',
        search: '  jonnie walker ',
        category: 'whisky',
        type: 'spirit',
        price_min: '100000',
        price_max: '250,000'.replace(',', ''),
        vintage_min: '2010',
        on_sale: 'true',
        in_stock: '0',
        ordering: '-price',
      }),
    ).toEqual({
      page: 2,
      page_size: 24,
      search: 'jonnie walker',
      category: 'whisky',
      type: 'spirit',
      price_min: 100_000,
      price_max: 250_000,
      vintage_min: 2010,
      on_sale: true,
      in_stock: false,
      ordering: '-price',
    });
  });

  it.each([
    [{ page: 'abc' }, 'page'],
    [{ page_size: '101' }, 'page_size'],
    [{ price_min: '-1' }, 'price_min'],
    [{ price_min: '1.5' }, 'price_min'],
    [{ price_min: '9', price_max: '8' }, 'price_max'],
    [{ vintage_min: '2020', vintage_max: '2019' }, 'vintage_max'],
    [{ vintage_max: '3000' }, 'vintage_max'],
    [{ type: 'sake' }, 'type'],
    [{ on_sale: 'perhaps' }, 'on_sale'],
    [{ ordering: 'popular' }, 'ordering'],
    [{ search: 'x'.repeat(101) }, 'search'],
  ])('refuses %o naming %s', (query, field) => {
    const result = productListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it('shares the filters with the facets query, which drops paging and order', () => {
    expect(productFacetsQuerySchema.parse({ page: '3', ordering: 'name', type: 'wine' })).toEqual({
      type: 'wine',
    });
    expect(productFacetsQuerySchema.safeParse({ price_min: '5', price_max: '1' }).success).toBe(false);
  });

  it('knows the orderings', () => {
    expect(productOrderingSchema.options).toEqual([
      'relevance',
      'newest',
      'price',
      '-price',
      'rating',
      '-rating',
      'name',
      '-name',
    ]);
  });
});

describe('PRICE_BANDS', () => {
  it('cover every price once, with labels in shillings', () => {
    for (let index = 1; index < PRICE_BANDS.length; index++) {
      expect(PRICE_BANDS[index]!.min).toBe(PRICE_BANDS[index - 1]!.max! + 1);
    }
    expect(PRICE_BANDS[0]!.min).toBe(0);
    expect(PRICE_BANDS.at(-1)!.max).toBeNull();
    expect(PRICE_BANDS.map(priceBandLabel)).toEqual([
      'Under Shs 100,000',
      'Shs 100,000 to Shs 250,000',
      'Shs 250,000 to Shs 500,000',
      'Shs 500,000 to Shs 1,000,000',
      'Shs 1,000,000 and above',
    ]);
  });
});
