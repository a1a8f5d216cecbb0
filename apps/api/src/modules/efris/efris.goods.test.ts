import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_EFRIS_CODES, FakeEfris, taxpayerKeys } from '../../../test/fakes/efris';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import {
  addToCart,
  CHECKOUT,
  checkoutBody,
  secondInstance,
  signedInCustomer,
  staffMember,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Tx } from '../../db/transaction';
import type { TestBrowser } from '../identity/testing';
import { markOrderPaid } from '../orders/order-lifecycle';
import { registerGood, reportStockIncrease, sweepGoods } from './efris.goods';
import { sizesIn, syncGoods } from './efris.goods.repository';
import { fiscaliseDocument } from './efris.service';

/**
 * EFRIS goods against the fake URA (decision 0033): the dictionaries (T124, T125), the mapping
 * screen's endpoints, each size registered once per mapping (T130), each received movement
 * reported once (T131). This instance runs no jobs: each attempt is made here, step by step.
 */

const API = '/api/v1/admin/efris';
const SHOP_TIN = '1000123456';
const DEVICE = 'TCS00012345';
const movementsOf = (variantId: number) => `/api/v1/admin/catalog/variants/${variantId}/stock-movements/`;

let harness: TestApp;
let fake: FakeEfris;
let admin: TestBrowser;
let staff: TestBrowser;
const taxpayer = taxpayerKeys();

