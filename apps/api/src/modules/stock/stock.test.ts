import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  lowStockListSchema,
  STOCK_REASON_LABELS,
  stockLedgerSchema,
  stockMessages,
  stockMovementResponseSchema,
} from '@shop/contract/stock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  signedInCustomer,
  staffMember,
  stockedProduct,
  stockOf,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cancelUnpaidOrder } from '../orders/order-lifecycle';

const movementsOf = (variantId: number) => `/api/v1/admin/catalog/variants/${variantId}/stock-movements/`;
const LOW = '/api/v1/admin/catalog/stock/low/';

let harness: TestApp;
let staff: Customer;
let zoneId: number;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  staff = await staffMember(harness.app);
  zoneId = (await zoneBySlug(harness.database.pool)).id;
});
afterAll(() => harness?.close());

const pool = () => harness.database.pool;

async function ledgerRows(variantId: number) {
  const result = await pool().query<{
    delta: number;
    stock_after: number;
    reason: string;
    order_id: string | null;
  }>('SELECT delta, stock_after, reason, order_id FROM stock_movements WHERE variant_id = $1 ORDER BY id', [
    variantId,
  ]);
  return result.rows;
}

async function ledgerSum(variantId: number): Promise<number> {
  const result = await pool().query<{ sum: number }>(
    'SELECT coalesce(sum(delta), 0)::int AS sum FROM stock_movements WHERE variant_id = $1',
    [variantId],
  );
  return result.rows[0]!.sum;
}

async function auditCount(variantId: number): Promise<number> {
  const result = await pool().query<{ count: number }>(
    "SELECT count(*)::int AS count FROM audit_entries WHERE subject_type = 'stock' AND subject_id = $1",
    [String(variantId)],
  );
  return result.rows[0]!.count;
}

async function sizeWithStock(stock: number, name?: string) {
  const product = await stockedProduct(pool(), { price: 80_000, stock, ...(name ? { name } : {}) });
  return { productId: product.id, variantId: product.variantIds[0]!, product };
}

