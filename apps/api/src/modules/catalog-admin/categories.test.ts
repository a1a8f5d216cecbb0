import { categoryListResponseSchema } from '@shop/contract/catalog';
import { adminCategoryListSchema, adminCategorySchema } from '@shop/contract/categories-admin';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import { type Customer, signedInCustomer, staffMember } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';

const CATEGORIES = '/api/v1/admin/catalog/categories/';
const STOREFRONT_CATEGORIES = '/api/v1/products/categories/';

let harness: TestApp;
let staff: Customer;
let customer: Customer;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  staff = await staffMember(harness.app);
  customer = await signedInCustomer(harness.app);
});
afterAll(() => harness?.close());

const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

async function auditOf(subjectId: string | number) {
  const result = await harness.database.pool.query<{
    kind: string;
    actor_name: string;
    before: unknown;
    after: unknown;
  }>(
    `SELECT kind, actor_name, before, after FROM audit_entries WHERE subject_type = 'category' AND subject_id = $1 ORDER BY id`,
    [String(subjectId)],
  );
  return result.rows;
}

async function storefrontSlugs(): Promise<string[]> {
  const response = await harness.app.inject({ method: 'GET', url: STOREFRONT_CATEGORIES });
  return categoryListResponseSchema.parse(response.json()).results.map((category) => category.slug);
}