const send = (client: TestBrowser, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  client.request({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  fake = await new FakeEfris().start();
  fake.registerTaxpayer({
    tin: SHOP_TIN,
    deviceNo: DEVICE,
    legalName: 'KAMPALA CELLARS LIMITED',
    businessName: 'Kampala Cellars',
    address: 'Plot 12 Acacia Avenue, Kololo',
    publicKey: taxpayer.publicKey,
  });
  harness = await createTestApp({
    AUTH_TEST_FAST_HASHING: 'true',
    EFRIS_BASE_URL: fake.url,
    EFRIS_TIMEOUT_MS: '1000',
    JOBS_ENABLED: 'false',
  });
  admin = (await staffMember(harness.app, 'admin')).client;
  staff = (await staffMember(harness.app, 'staff')).client;
  await setShopSettings(harness.app, { vat_tin: SHOP_TIN });
  expect(
    (await send(admin, 'PUT', `${API}/settings/private-key/`, { private_key: taxpayer.privateKeyPem }))
      .statusCode,
  ).toBe(200);
  const saved = await send(admin, 'PUT', `${API}/settings/`, {
    enabled: true,
    environment: 'test',
    tin: SHOP_TIN,
    device_no: DEVICE,
    commodity_code: '50202201',
  });
  expect(saved.statusCode).toBe(200);
  const refreshed = await send(admin, 'POST', `${API}/dictionaries/refresh/`);
  expect(refreshed.statusCode).toBe(200);
  expect(refreshed.json()).toEqual({ commodity_categories: 5, excise_codes: 3 });
});

afterAll(async () => {
  if (harness) {
    await setShopSettings(harness.app, { vat_tin: DEFAULT_SHOP_SETTINGS.vat_tin });
    await harness.close();
  }
  await fake?.stop();
});

beforeEach(() => {
  fake.reset();
});

/** A category of its own with one product of two sizes. */
async function wineCategory() {
  const category = await createCategory(harness.database.pool, { name: 'Sparkling' });
  const product = await createProduct(harness.database.pool, {
    categoryId: category.id,
    variants: [
      { name: '750 ml bottle', volumeMl: 750, price: 95_000, stock: 10 },
      { name: 'Case of 6', volumeMl: 4500, packSize: 6, price: 540_000, stock: 2 },
    ],
  });
  return { categoryId: category.id, variantIds: product.variantIds };
}

async function goodsRow(variantId: number) {
  const result = await harness.database.pool.query<{
    state: string;
    attempts: number;
    goods_code: string;
    commodity_code: string;
    registered_commodity_code: string | null;
    last_error: string | null;
    last_return_code: string | null;
  }>('SELECT * FROM efris_goods WHERE variant_id = $1', [variantId]);
  return result.rows[0];
}

const skuOf = async (variantId: number) =>
  (
    await harness.database.pool.query<{ sku: string }>('SELECT sku FROM product_variants WHERE id = $1', [
      variantId,
    ])
  ).rows[0]!.sku;

describe('authorization', () => {
  it('answers 401 to visitors and 403 to customers on every endpoint, and 403 to staff on the admins’', async () => {
    const customer = (await signedInCustomer(harness.app)).client;
    const visitor = new (admin.constructor as new (app: unknown) => TestBrowser)(harness.app);
    const staffReads: Array<['GET' | 'POST', string]> = [
      ['GET', `${API}/commodity-categories/`],
      ['GET', `${API}/excise-codes/`],
      ['GET', `${API}/category-mappings/`],
      ['GET', `${API}/goods/`],
      ['GET', `${API}/stock-increases/`],
      ['POST', `${API}/goods/1/retry/`],
      ['POST', `${API}/stock-increases/1/retry/`],
    ];
    const adminWrites: Array<['PUT' | 'POST' | 'DELETE', string]> = [
      ['PUT', `${API}/category-mappings/1/`],
      ['PUT', `${API}/goods/1/mapping/`],
      ['DELETE', `${API}/goods/1/mapping/`],
      ['POST', `${API}/dictionaries/refresh/`],
    ];
    const body = { commodity_code: '50202203', unit: '102', excise_code: null };
    for (const [method, url] of [...staffReads, ...adminWrites]) {
      const payload = method === 'PUT' ? body : undefined;
      expect((await visitor.request({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(
        401,
      );
      expect((await customer.request({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(
        403,
      );
    }
    for (const [method, url] of adminWrites) {
      const payload = method === 'PUT' ? body : undefined;
      expect((await staff.request({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(
        403,
      );
    }
    expect((await staff.get(`${API}/goods/`)).statusCode).toBe(200);
    // Nothing of another object: a size or a category that does not exist.
    expect((await send(admin, 'PUT', `${API}/category-mappings/999999/`, body)).statusCode).toBe(404);
    expect((await send(admin, 'PUT', `${API}/goods/999999/mapping/`, body)).statusCode).toBe(404);
    expect((await send(staff, 'POST', `${API}/goods/999999/retry/`)).statusCode).toBe(404);
  });
});

describe('dictionaries', () => {
  it('are searched by words of the name or the start of the code, paginated', async () => {
    const byName = await staff.get(`${API}/commodity-categories/?search=wine`);
    expect(byName.json().results.map((row: { code: string }) => row.code)).toEqual(['50202203']);
    const byCode = await staff.get(`${API}/commodity-categories/?search=502022&page_size=2`);
    expect(byCode.json()).toMatchObject({ count: 4, total_pages: 2, next: 2 });
    const excise = await staff.get(`${API}/excise-codes/?search=spirits`);
    expect(excise.json().results).toEqual([
      {
        code: 'LED190400',
        name: 'Spirits (undenatured ethyl alcohol)',
        rate_text: '100%,UGX10000 per litre',
        unit: '102',
      },
    ]);
    const bad = await staff.get(`${API}/excise-codes/?page_size=500`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual([{ field: 'page_size', message: 'must be at most 100' }]);
  });
});

describe('mapping', () => {
  it('refuses codes URA does not have, naming the field, and changes nothing', async () => {
    const { categoryId } = await wineCategory();
    const url = `${API}/category-mappings/${categoryId}/`;
    const cases: Array<[object, string, string]> = [
      [
        { commodity_code: 'wine', unit: '102' },
        'commodity_code',
        "must be a code of URA's commodity categories",
      ],
      [{ commodity_code: '50202203', unit: 'litre' }, 'unit', "must be a unit code of URA's (e.g. 102)"],
      [{ commodity_code: '12345678', unit: '102' }, 'commodity_code', "is not in URA's commodity categories"],
      [
        { commodity_code: '50202200', unit: '102' },
        'commodity_code',
        'is a group: choose one of its categories',
      ],
      [
        { commodity_code: '50202203', unit: '102', excise_code: 'LED999999' },
        'excise_code',
        "is not in URA's excise duty codes",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await send(admin, 'PUT', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.fields).toContainEqual({ field, message });
    }
    const listed = await staff.get(`${API}/category-mappings/?page_size=100`);
    const row = listed
      .json()
      .results.find((item: { category_id: number }) => item.category_id === categoryId);
    expect(row).toMatchObject({ sizes: 2, mapping: null });
  });

  it('registers each size once with its category’s codes, and again (modified) when the mapping changes', async () => {
    const { categoryId, variantIds } = await wineCategory();
    const mapped = await send(admin, 'PUT', `${API}/category-mappings/${categoryId}/`, {
      commodity_code: '50202203',
      unit: '102',
      excise_code: 'LED190300',
    });
    expect(mapped.statusCode).toBe(202);
    const goods = await staff.get(`${API}/goods/?search=${encodeURIComponent(await skuOf(variantIds[0]!))}`);
    expect(goods.json().results[0]).toMatchObject({
      mapping_source: 'category',
      mapping: { commodity_code: '50202203', commodity_name: 'Wine', unit: '102', excise_code: 'LED190300' },
      state: 'pending',
    });
    for (const id of variantIds) expect(await registerGood(harness.app.efris, id)).toBe('registered');
    const sku = await skuOf(variantIds[0]!);
    expect(fake.goodsOf(SHOP_TIN, sku)).toMatchObject({
      commodityCategoryId: '50202203',
      exciseDutyCode: 'LED190300',
      registrations: 1,
    });
    // Nothing changed: mapping the same again registers nothing.
    await send(admin, 'PUT', `${API}/category-mappings/${categoryId}/`, {
      commodity_code: '50202203',
      unit: '102',
      excise_code: 'LED190300',
    });
    expect((await goodsRow(variantIds[0]!))!.state).toBe('registered');

    // One size mapped on its own: only it goes again, as a modification (102).
    const own = await send(admin, 'PUT', `${API}/goods/${variantIds[0]}/mapping/`, {
      commodity_code: '50202206',
      unit: '102',
      excise_code: 'LED190400',
    });
    expect(own.statusCode).toBe(202);
    expect((await goodsRow(variantIds[0]!))!.state).toBe('pending');
    expect((await goodsRow(variantIds[1]!))!.state).toBe('registered');
    expect(await registerGood(harness.app.efris, variantIds[0]!)).toBe('registered');
    expect(fake.goodsOf(SHOP_TIN, sku)).toMatchObject({ commodityCategoryId: '50202206', registrations: 2 });
    const listed = await staff.get(`${API}/goods/?search=${encodeURIComponent(sku)}`);
    expect(listed.json().results[0]).toMatchObject({ mapping_source: 'size', state: 'registered' });
  });

  it('registers a size once when two instances work it at the same time', async () => {
    const { variantIds } = await wineCategory();
    await syncGoods(harness.app.db, sizesIn(variantIds));
    const other = await secondInstance(harness);
    try {
      const outcomes = await Promise.all([
        ...variantIds.map((id) => registerGood(harness.app.efris, id)),
        ...variantIds.map((id) => registerGood(other.app.efris, id)),
        ...variantIds.map((id) => registerGood(other.app.efris, id)),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'registered')).toHaveLength(variantIds.length);
    } finally {
      await other.close();
    }
    for (const id of variantIds) expect(fake.goodsOf(SHOP_TIN, await skuOf(id))!.registrations).toBe(1);
    expect(fake.calls.filter((call) => call === 'T130')).toHaveLength(variantIds.length);
  });

  it('keeps URA’s refusal for staff, and registers after the fix when retried', async () => {
    const { variantIds } = await wineCategory();
    // A code the shop's dictionary still has but URA no longer takes.
    await harness.database.pool.query(
      "INSERT INTO efris_commodity_categories (code, name, is_leaf) VALUES ('50209999', 'Withdrawn', true) ON CONFLICT DO NOTHING",
    );
    const variantId = variantIds[0]!;
    await send(admin, 'PUT', `${API}/goods/${variantId}/mapping/`, {
      commodity_code: '50209999',
      unit: '102',
    });
    expect(await registerGood(harness.app.efris, variantId)).toBe('failed');
    const failed = await goodsRow(variantId);
    expect(failed).toMatchObject({ state: 'failed', last_return_code: FAKE_EFRIS_CODES.goodsInvalid });
    expect(failed!.last_error).toContain('commodityCategoryId: 50209999 is not a commodity category');
    const listed = await staff.get(
      `${API}/goods/?state=failed&search=${encodeURIComponent(await skuOf(variantId))}`,
    );
    expect(listed.json().results[0]).toMatchObject({ state: 'failed', last_return_code: '2008' });
    // A retry of something that has not failed is refused.
    expect((await send(staff, 'POST', `${API}/goods/${variantIds[1]}/retry/`)).statusCode).toBe(404);

    await send(admin, 'DELETE', `${API}/goods/${variantId}/mapping/`);
    expect((await goodsRow(variantId))!.state).toBe('pending');
    expect(await registerGood(harness.app.efris, variantId)).toBe('registered');
    expect((await send(staff, 'POST', `${API}/goods/${variantId}/retry/`)).statusCode).toBe(409);
  });
});

describe('stock increases', () => {
  async function received(variantId: number, delta: number) {
    const response = await staff.post(movementsOf(variantId), {
      delta,
      reason: 'received',
      note: 'Delivery',
    });
    expect(response.statusCode).toBe(201);
    const movement = await harness.database.pool.query<{ id: string }>(
      "SELECT id FROM stock_movements WHERE variant_id = $1 AND reason = 'received' ORDER BY id DESC LIMIT 1",
      [variantId],
    );
    return Number(movement.rows[0]!.id);
  }

  it('reports each received movement once, its size registered first, even with two workers', async () => {
    const { variantIds } = await wineCategory();
    const variantId = variantIds[0]!;
    const movementId = await received(variantId, 6);
    const due = await sweepGoods(harness.app.efris, 500);
    expect(due.stockIncreases).toContain(movementId);
    const other = await secondInstance(harness);
    try {
      const outcomes = await Promise.all([
        reportStockIncrease(harness.app.efris, movementId),
        reportStockIncrease(other.app.efris, movementId),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'reported')).toHaveLength(1);
    } finally {
      await other.close();
    }
    const sku = await skuOf(variantId);
    expect(fake.stockIns.filter((entry) => entry.goodsCode === sku)).toEqual([
      { goodsCode: sku, quantity: 6, remarks: `Stock movement ${movementId}` },
    ]);
    expect(fake.goodsOf(SHOP_TIN, sku)!.stock).toBe(6);
    // The sweep does not make a second record of it.
    await sweepGoods(harness.app.efris, 500);
    expect(await reportStockIncrease(harness.app.efris, movementId)).toBe('not_claimed');
    const listed = await staff.get(`${API}/stock-increases/?state=reported`);
    expect(listed.json().results.map((row: { movement_id: number }) => row.movement_id)).toContain(
      movementId,
    );
  });

  it('retries while URA is down and reports once when it is back; a lost answer is not sent again', async () => {
    const { variantIds } = await wineCategory();
    const variantId = variantIds[0]!;
    await syncGoods(harness.app.db, sizesIn([variantId]));
    expect(await registerGood(harness.app.efris, variantId)).toBe('registered');
    const movementId = await received(variantId, 4);
    await sweepGoods(harness.app.efris, 500);
    await harness.database.pool.query(
      'UPDATE efris_settings SET clock_checked_at = now(), clock_offset_ms = 0',
    );
    fake.failNext({ kind: 'http', status: 503 });
    expect(await reportStockIncrease(harness.app.efris, movementId)).toBe('retry_later');
    const waiting = await harness.database.pool.query(
      'SELECT state, attempts, last_error FROM efris_stock_increases WHERE movement_id = $1',
      [movementId],
    );
    expect(waiting.rows[0]).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting.rows[0].last_error).toContain('HTTP 503');

    // URA takes the T131 but its answer comes after our timeout.
    fake.answerLate(2_500, 1, 'T131');
    await harness.database.pool.query(
      'UPDATE efris_stock_increases SET next_attempt_at = now() WHERE movement_id = $1',
      [movementId],
    );
    expect(await reportStockIncrease(harness.app.efris, movementId)).toBe('retry_later');
    const sku = await skuOf(variantId);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(fake.stockIns.filter((entry) => entry.goodsCode === sku)).toHaveLength(1);
    await harness.database.pool.query(
      'UPDATE efris_stock_increases SET next_attempt_at = now() WHERE movement_id = $1',
      [movementId],
    );
    expect(await reportStockIncrease(harness.app.efris, movementId)).toBe('reported');
    expect(fake.stockIns.filter((entry) => entry.goodsCode === sku)).toHaveLength(1);
    expect(fake.goodsOf(SHOP_TIN, sku)!.stock).toBe(4);
  });

  it('shows URA’s refusal, and sends again on staff’s retry', async () => {
    const { variantIds } = await wineCategory();
    const variantId = variantIds[0]!;
    await syncGoods(harness.app.db, sizesIn([variantId]));
    expect(await registerGood(harness.app.efris, variantId)).toBe('registered');
    const movementId = await received(variantId, 3);
    await sweepGoods(harness.app.efris, 500);
    // URA lost the good (as if registered under another device): it refuses the increase.
    fake.goods.delete(`${SHOP_TIN}|${await skuOf(variantId)}`);
    expect(await reportStockIncrease(harness.app.efris, movementId)).toBe('failed');
    const listed = await staff.get(`${API}/stock-increases/?state=failed`);
    const row = listed
      .json()
      .results.find((item: { movement_id: number }) => item.movement_id === movementId);
    expect(row.last_return_code).toBe(FAKE_EFRIS_CODES.goodsNotRegistered);
    expect(row.last_error).toContain('have not been registered');

    // Registered again, then staff retry: reported.
    await harness.database.pool.query(
      "UPDATE efris_goods SET state = 'pending', registered_commodity_code = NULL, registration_started_at = NULL WHERE variant_id = $1",
      [variantId],
    );
    expect(await registerGood(harness.app.efris, variantId)).toBe('registered');
    expect((await send(staff, 'POST', `${API}/stock-increases/${movementId}/retry/`)).statusCode).toBe(202);
    expect(await reportStockIncrease(harness.app.efris, movementId)).toBe('reported');
    expect((await send(staff, 'POST', `${API}/stock-increases/${movementId}/retry/`)).statusCode).toBe(409);
  });
});

describe('invoices', () => {
  it('wait for a size URA refused to register, without failing, and go once it is fixed', async () => {
    const { variantIds } = await wineCategory();
    const variantId = variantIds[0]!;
    await harness.database.pool.query(
      "INSERT INTO efris_commodity_categories (code, name, is_leaf) VALUES ('50209999', 'Withdrawn', true) ON CONFLICT DO NOTHING",
    );
    await send(admin, 'PUT', `${API}/goods/${variantId}/mapping/`, {
      commodity_code: '50209999',
      unit: '102',
    });
    const customer = await signedInCustomer(harness.app, 'Namara Kisakye');
    const product = await harness.database.pool.query<{ product_id: number }>(
      'SELECT product_id FROM product_variants WHERE id = $1',
      [variantId],
    );
    await addToCart(customer.client, product.rows[0]!.product_id, variantId, 1);
    const zoneId = (await zoneBySlug(harness.database.pool)).id;
    const order = await customer.client.post(CHECKOUT, checkoutBody(zoneId));
    expect(order.statusCode).toBe(201);
    const orderId = order.json().id as string;
    await harness.app.events.transaction<Tx, unknown>(harness.app.db, (tx, outbox) =>
      markOrderPaid(tx, orderId, { outbox }),
    );
    const document = await harness.database.pool.query<{ id: number }>(
      'SELECT id FROM efris_documents WHERE order_id = $1',
      [orderId],
    );
    const documentId = document.rows[0]!.id;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await harness.database.pool.query('UPDATE efris_documents SET next_attempt_at = now() WHERE id = $1', [
        documentId,
      ]);
      expect(await fiscaliseDocument(harness.app.efris, documentId)).toBe('retry_later');
    }
    const waiting = await harness.database.pool.query(
      'SELECT state, attempts, last_error FROM efris_documents WHERE id = $1',
      [documentId],
    );
    expect(waiting.rows[0]).toMatchObject({ state: 'pending', attempts: 0 });
    expect(waiting.rows[0].last_error).toContain('to be registered with URA');
    expect(fake.calls.filter((call) => call === 'T109')).toHaveLength(0);
    expect((await goodsRow(variantId))!.state).toBe('failed');

    // The admin fixes the mapping: the size registers, the invoice goes with its codes.
    await send(admin, 'PUT', `${API}/goods/${variantId}/mapping/`, {
      commodity_code: '50202203',
      unit: '102',
      excise_code: 'LED190300',
    });
    await harness.database.pool.query('UPDATE efris_documents SET next_attempt_at = now() WHERE id = $1', [
      documentId,
    ]);
    expect(await fiscaliseDocument(harness.app.efris, documentId)).toBe('fiscalised');
    const sku = await skuOf(variantId);
    const line = fake.invoices.at(-1)!.upload.goodsDetails.find((item) => item.itemCode === sku);
    expect(line).toMatchObject({ goodsCategoryId: '50202203', unitOfMeasure: '102' });
  });
});
