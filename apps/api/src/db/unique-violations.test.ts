import { adminProductSchema, catalogAdminMessages } from '@shop/contract/catalog-admin';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../test/fixtures/catalog';
import { type Customer, staffMember, ZONES } from '../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { UNIQUE_CLASHES, uniqueViolationError } from './unique-violations';

// Two writes racing for one unique value: the service's check passes for both, the index refuses
// the second. That one must get the field and the reason, as the check would have said, never a
// 500 (issue 33: eight product creates with one slug answered one 201 and up to seven 500s).

const PRODUCTS = '/api/v1/admin/catalog/products/';

let harness: TestApp;
let staff: Customer;
let categoryId: number;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  staff = await staffMember(harness.app);
  categoryId = (await createCategory(harness.database.pool, { name: 'Races' })).id;
});
afterAll(() => harness?.close());

const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rwenzori Reserve',
  category_id: categoryId,
  product_type: 'wine',
  description: 'A red from the mountains of the moon.',
  ...overrides,
});

async function createProduct(overrides: Record<string, unknown> = {}) {
  const response = await staff.client.post(PRODUCTS, productBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json());
}

const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();

/** Every answer but the winners' names `field` with `message`. */
function expectRefusals(
  answers: { statusCode: number; body: string }[],
  status: number,
  field: string,
  message: string,
) {
  for (const answer of answers.filter((each) => each.statusCode === status)) {
    expect(errorEnvelopeSchema.parse(JSON.parse(answer.body)).error.fields).toEqual([{ field, message }]);
  }
}

describe('writes racing for one unique value', () => {
  it('eight product creates with one new slug: one 201, seven 422 naming the slug', async () => {
    const slug = `race-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        staff.client.post(PRODUCTS, productBody({ name: `Race ${index}`, slug })),
      ),
    );
    expect(statuses(answers)).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    expectRefusals(answers, 422, 'slug', catalogAdminMessages.slugTaken);
  });

  it('two products renamed to one slug at once: one 200, one 422 naming the slug', async () => {
    const [first, second] = [
      await createProduct({ name: 'Kigezi Red' }),
      await createProduct({ name: 'Kigezi White' }),
    ];
    const slug = `kigezi-${Date.now()}`;
    const answers = await Promise.all(
      [first!, second!].map((product) =>
        staff.client.patch(`${PRODUCTS}${product.id}/`, { version: product.version, slug }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 422]);
    expectRefusals(answers, 422, 'slug', catalogAdminMessages.slugTaken);
  });

  it('two sizes added with one SKU at once: one 201, one 422 naming the SKU', async () => {
    const products = [
      await createProduct({ name: 'Busoga Gin' }),
      await createProduct({ name: 'Busoga Rum' }),
    ];
    const sku = `RACE-${Date.now()}`;
    const answers = await Promise.all(
      products.map((product) =>
        staff.client.post(`${PRODUCTS}${product.id}/variants/`, {
          sku,
          name: '750 ml bottle',
          volume_ml: 750,
          price: 90_000,
        }),
      ),
    );
    expect(statuses(answers)).toEqual([201, 422]);
    expectRefusals(answers, 422, 'sku', catalogAdminMessages.skuTaken);
  });

  it('four delivery zones created with one slug at once: one 201, three 409 naming the slug', async () => {
    const slug = `race-zone-${Date.now()}`;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((index) =>
        staff.client.post(ZONES, {
          slug,
          name: `Race zone ${index}`,
          areas: 'Wakiso',
          fee: 20_000,
          delivery_time_minutes: 180,
          delivery_time_label: '2–3 hours',
        }),
      ),
    );
    expect(statuses(answers)).toEqual([201, 409, 409, 409]);
    expectRefusals(answers, 409, 'slug', 'Already used');
  });
});

describe('the table of unique indexes', () => {
  it('names the field of every unique index of the schema (a new one needs its row)', async () => {
    const indexes = await harness.database.pool.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND i.indisunique AND NOT i.indisprimary
       ORDER BY 1`,
    );
    const names = indexes.rows.map((row) => row.name);
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => !(name in UNIQUE_CLASHES))).toEqual([]);
    // And no row for an index that is gone.
    expect(Object.keys(UNIQUE_CLASHES).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('answers an index not in the table (a primary key) with its first column, never its values', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'review_votes_pkey',
      detail: 'Key (review_id, user_id)=(7, 4b0c…) already exists.',
    });
    const answer = uniqueViolationError(
      Object.assign(new Error('Failed query: insert …'), { cause: driverError }),
    );
    expect(answer?.statusCode).toBe(409);
    expect(answer?.fields).toEqual([{ field: 'review_id', message: 'is already used' }]);
    expect(answer?.message).not.toContain('4b0c');
    expect(uniqueViolationError(Object.assign(new Error('other'), { code: '23503' }))).toBeUndefined();
  });
});