describe('staff keep the categories', () => {
  it('creates a category with a slug made from its name, lists it with counts, and audits it', async () => {
    const created = await staff.client.post(CATEGORIES, {
      name: 'Rosé & Blush Wines',
      description: 'Pink wines',
      image: '/media/files/rose.jpg',
    });
    expect(created.statusCode).toBe(201);
    const category = adminCategorySchema.parse(created.json());
    expect(category).toMatchObject({
      slug: 'rose-and-blush-wines',
      name: 'Rosé & Blush Wines',
      is_active: true,
      product_count: 0,
    });

    await createProduct(harness.database.pool, { categoryId: category.id, name: 'Blush One' });
    const list = adminCategoryListSchema.parse((await staff.client.get(CATEGORIES)).json());
    expect(list.results.find((item) => item.id === category.id)).toMatchObject({
      product_count: 1,
      listed_count: 1,
    });
    expect(await auditOf(category.id)).toEqual([
      expect.objectContaining({ kind: 'category.create', actor_name: 'Grace Nansubuga', before: null }),
    ]);
    expect(await storefrontSlugs()).toContain('rose-and-blush-wines');
  });

  it('answers 422 naming the field, and 409 for a taken slug; nothing is written', async () => {
    const before = (await harness.database.pool.query('SELECT count(*)::int AS n FROM categories')).rows[0].n;
    const bad = await staff.client.post(CATEGORIES, {
      name: '',
      slug: 'Not A Slug',
      image: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(422);
    const fields = (envelope(bad.body).fields ?? []).map((field) => field.field).sort();
    expect(fields).toEqual(['image', 'name', 'slug']);
    await staff.client.post(CATEGORIES, { name: 'Cider', slug: 'cider-x' });
    const taken = await staff.client.post(CATEGORIES, { name: 'Another cider', slug: 'cider-x' });
    expect(taken.statusCode).toBe(409);
    expect(envelope(taken.body).fields?.[0]).toMatchObject({ field: 'slug' });
    const after = (await harness.database.pool.query('SELECT count(*)::int AS n FROM categories')).rows[0].n;
    expect(after).toBe(before + 1);
  });

  it('edits, hides (gone from the storefront at once) and shows a category, with before → after in the trail', async () => {
    const category = await createCategory(harness.database.pool, { name: 'Mead', slug: 'mead' });
    await createProduct(harness.database.pool, { categoryId: category.id, name: 'Honey Mead' });
    expect(await storefrontSlugs()).toContain('mead');

    const edited = await staff.client.patch(`${CATEGORIES}${category.id}/`, {
      name: 'Mead & honey wine',
      slug: 'mead-and-honey',
    });
    expect(edited.statusCode).toBe(200);
    expect(adminCategorySchema.parse(edited.json())).toMatchObject({
      name: 'Mead & honey wine',
      slug: 'mead-and-honey',
    });

    const hidden = await staff.client.patch(`${CATEGORIES}${category.id}/`, { is_active: false });
    expect(hidden.statusCode).toBe(200);
    // The storefront's cache dropped (catalog_changed): the hidden category is gone, its product too.
    await expect.poll(storefrontSlugs, { timeout: 3_000 }).not.toContain('mead-and-honey');
    // …and so is its product from search, once the catalog's notification is in (as the list above).
    const searchHoneyMead = async () =>
      JSON.stringify(
        (
          await harness.app.inject({ method: 'GET', url: '/api/v1/products/products/?search=Honey%20Mead' })
        ).json(),
      );
    await expect.poll(searchHoneyMead, { timeout: 3_000 }).not.toContain('Honey Mead');

    await staff.client.patch(`${CATEGORIES}${category.id}/`, { is_active: true });
    await expect.poll(storefrontSlugs, { timeout: 3_000 }).toContain('mead-and-honey');

    const trail = await auditOf(category.id);
    expect(trail.map((entry) => entry.kind)).toEqual(['category.update', 'category.hide', 'category.show']);
    expect(trail[0]).toMatchObject({
      before: { name: 'Mead', slug: 'mead' },
      after: { name: 'Mead & honey wine', slug: 'mead-and-honey' },
    });
    expect(trail[1]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });

    const unknown = await staff.client.patch(`${CATEGORIES}999999/`, { name: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    const empty = await staff.client.patch(`${CATEGORIES}${category.id}/`, {});
    expect(empty.statusCode).toBe(422);
  });

  it('reorders categories; the storefront follows', async () => {
    const list = adminCategoryListSchema.parse((await staff.client.get(CATEGORIES)).json()).results;
    const reversed = list.map((category) => category.id).reverse();
    const reordered = await staff.client.request({
      method: 'PUT',
      url: `${CATEGORIES}order/`,
      payload: { ids: reversed },
    });
    expect(reordered.statusCode).toBe(200);
    expect(adminCategoryListSchema.parse(reordered.json()).results.map((category) => category.id)).toEqual(
      reversed,
    );
    const shown = list
      .filter((category) => category.is_active)
      .map((category) => category.slug)
      .reverse();
    await expect.poll(storefrontSlugs, { timeout: 3_000 }).toEqual(shown);
    const entries = await auditOf('order');
    expect(entries.at(-1)).toMatchObject({ kind: 'category.reorder' });

    const bad = await staff.client.request({
      method: 'PUT',
      url: `${CATEGORIES}order/`,
      payload: { ids: [reversed[0], reversed[0]] },
    });
    expect(bad.statusCode).toBe(422);
    const unknown = await staff.client.request({
      method: 'PUT',
      url: `${CATEGORIES}order/`,
      payload: { ids: [999999] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(envelope(unknown.body).fields?.[0]).toMatchObject({ field: 'ids' });
  });

  it('refuses to remove a category while products use it, then removes it once they moved', async () => {
    const category = await createCategory(harness.database.pool, { name: 'Perry', slug: 'perry' });
    const other = await createCategory(harness.database.pool, { name: 'Cider 2', slug: 'cider-two' });
    const one = await createProduct(harness.database.pool, { categoryId: category.id, name: 'Pear One' });
    await createProduct(harness.database.pool, { categoryId: category.id, name: 'Pear Two' });

    const refused = await staff.client.request({ method: 'DELETE', url: `${CATEGORIES}${category.id}/` });
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused.body).message).toContain('Move its 2 products to another category first');

    await harness.database.pool.query('UPDATE products SET category_id = $1 WHERE category_id = $2', [
      other.id,
      category.id,
    ]);
    const removed = await staff.client.request({ method: 'DELETE', url: `${CATEGORIES}${category.id}/` });
    expect(removed.statusCode).toBe(204);
    expect(
      (await harness.database.pool.query('SELECT 1 FROM categories WHERE id = $1', [category.id])).rowCount,
    ).toBe(0);
    expect((await auditOf(category.id)).map((entry) => entry.kind)).toEqual(['category.remove']);
    expect(one.id).toBeGreaterThan(0);
  });
});

describe('only staff reach the category endpoints', () => {
  const calls = [
    { method: 'GET', url: CATEGORIES },
    { method: 'POST', url: CATEGORIES, payload: { name: 'Sneaky' } },
    { method: 'PATCH', url: `${CATEGORIES}1/`, payload: { name: 'Sneaky' } },
    { method: 'PUT', url: `${CATEGORIES}order/`, payload: { ids: [1] } },
    { method: 'DELETE', url: `${CATEGORIES}1/` },
  ] as const;

  it.each(calls)('$method $url: 401 for a visitor, 403 for a customer', async (call) => {
    const visitor = await harness.app.inject({
      method: call.method,
      url: call.url,
      ...('payload' in call ? { payload: call.payload } : {}),
    });
    expect(visitor.statusCode).toBe(401);
    const asCustomer = await customer.client.request({
      method: call.method,
      url: call.url,
      ...('payload' in call ? { payload: call.payload } : {}),
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every category endpoint', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/v1/admin/catalog/categories/',
      '/api/v1/admin/catalog/categories/{id}/',
      '/api/v1/admin/catalog/categories/order/',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
