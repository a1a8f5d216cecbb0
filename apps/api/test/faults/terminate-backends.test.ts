import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../../src/lib/net';
import { createCategory, createProduct } from '../fixtures/catalog';
import { createTestDatabase } from '../test-database';
import {
  apiCaller,
  checkoutStream,
  diagnosis,
  ledger,
  newPool,
  type ShopProcess,
  signUpCustomers,
  startShop,
  timeUntil,
} from './shop-process';

/**
 * Every backend of the shop's database terminated (`pg_terminate_backend`, what an operator or a
 * failover does), several times, under a stream of checkouts and reads through the real server
 * in a child process. The process lives, answers 503 with the envelope and Retry-After while its
 * connections are gone, serves again at once, and no acknowledged order is lost or doubled.
 */

const STARTING_STOCK = 5_000;
const CUSTOMERS = 6;
const TERMINATIONS = 4;

const shops: ShopProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const shop of shops) shop.child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('terminating every backend of the database under load', () => {
  it('keeps the API alive, loses or doubles no order, and serves again within 10 s', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const pool = newPool(database.url);
    cleanups.push(() => pool.end());
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    admin.on('error', () => undefined);
    await admin.connect();
    cleanups.push(() => admin.end());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fault-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    const category = await createCategory(pool, { name: 'Champagne' });
    const wine = await createProduct(pool, {
      categoryId: category.id,
      name: 'Krug Grande Cuvée',
      price: 120_000,
      stock: STARTING_STOCK,
    });
    const zoneId = (
      await pool.query<{ id: number }>("SELECT id FROM delivery_zones WHERE slug = 'central-kampala'")
    ).rows[0]!.id;

    const shop = startShop(await findFreePort(), { DATABASE_URL: database.url, DATA_DIR: dataDir });
    shops.push(shop);
    await shop.ready;
    const call = apiCaller(shop.base);
    const tokens = await signUpCustomers(call, CUSTOMERS);

    const listeners = async () =>
      (
        await admin.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN%'",
          [database.name],
        )
      ).rows[0]!.n;
    await timeUntil(async () => (await listeners()) >= 2, 10_000);
    const listenersBefore = await listeners();

    const stream = checkoutStream({ call, tokens, productId: wine.id, zoneId });
    await timeUntil(
      async () => stream.acknowledged.length >= 10,
      20_000,
      () => diagnosis(shop, stream.outcomes),
    );

    for (let round = 0; round < TERMINATIONS; round++) {
      const terminated = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database.name],
      );
      if (round === 0) expect(terminated.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const ackedBeforeRecovery = stream.acknowledged.length;
    const explain = () => diagnosis(shop, stream.outcomes);
    const readyMs = await timeUntil(
      async () => (await call('GET', '/ready', null)).status === 200,
      10_000,
      explain,
    );
    const checkoutMs = await timeUntil(
      async () => stream.acknowledged.length > ackedBeforeRecovery,
      10_000,
      explain,
    );
    const listenMs = await timeUntil(async () => (await listeners()) >= listenersBefore, 10_000, explain);
    await stream.stop();
    console.log(
      `[faults] terminate-backends: ${TERMINATIONS} rounds; ready again after ${readyMs} ms, ` +
        `next acknowledged checkout after ${checkoutMs} ms, LISTEN back after ${listenMs} ms; ` +
        `${stream.acknowledged.length} orders acknowledged, ${stream.cut.size} checkouts cut`,
    );

    expect(shop.alive()).toBe(true);
    expect((await call('GET', '/health', null)).status).toBe(200);
    // Only successes or an honest "come back shortly", never a 500 or a dropped connection.
    const failures = stream.outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201);
    for (const failure of failures) {
      expect(failure).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(Number(failure.retryAfter)).toBeGreaterThan(0);
    }

    // Checkouts still unsettled at the stop, retried with their idempotency key.
    for (const lost of stream.pending) {
      const retried = await call('POST', '/orders/cart/checkout/', lost.token, lost.body);
      expect([200, 201], JSON.stringify(retried.body)).toContain(retried.status);
      stream.acknowledged.push({ ...lost, orderId: retried.body?.id as string });
    }
    // A cut checkout, asked again with its key, answers the one order it placed.
    for (const order of stream.acknowledged.filter((placed) => stream.cut.has(placed.body.idempotency_key))) {
      const again = await call('POST', '/orders/cart/checkout/', order.token, order.body);
      expect(again.status).toBe(200);
      expect(again.body?.id).toBe(order.orderId);
    }

    // Every acknowledged order exists; every key placed exactly one order.
    const acknowledgedIds = stream.acknowledged.map((order) => order.orderId);
    const found = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE id = ANY($1)',
      [acknowledgedIds],
    );
    expect(found.rows[0]!.n).toBe(acknowledgedIds.length);
    const keys = stream.acknowledged.map((order) => order.body.idempotency_key);
    const perKey = await pool.query<{ key: string; n: number }>(
      'SELECT idempotency_key AS key, count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1) GROUP BY 1',
      [keys],
    );
    expect(perKey.rows).toHaveLength(keys.length);
    expect(perKey.rows.every((row) => row.n === 1)).toBe(true);
    expect(stream.cut.size).toBeGreaterThan(0);

    const after = await ledger(pool, wine.variantIds[0]!);
    expect(after.stock + after.bottles).toBe(STARTING_STOCK);
    expect(after.orders).toBe(keys.length);

    expect(readyMs).toBeLessThan(10_000);
    shop.child.kill('SIGTERM');
    expect(await shop.exited, diagnosis(shop)).toBe(0);
  }, 60_000);
});