/** Waits for the low-stock job (run by this app's worker) to write its notices. */
async function staffNotices(userId: string, variantId: number, expected: number, waitMs = 15_000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const result = await pool().query<{ title: string; dedupe_key: string; type: string }>(
      "SELECT title, dedupe_key, type FROM notifications WHERE user_id = $1 AND type = 'stock' AND related_id = $2 ORDER BY created_at",
      [userId, String(variantId)],
    );
    if (result.rows.length >= expected || Date.now() > deadline) return result.rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('who may use the stock endpoints', () => {
  it('refuses a visitor (401) and a customer (403) on every endpoint', async () => {
    const { variantId } = await sizeWithStock(5);
    const customer = await signedInCustomer(harness.app);
    const body = { delta: 3, reason: 'received' };
    const calls = [
      { method: 'POST' as const, url: movementsOf(variantId), payload: body },
      { method: 'GET' as const, url: movementsOf(variantId) },
      { method: 'GET' as const, url: LOW },
    ];
    for (const call of calls) {
      expect((await harness.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      const asCustomer =
        call.method === 'POST'
          ? await customer.client.post(call.url, body)
          : await customer.client.get(call.url);
      expect(asCustomer.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    expect(await stockOf(pool(), variantId)).toBe(5);
  });
});

describe('a staff movement', () => {
  it('starts every size’s ledger with its opening balance', async () => {
    const { variantId } = await sizeWithStock(9);
    expect(await ledgerRows(variantId)).toEqual([
      { delta: 9, stock_after: 9, reason: 'count_correction', order_id: null },
    ]);
    const empty = await sizeWithStock(0);
    expect(await ledgerRows(empty.variantId)).toEqual([]);
  });

  it('adds its delta and writes its ledger row and audit entry together', async () => {
    const { variantId } = await sizeWithStock(10);
    const response = await staff.client.post(movementsOf(variantId), {
      delta: 12,
      reason: 'received',
      note: '  Delivery from Mukwano  ',
    });
    expect(response.statusCode).toBe(201);
    const body = stockMovementResponseSchema.parse(response.json());
    expect(body).toMatchObject({ variant_id: variantId, stock: 22, low_stock_threshold: 6 });
    expect(body.movement).toMatchObject({
      delta: 12,
      stock_after: 22,
      reason: 'received',
      note: 'Delivery from Mukwano',
      order_number: null,
      actor: { id: staff.userId, name: 'Grace Nansubuga' },
    });
    expect(await stockOf(pool(), variantId)).toBe(22);
    expect(await ledgerSum(variantId)).toBe(22);
    const audit = await pool().query(
      "SELECT kind, actor_id, before, after FROM audit_entries WHERE subject_type = 'stock' AND subject_id = $1",
      [String(variantId)],
    );
    expect(audit.rows).toEqual([
      { kind: 'stock.adjust', actor_id: staff.userId, before: { stock: 10 }, after: { stock: 22 } },
    ]);

    const breakage = await staff.client.post(movementsOf(variantId), { delta: -2, reason: 'breakage' });
    expect(breakage.statusCode).toBe(201);
    expect(stockMovementResponseSchema.parse(breakage.json()).stock).toBe(20);
    expect(await ledgerSum(variantId)).toBe(20);
  });

  it('is refused below zero, naming delta, and writes nothing', async () => {
    const { variantId } = await sizeWithStock(3);
    const response = await staff.client.post(movementsOf(variantId), {
      delta: -5,
      reason: 'count_correction',
    });
    expect(response.statusCode).toBe(409);
    const error = errorEnvelopeSchema.parse(response.json()).error;
    expect(error.fields).toEqual([{ field: 'delta', message: `${stockMessages.belowZero} (3 in stock)` }]);
    expect(error.message).toContain(stockMessages.belowZero);
    expect(await stockOf(pool(), variantId)).toBe(3);
    expect(await ledgerRows(variantId)).toHaveLength(1);
    expect(await auditCount(variantId)).toBe(0);

    // Down to exactly zero is allowed.
    const toZero = await staff.client.post(movementsOf(variantId), { delta: -3, reason: 'breakage' });
    expect(toZero.statusCode).toBe(201);
    expect(await stockOf(pool(), variantId)).toBe(0);
  });

  it('keeps the reasons’ signs: received adds, breakage takes away; zero and shop reasons are refused', async () => {
    const { variantId } = await sizeWithStock(10);
    const cases: Array<[unknown, string, string]> = [
      [{ delta: -3, reason: 'received' }, 'delta', stockMessages.receivedPositive],
      [{ delta: 2, reason: 'breakage' }, 'delta', stockMessages.breakageNegative],
      [{ delta: 0, reason: 'count_correction' }, 'delta', stockMessages.deltaZero],
      [{ reason: 'received' }, 'delta', stockMessages.deltaRequired],
      [{ delta: 1.5, reason: 'received' }, 'delta', 'must be a whole number'],
      [
        { delta: 5, reason: 'sold' },
        'reason',
        'must be one of received, count_correction, breakage, returned',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await staff.client.post(movementsOf(variantId), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      const fields = errorEnvelopeSchema.parse(response.json()).error.fields ?? [];
      expect(fields, JSON.stringify(body)).toContainEqual({ field, message });
    }
    expect(await stockOf(pool(), variantId)).toBe(10);
    expect(await ledgerRows(variantId)).toHaveLength(1);
    expect(await auditCount(variantId)).toBe(0);

    for (const body of [
      { delta: -1, reason: 'count_correction' },
      { delta: 2, reason: 'returned' },
      { delta: 4, reason: 'count_correction' },
    ]) {
      expect((await staff.client.post(movementsOf(variantId), body)).statusCode).toBe(201);
    }
    expect(await stockOf(pool(), variantId)).toBe(15);
  });

  it('answers 404 for a size that does not exist', async () => {
    const response = await staff.client.post(movementsOf(999_999), { delta: 1, reason: 'received' });
    expect(response.statusCode).toBe(404);
    expect((await staff.client.get(movementsOf(999_999))).statusCode).toBe(404);
  });
});

describe('a size’s ledger', () => {
  it('pages the movements newest first, with who and the stock after each', async () => {
    const { variantId } = await sizeWithStock(4);
    for (const delta of [1, 2, 3, 4, 5]) {
      await staff.client.post(movementsOf(variantId), { delta, reason: 'received', note: `Box ${delta}` });
    }
    const first = stockLedgerSchema.parse(
      (await staff.client.get(`${movementsOf(variantId)}?page_size=2`)).json(),
    );
    expect(first).toMatchObject({ count: 6, total_pages: 3, next: 2 });
    expect(first.results.map((row) => [row.delta, row.stock_after, row.note])).toEqual([
      [5, 19, 'Box 5'],
      [4, 14, 'Box 4'],
    ]);
    expect(first.results[0]!.actor?.name).toBe('Grace Nansubuga');
    const last = stockLedgerSchema.parse(
      (await staff.client.get(`${movementsOf(variantId)}?page_size=2&page=3`)).json(),
    );
    expect(last.next).toBeNull();
    expect(last.results.map((row) => [row.delta, row.reason, row.note, row.actor])).toEqual([
      [1, 'received', 'Box 1', { id: staff.userId, name: 'Grace Nansubuga' }],
      [4, 'count_correction', 'Opening balance', null],
    ]);
    const bad = await staff.client.get(`${movementsOf(variantId)}?page=0`);
    expect(bad.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(bad.json()).error.fields?.map((field) => field.field)).toEqual(['page']);
  });

  it('shows the sale at checkout and the release on cancellation, with the order number', async () => {
    const { productId, variantId } = await sizeWithStock(10);
    const customer = await signedInCustomer(harness.app);
    await addToCart(customer.client, productId, variantId, 3);
    const placed = await customer.client.post(
      CHECKOUT,
      checkoutBody(zoneId, {
        payment_method: 'mobile_money',
        mobile_money_network: 'MTN',
        payment_phone: '0772 555000',
      }),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as { id: string; order_number: string };
    expect(await stockOf(pool(), variantId)).toBe(7);

    await harness.app.db.transaction((tx) => cancelUnpaidOrder(tx, order.id, 'Changed my mind'));
    expect(await stockOf(pool(), variantId)).toBe(10);

    const ledger = stockLedgerSchema.parse((await staff.client.get(movementsOf(variantId))).json());
    expect(
      ledger.results.map((row) => [row.reason, row.delta, row.stock_after, row.order_number, row.actor]),
    ).toEqual([
      ['released', 3, 10, order.order_number, null],
      ['sold', -3, 7, order.order_number, null],
      ['count_correction', 10, 10, null, null],
    ]);
    expect(STOCK_REASON_LABELS[ledger.results[0]!.reason]).toMatch(/Released/);
    expect(await ledgerSum(variantId)).toBe(10);
  });

  it('writes one sold row per size of a multi-size order in one go', async () => {
    const product = await stockedProduct(pool(), {
      variants: [
        { price: 90_000, stock: 8, isDefault: true },
        { price: 500_000, stock: 4, name: 'Case of 6', packSize: 6 },
      ],
    });
    const customer = await signedInCustomer(harness.app);
    await addToCart(customer.client, product.id, product.variantIds[0]!, 2);
    await addToCart(customer.client, product.id, product.variantIds[1]!, 1);
    const placed = await customer.client.post(CHECKOUT, checkoutBody(zoneId));
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as string;
    expect((await ledgerRows(product.variantIds[0]!)).at(-1)).toEqual({
      delta: -2,
      stock_after: 6,
      reason: 'sold',
      order_id: orderId,
    });
    expect((await ledgerRows(product.variantIds[1]!)).at(-1)).toEqual({
      delta: -1,
      stock_after: 3,
      reason: 'sold',
      order_id: orderId,
    });
  });
});

describe('low stock', () => {
  it('lists the sizes at or below their threshold and the sold out, filtered by state', async () => {
    const out = await sizeWithStock(0, 'Zz Sold Out Shiraz');
    const low = await sizeWithStock(3, 'Zz Low Pinotage');
    const fine = await sizeWithStock(40, 'Zz Plenty Merlot');
    await pool().query('UPDATE product_variants SET low_stock_threshold = 2 WHERE id = $1', [fine.variantId]);
    const edge = await sizeWithStock(2, 'Zz Edge Malbec');
    await pool().query('UPDATE product_variants SET low_stock_threshold = 2 WHERE id = $1', [edge.variantId]);

    const all = lowStockListSchema.parse((await staff.client.get(`${LOW}?page_size=100`)).json());
    const ids = all.results.map((row) => row.variant_id);
    expect(ids).toEqual(expect.arrayContaining([out.variantId, low.variantId, edge.variantId]));
    expect(ids).not.toContain(fine.variantId);
    const lowRow = all.results.find((row) => row.variant_id === low.variantId);
    expect(lowRow).toMatchObject({
      product_name: 'Zz Low Pinotage',
      product_slug: low.product.slug,
      variant_name: '750 ml bottle',
      stock: 3,
      low_stock_threshold: 6,
      state: 'low',
      is_hamper: false,
    });
    expect(typeof lowRow?.sku).toBe('string');
    // Emptiest first.
    const stocks = all.results.map((row) => row.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));

    const onlyOut = lowStockListSchema.parse(
      (await staff.client.get(`${LOW}?state=out&page_size=100`)).json(),
    );
    expect(onlyOut.results.every((row) => row.stock === 0 && row.state === 'out')).toBe(true);
    expect(onlyOut.results.map((row) => row.variant_id)).toContain(out.variantId);
    const onlyLow = lowStockListSchema.parse(
      (await staff.client.get(`${LOW}?state=low&page_size=100`)).json(),
    );
    expect(onlyLow.results.every((row) => row.stock > 0 && row.state === 'low')).toBe(true);
    expect(onlyLow.results.map((row) => row.variant_id)).toEqual(
      expect.arrayContaining([low.variantId, edge.variantId]),
    );

    const paged = lowStockListSchema.parse((await staff.client.get(`${LOW}?page_size=1`)).json());
    expect(paged.results).toHaveLength(1);
    expect(paged.count).toBe(all.count);

    const bad = await staff.client.get(`${LOW}?state=empty`);
    expect(bad.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(bad.json()).error.fields?.map((field) => field.field)).toEqual([
      'state',
    ]);
  });

  it('finds a size by the start of its SKU or part of its product’s name, within the state asked', async () => {
    const red = await sizeWithStock(1, 'Zz Kasese Cabernet');
    await pool().query("UPDATE product_variants SET sku = 'KC-RED-905-750' WHERE id = $1", [red.variantId]);
    const other = await sizeWithStock(1, 'Zz Other Syrah');
    await pool().query("UPDATE product_variants SET sku = 'KC-RED-906-750' WHERE id = $1", [other.variantId]);
    const idsFor = async (query: string) =>
      lowStockListSchema
        .parse((await staff.client.get(`${LOW}?page_size=100&${query}`)).json())
        .results.map((row) => row.variant_id);

    // A SKU's start, typed in any case; the whole SKU; part of the name.
    expect(await idsFor('q=kc-red-905')).toEqual([red.variantId]);
    expect(await idsFor('q=KC-RED-905-750')).toEqual([red.variantId]);
    expect(await idsFor(`q=${encodeURIComponent('kasese cab')}`)).toEqual([red.variantId]);
    expect(await idsFor('q=KC-RED-90')).toEqual(expect.arrayContaining([red.variantId, other.variantId]));
    // LIKE's wildcards are the text itself, and a SKU matches from its start only.
    expect(await idsFor('q=KC-RED-9_5')).toEqual([]);
    expect(await idsFor('q=RED-905')).toEqual([]);
    // The state still applies: the size has stock left, so it is not "out".
    expect(await idsFor('state=out&q=KC-RED-905')).toEqual([]);
    expect(await idsFor('state=low&q=KC-RED-905')).toEqual([red.variantId]);
    // A blank search is no search.
    expect(await idsFor('q=%20%20')).toEqual(expect.arrayContaining([red.variantId, other.variantId]));

    const tooLong = await staff.client.get(`${LOW}?q=${'K'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(422);
    const fields = errorEnvelopeSchema.parse(tooLong.json()).error.fields;
    expect(fields?.map((field) => field.field)).toEqual(['q']);
    expect(fields?.[0]?.message).toMatch(/at most 100 characters/);
  });

  it('tells each staff member once per crossing of the threshold, by hand or by checkout', async () => {
    const admin = await staffMember(harness.app, 'admin');
    const { productId, variantId } = await sizeWithStock(10, 'Crossing Cabernet');
    // 10 → 7: still above the threshold of 6.
    await staff.client.post(movementsOf(variantId), { delta: -3, reason: 'breakage' });
    // 7 → 6: crosses (one notice); 6 → 5: already below, nothing more.
    await staff.client.post(movementsOf(variantId), { delta: -1, reason: 'count_correction' });
    await staff.client.post(movementsOf(variantId), { delta: -1, reason: 'breakage' });
    const first = await staffNotices(staff.userId, variantId, 1);
    expect(first.map((row) => row.title)).toEqual(['Low stock: Crossing Cabernet — 750 ml bottle']);
    expect((await staffNotices(admin.userId, variantId, 1)).length).toBe(1);

    // Restocked above the threshold, then a checkout takes it to zero: a second crossing.
    await staff.client.post(movementsOf(variantId), { delta: 3, reason: 'received' });
    const customer = await signedInCustomer(harness.app);
    await addToCart(customer.client, productId, variantId, 8);
    expect((await customer.client.post(CHECKOUT, checkoutBody(zoneId))).statusCode).toBe(201);
    const both = await staffNotices(staff.userId, variantId, 2);
    expect(both.map((row) => row.title)).toEqual([
      'Low stock: Crossing Cabernet — 750 ml bottle',
      'Out of stock: Crossing Cabernet — 750 ml bottle',
    ]);
    expect(new Set(both.map((row) => row.dedupe_key)).size).toBe(2);
    // A customer hears nothing of it.
    const customers = await pool().query<{ count: number }>(
      "SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND type = 'stock'",
      [customer.userId],
    );
    expect(customers.rows[0]!.count).toBe(0);
    // Nothing further arrives later (each crossing notified once).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await staffNotices(staff.userId, variantId, 3, 0)).toHaveLength(2);
    expect(await staffNotices(admin.userId, variantId, 3, 0)).toHaveLength(2);
  }, 60_000);

  it('notifies once even when the job runs twice', async () => {
    const { notifyLowStock } = await import('./stock.jobs');
    const { variantId } = await sizeWithStock(7, 'Twice Tempranillo');
    const moved = stockMovementResponseSchema.parse(
      (await staff.client.post(movementsOf(variantId), { delta: -2, reason: 'breakage' })).json(),
    );
    await staffNotices(staff.userId, variantId, 1);
    expect(await notifyLowStock(harness.app.db, { movementIds: [moved.movement.id] })).toBe(0);
    expect(await staffNotices(staff.userId, variantId, 2, 0)).toHaveLength(1);
  }, 30_000);
});

describe('restocking', () => {
  it('wakes the back-in-stock wishlist alerts of a sold-out size', async () => {
    const { productId, variantId } = await sizeWithStock(0, 'Waited-for Amarone');
    const customer = await signedInCustomer(harness.app);
    const saved = await customer.client.post('/api/v1/orders/wishlist/', {
      product: productId,
      variant: variantId,
    });
    expect([200, 201]).toContain(saved.statusCode);
    const alerts = () =>
      pool().query<{ kind: string }>(
        'SELECT kind FROM wishlist_alerts WHERE user_id = $1 AND product_id = $2',
        [customer.userId, productId],
      );
    expect((await alerts()).rows).toEqual([]);

    const response = await staff.client.post(movementsOf(variantId), { delta: 6, reason: 'received' });
    expect(response.statusCode).toBe(201);
    expect((await alerts()).rows.map((row) => row.kind)).toContain('back_in_stock');
    const product = await pool().query<{ in_stock: boolean }>('SELECT in_stock FROM products WHERE id = $1', [
      productId,
    ]);
    expect(product.rows[0]!.in_stock).toBe(true);
  });
});
