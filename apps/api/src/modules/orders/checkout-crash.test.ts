import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import { checkoutBody } from '../../../test/fixtures/orders';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { findFreePort } from '../../lib/net';
import { apiRoot } from '../../lib/paths';

/**
 * The real server process killed (SIGKILL, no chance to clean up) in the middle of a stream of
 * checkouts, then started again on the same database: every order a client was told about is
 * there, whole, and the bottles add up: stock + ordered = stock at the start. A checkout whose
 * answer was lost is retried with its idempotency key and places its order at most once.
 */

const STARTING_STOCK = 5_000;
const CUSTOMERS = 16;

type Server = { child: ChildProcess; exited: Promise<number | null>; ready: Promise<void> };

function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src', 'server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_ENABLED: 'false',
      AUTH_TEST_FAST_HASHING: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    // Keep only the tail: a stream of checkouts logs a lot.
    output = (output + chunk).slice(-20_000);
  });
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is ready in')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited before it was ready:\n${output}`));
    });
  });
  ready.catch(() => undefined);
  return { child, exited, ready };
}

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Acknowledged = { orderId: string; token: string; bottles: number; total: number };

describe('a server killed during a stream of checkouts', () => {
  it('keeps every acknowledged order, and stock + ordered bottles = the stock at the start', async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    const pool = new pg.Pool({ connectionString: database.url, max: 3 });
    cleanups.push(() => pool.end());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    const category = await createCategory(pool, { name: 'Champagne' });
    const wine = await createProduct(pool, {
      categoryId: category.id,
      name: 'Krug Grande Cuvée',
      price: 120_000,
      stock: STARTING_STOCK,
    });
    const variantId = wine.variantIds[0]!;
    const zone = (
      await pool.query<{ id: number }>("SELECT id FROM delivery_zones WHERE slug = 'central-kampala'")
    ).rows[0]!.id;

    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: database.url, PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir };
    const first = startServer(env);
    children.push(first.child);
    await first.ready;

    const call = async (method: string, url: string, token: string | null, body?: unknown) => {
      const response = await fetch(`${base}/api/v1${url}`, {
        method,
        headers: {
          origin: base,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as Record<string, unknown>,
      };
    };

    const tokens: string[] = [];
    for (let index = 0; index < CUSTOMERS; index++) {
      const email = `crash.${crypto.randomUUID()}@example.ug`;
      const password = 'correct horse battery staple';
      const signUp = await call('POST', '/auth/sign-up/email', null, {
        name: `Buyer ${index}`,
        email,
        password,
        date_of_birth: '1988-03-04',
      });
      expect(signUp.status).toBe(200);
      const signIn = await call('POST', '/auth/sign-in/email', null, { email, password });
      expect(signIn.status).toBe(200);
      tokens.push(signIn.body.token as string);
    }

    // Each customer fills a cart and checks out, again and again, until the server dies.
    const acknowledged: Acknowledged[] = [];
    const inFlight: Array<{ token: string; body: ReturnType<typeof checkoutBody> }> = [];
    let killed = false;
    const stream = tokens.map(async (token, index) => {
      let round = 0;
      while (!killed) {
        round += 1;
        const bottles = 1 + ((index + round) % 3);
        const body = checkoutBody(zone);
        try {
          const added = await call('POST', '/orders/cart/add_item/', token, {
            product: wine.id,
            quantity: bottles,
          });
          if (added.status !== 200) throw new Error(`add_item answered ${added.status}`);
          const placed = await call('POST', '/orders/cart/checkout/', token, body).catch((error: unknown) => {
            inFlight.push({ token, body });
            throw error;
          });
          expect(placed.status).toBe(201);
          acknowledged.push({
            orderId: placed.body.id as string,
            token,
            bottles: placed.body.item_count as number,
            total: placed.body.total as number,
          });
        } catch (error) {
          if (!killed) throw error;
          return;
        }
      }
    });

    // Kill it mid-stream, once enough orders have been acknowledged.
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 60 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(stream);
    expect(await first.exited).toBeNull();
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const second = startServer(env);
    children.push(second.child);
    await second.ready;

    // Every acknowledged order is there, whole, for its customer.
    for (const order of acknowledged) {
      const response = await call('GET', `/orders/orders/${order.orderId}/`, order.token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        item_count: order.bottles,
        total: order.total,
        status: 'confirmed',
      });
      expect(response.body.invoice_number).toMatch(/^INV-\d{6}$/);
    }

    const ledger = async () => {
      const stock = (
        await pool.query<{ stock: number }>('SELECT stock FROM product_variants WHERE id = $1', [variantId])
      ).rows[0]!.stock;
      const ordered = (
        await pool.query<{ bottles: number; orders: number }>(
          `SELECT COALESCE(sum(oi.quantity), 0)::int AS bottles, count(DISTINCT o.id)::int AS orders
           FROM order_items oi JOIN orders o ON o.id = oi.order_id
           WHERE oi.variant_id = $1 AND o.stock_released_at IS NULL`,
          [variantId],
        )
      ).rows[0]!;
      return { stock, ...ordered };
    };
    const afterCrash = await ledger();
    expect(afterCrash.stock + afterCrash.bottles).toBe(STARTING_STOCK);
    // Orders committed whose answer never arrived may exist, but never fewer than acknowledged.
    expect(afterCrash.orders).toBeGreaterThanOrEqual(acknowledged.length);
    expect(afterCrash.orders).toBeLessThanOrEqual(acknowledged.length + inFlight.length);

    // The checkouts whose answer was lost, retried with the same key: at most one order each.
    for (const lost of inFlight) {
      const retried = await call('POST', '/orders/cart/checkout/', lost.token, lost.body);
      expect([200, 201]).toContain(retried.status);
      const again = await call('POST', '/orders/cart/checkout/', lost.token, lost.body);
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(retried.body.id);
    }
    const afterRetries = await ledger();
    expect(afterRetries.stock + afterRetries.bottles).toBe(STARTING_STOCK);
    expect(afterRetries.orders).toBe(acknowledged.length + inFlight.length);

    // Invoice numbers have no gap, one per order.
    const invoices = (
      await pool.query<{ n: number }>(
        'SELECT substring(invoice_number, 5)::int AS n FROM invoices ORDER BY 1',
      )
    ).rows.map((row) => row.n);
    expect(invoices).toEqual(Array.from({ length: afterRetries.orders }, (_, index) => index + 1));

    // No order lacks its confirmation e-mail: sent, or its job (written with the order) is queued.
    const withoutEmail = await pool.query(
      `SELECT o.id FROM orders o
       WHERE o.confirmation_email_sent_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM pgboss.job j
                         WHERE j.name = 'orders.confirmation-email' AND j.data->>'orderId' = o.id::text)`,
    );
    expect(withoutEmail.rows).toEqual([]);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
