import { productListResponseSchema, SEARCH_COUNT_CAP } from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoCatalogIfEmpty } from './seed/seed-catalog';

let harness: TestApp;
const EXTRA = SEARCH_COUNT_CAP + 100;

const list = async (query: string) => {
  const response = await harness.app.inject({ method: 'GET', url: `/api/v1/products/products/?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return productListResponseSchema.parse(response.json());
};

beforeAll(async () => {
  harness = await createTestApp();
  await seedDemoCatalogIfEmpty(harness.database);
  // More bottles of one word than a search counts.
  await harness.database.pool.query(
    `WITH made AS (
       INSERT INTO products (slug, name, product_type, category_id, country)
       SELECT 'zanzibar-spice-gin-' || n, 'Zanzibar Spice Gin No. ' || n, 'spirit',
              (SELECT id FROM categories WHERE slug = 'gin'), 'Tanzania'
       FROM generate_series(1, $1::int) n
       RETURNING id, slug)
     INSERT INTO product_variants (product_id, sku, name, volume_ml, price, stock, is_default)
     SELECT id, upper(slug), '750 ml bottle', 750, 90000, 5, true FROM made`,
    [EXTRA],
  );
});
afterAll(() => harness?.close());

describe('a search that finds more than it counts', () => {
  it(`counts up to ${SEARCH_COUNT_CAP} and says so; pages and the other orders still work`, async () => {
    const first = await list('search=zanzibar&page_size=12');
    expect(first).toMatchObject({
      count: SEARCH_COUNT_CAP,
      count_capped: true,
      total_pages: Math.ceil(SEARCH_COUNT_CAP / 12),
      next: 2,
    });
    expect(first.results).toHaveLength(12);
    // A typo finds them too, and the words that find fewer keep an exact count.
    expect((await list('search=zanzibr&page_size=1')).count_capped).toBe(true);
    const exact = await list('search=zanzibar%20spice%20gin%20no%2017&page_size=12');
    expect(exact.count_capped).toBeUndefined();
    expect(exact.results[0]?.name).toBe('Zanzibar Spice Gin No. 17');
    // Any other order cuts its page from every match: the last by name is there.
    const byName = await list('search=zanzibar&ordering=-name&page_size=1');
    expect(byName.results[0]?.name).toBe('Zanzibar Spice Gin No. 999');
    // Lists without a search count exactly.
    const gins = await list('category=gin&page_size=1');
    expect(gins.count).toBeGreaterThan(EXTRA);
    expect(gins.count_capped).toBeUndefined();
  });
});
