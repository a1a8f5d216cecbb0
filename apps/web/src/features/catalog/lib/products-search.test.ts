import { describe, expect, it } from 'vitest';
import { changeSearch, hasFilters, selectedPriceBand, validateProductsSearch } from './products-search';

describe('validateProductsSearch', () => {
  it('keeps every valid search, filter, order and page, typed', () => {
    expect(
      validateProductsSearch({
        search: '  jonnie walker ',
        category: 'whisky',
        type: 'spirit',
        country: 'Scotland',
        region: 'Speyside',
        varietal: 'Malted barley',
        vintage_min: '2010',
        vintage_max: '2020',
        price_min: '100000',
        price_max: '249999',
        on_sale: 'true',
        in_stock: '1',
        ordering: '-price',
        page: '3',
      }),
    ).toEqual({
      search: 'jonnie walker',
      category: 'whisky',
      type: 'spirit',
      country: 'Scotland',
      region: 'Speyside',
      varietal: 'Malted barley',
      vintage_min: 2010,
      vintage_max: 2020,
      price_min: 100_000,
      price_max: 249_999,
      on_sale: true,
      in_stock: true,
      ordering: '-price',
      page: 3,
    });
  });

  it('drops bad values instead of failing', () => {
    expect(
      validateProductsSearch({
        search: '   ',
        category: '',
        type: 'lemonade',
        vintage_min: '1700',
        vintage_max: 'last year',
        price_min: '-5',
        price_max: '12.5',
        on_sale: 'maybe',
        in_stock: ['true', 'false'],
        ordering: 'cheapest',
        page: '0',
        unknown: 'x',
      }),
    ).toEqual({});
    expect(validateProductsSearch({ page: 'two', search: 'x'.repeat(101) })).toEqual({});
    expect(validateProductsSearch({ page: '-1' })).toEqual({});
    expect(validateProductsSearch({ page: '1e3' })).toEqual({});
  });

  it('drops a range whose minimum is above its maximum', () => {
    expect(validateProductsSearch({ price_min: '500000', price_max: '100000', vintage_min: '2015' })).toEqual(
      {
        vintage_min: 2015,
      },
    );
    expect(validateProductsSearch({ vintage_min: '2020', vintage_max: '2010' })).toEqual({});
  });

  it('reads false flags and numbers already typed (links built in the app)', () => {
    expect(validateProductsSearch({ on_sale: false, in_stock: 'no', page: 2, price_max: 99_999 })).toEqual({
      on_sale: false,
      in_stock: false,
      page: 2,
      price_max: 99_999,
    });
  });
});

describe('changeSearch', () => {
  it('replaces and removes keys, and goes back to the first page on any change', () => {
    const current = { search: 'malbec', country: 'Argentina', page: 3 };
    expect(changeSearch(current, { country: undefined })).toEqual({ search: 'malbec' });
    expect(changeSearch(current, { type: 'wine' })).toEqual({
      search: 'malbec',
      country: 'Argentina',
      type: 'wine',
    });
    expect(changeSearch(current, { page: 4 })).toEqual({ search: 'malbec', country: 'Argentina', page: 4 });
    expect(changeSearch(current, { page: undefined })).toEqual({ search: 'malbec', country: 'Argentina' });
  });
});

describe('helpers', () => {
  it('knows when a view is filtered, and which price band it is', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ ordering: 'price', page: 2 })).toBe(false);
    expect(hasFilters({ on_sale: true })).toBe(true);
    expect(selectedPriceBand({ price_max: 99_999 })?.key).toBe('under-100k');
    expect(selectedPriceBand({ price_min: 1_000_000 })?.key).toBe('1m-plus');
    expect(selectedPriceBand({ price_min: 100_000, price_max: 249_999 })?.key).toBe('100k-250k');
    expect(selectedPriceBand({ price_min: 100_000 })).toBeUndefined();
  });
});
