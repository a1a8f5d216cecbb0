import { productDetailSchema } from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, type ProductFixture } from '../../../test/fixtures/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * Related products are read with two short index scans either side of the price (issue 35). They
 * must be the very eight the whole-category sort chose: compared here, product by product, with
 * that sort run on the same fixture, over ties in price, equal distances above and below (ties by
 * id), the cheapest and dearest of the category, unlisted products and a small category.
 */

let harness: TestApp;
const products: Array<ProductFixture & { categoryId: number; price: number }> = [];

beforeAll(async () => {
  harness = await createTestApp();
  const pool = harness.database.pool;
  const wine = await createCategory(pool, { slug: 'related-wine', name: 'Wine' });
  const gin = await createCategory(pool, { slug: 'related-gin', name: 'Gin' });
  // Ties: several at one price, and prices the same distance either side of others.
  const winePrices = [
    50_000, 60_000, 60_000, 70_000, 80_000, 90_000, 90_000, 90_000, 100_000, 110_000, 110_000, 120_000,
    130_000, 150_000, 150_000, 170_000, 200_000, 200_000, 230_000, 400_000,
  ];
  for (const [index, price] of winePrices.entries()) {
    const product = await createProduct(pool, { categoryId: wine.id, name: `Wine ${index}`, price });
    products.push({ ...product, categoryId: wine.id, price });
  }
  // Unlisted: never related, never a page.
  await createProduct(pool, { categoryId: wine.id, name: 'Hidden wine', price: 100_000, isActive: false });
  for (const [index, price] of [80_000, 80_000, 95_000].entries()) {
    const product = await createProduct(pool, { categoryId: gin.id, name: `Gin ${index}`, price });
    products.push({ ...product, categoryId: gin.id, price });
  }
});

afterAll(async () => {
  await harness?.close();
});

/** What the old whole-category sort answered for a product. */
async function sortedWholeCategory(product: { id: number; categoryId: number; price: number }) {
  const result = await harness.database.pool.query<{ id: number }>(
    `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
     WHERE p.listed AND c.is_active AND p.category_id = $1 AND p.id <> $2
     ORDER BY abs(p.price - $3), p.id LIMIT 8`,
    [product.categoryId, product.id, product.price],
  );
  return result.rows.map((row) => row.id);
}

describe('related products', () => {
  it('are the eight of the category closest in price, ties by id, as the whole-category sort chose', async () => {
    expect(products.length).toBe(23);
    for (const product of products) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/v1/products/products/${product.slug}/`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const detail = productDetailSchema.parse(response.json());
      const expected = await sortedWholeCategory(product);
      expect(
        detail.related.map((related) => related.id),
        product.name,
      ).toEqual(expected);
    }
  });

  it('are the others of a category smaller than eight, nearest first', async () => {
    const gin = products.filter((product) => product.name.startsWith('Gin'));
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/products/products/${gin[2]!.id}/`,
    });
    const detail = productDetailSchema.parse(response.json());
    expect(detail.related.map((related) => related.name)).toEqual(['Gin 0', 'Gin 1']);
  });
});
