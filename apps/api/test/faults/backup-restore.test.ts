import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../src/db/client';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { loadDataDirSecrets } from '../../src/db/secrets';
import { findFreePort } from '../../src/lib/net';
import { insertEvent } from '../../src/modules/events/events.repository';
import { run as backup } from '../../src/scripts/backup';
import type { Manifest } from '../../src/scripts/lib/backup';
import { run as restore } from '../../src/scripts/restore';
import { databaseUrl } from '../database-url';
import { createCategory, createProduct } from '../fixtures/catalog';
import { checkoutBody } from '../fixtures/orders';
import {
  apiCaller,
  checkoutStream,
  ledger,
  newPool,
  type ShopProcess,
  signUpCustomers,
  startShop,
} from './shop-process';

/**
 * `npm run backup` / `npm run restore` on a shop that is taking orders. The shop runs on its
 * embedded PostgreSQL (the default), filled with orders, mobile-money payments, RSVPs and a
 * picture; backups are taken while customers check out:
 *  - physical (the base backup of the running embedded server) under load, restored into a new
 *    data directory: consistent (the stock ledger balances, every order acknowledged before the
 *    backup is there);
 *  - logical (DATABASE_URL pointing at the same server) under load, restored into an empty
 *    database of another PostgreSQL (the tests' server, another major version): the same, and
 *    each table has the rows its snapshot counted;
 *  - physical of the stopped shop (the command starts its server), restored, and the shop
 *    started on it: every table's row
 *    count and a checksum of orders and payments equal the original's, the picture is there,
 *    and a customer's session still works.
 */

const STARTING_STOCK = 5_000;
const quiet = () => undefined;
const t0 = performance.now();
/** Progress on the console: on this shared machine a slow phase is worth seeing. */
const step = (what: string) => console.log(`[backup test] ${Math.round(performance.now() - t0)} ms: ${what}`);

const shops: ShopProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const shop of shops) shop.child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  cleanups.push(() => {
    // A server left running by a failed test: stop it before removing its files.
    const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      try {
        process.kill(Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0]!, 10), 'SIGQUIT');
      } catch {
        // Already gone.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** The embedded server of a running shop's data directory, over TCP. */
function embeddedUrl(dataDir: string) {
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]!;
  const { postgresPassword } = loadDataDirSecrets(dataDir);
  return `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/shop`;
}

/** Runs a command of the scripts with these settings (they read the environment, as from npm). */
async function withEnv<T>(env: Record<string, string | undefined>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  try {
    return await work();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - started)];
}

/** Every shop table's row count, and an order-independent checksum of orders and payments. */
async function fingerprint(pool: pg.Pool) {
  const tables = await pool.query<{ name: string }>(
    "SELECT format('%I', tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    counts[name] = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`)).rows[0]!.n;
  }
  const md5 = async (table: string) =>
    (
      await pool.query<{ sum: string }>(
        `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum FROM ${table} t`,
      )
    ).rows[0]!.sum;
  return { counts, orders: await md5('orders'), payments: await md5('payment_transactions') };
}

async function consistent(pool: pg.Pool, variantId: number, acknowledgedBefore: string[]) {
  const books = await ledger(pool, variantId);
  expect(books.stock + books.bottles).toBe(STARTING_STOCK);
  const present = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[])',
    [acknowledgedBefore],
  );
  expect(present.rows[0]!.n).toBe(acknowledgedBefore.length);
  return books.orders;
}

describe('backup and restore of a running shop', () => {
  it('restores consistent copies taken under load, and an exact one the shop starts on', {
    timeout: 240_000,
  }, async () => {
    const source = tempDir('shop-backup-src-');
    const shop = startShop(await findFreePort(), { DATA_DIR: source, JOBS_ENABLED: 'true' });
    shops.push(shop);
    await shop.ready;
    step('shop ready');
    const sourceUrl = embeddedUrl(source);
    const pool = newPool(sourceUrl);
    cleanups.push(() => pool.end());

    // The shop's contents: a stocked bottle, customers with orders, payments and RSVPs, a picture.
    const category = await createCategory(pool, { name: 'Cognac' });
    const bottle = await createProduct(pool, {
      categoryId: category.id,
      name: 'Hennessy XO',
      price: 650_000,
      stock: STARTING_STOCK,
    });
    const variantId = bottle.variantIds[0]!;
    const zoneId = (
      await pool.query<{ id: number }>("SELECT id FROM delivery_zones WHERE slug = 'central-kampala'")
    ).rows[0]!.id;
    const database = connectDatabase(sourceUrl, 1);
    const event = await insertEvent(database.db, {
      slug: `tasting-${crypto.randomBytes(4).toString('hex')}`,
      title: 'Cognac evening',
      type: 'tasting',
      summary: 'Six cognacs.',
      description: 'A guided tasting.',
      food_pairing: null,
      dress_code: null,
      starts_at: new Date(Date.now() + 7 * 86_400_000),
      ends_at: new Date(Date.now() + 7 * 86_400_000 + 3 * 3_600_000),
      venue_name: 'Tasting room',
      venue_address: 'Kololo, Kampala',
      map_url: null,
      image: null,
      capacity: 20,
      reserved_seats: 0,
      price: 0,
      minimum_age: 21,
      status: 'published',
      published_at: new Date(Date.now() - 86_400_000),
    });
    await database.close();
    fs.mkdirSync(path.join(source, 'media', 'files'), { recursive: true });
    fs.writeFileSync(path.join(source, 'media', 'files', 'hennessy-xo.webp'), crypto.randomBytes(20_000));

    const call = apiCaller(shop.base);
    const tokens = await signUpCustomers(call, 3);
    for (const token of tokens) {
      expect((await call('POST', '/events/rsvps/', token, { event: event.id, guests: 2 })).status).toBe(201);
    }
    // Orders paid by mobile money: each has a payment (a pending transaction with the sandbox).
    const pay = async (token: string) => {
      const added = await call('POST', '/orders/cart/add_item/', token, { product: bottle.id, quantity: 1 });
      if (added.status !== 200)
        throw new Error(`add_item answered ${added.status} ${JSON.stringify(added.body)}`);
      const placed = await call(
        'POST',
        '/orders/cart/checkout/',
        token,
        checkoutBody(zoneId, {
          payment_method: 'mobile_money',
          mobile_money_network: 'MTN',
          payment_phone: '0772123456',
        }),
      );
      if (placed.status !== 201 && placed.status !== 200) {
        throw new Error(`checkout answered ${placed.status} ${JSON.stringify(placed.body)}`);
      }
      const paying = await call('POST', '/payments/flutterwave/complete_mobile_money_payment/', token, {
        order_id: placed.body?.id,
        network: 'MTN',
        phone: '0772123456',
      });
      if (paying.status !== 200)
        throw new Error(`payment answered ${paying.status} ${JSON.stringify(paying.body)}`);
    };
    for (const token of tokens) await pay(token);
    const paid = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_transactions');
    expect(paid.rows[0]!.n).toBe(tokens.length);

    // Write load: checkouts (cash on delivery) and mobile-money orders, until stopped.
    step('filled');
    const stream = checkoutStream({ call, tokens: tokens.slice(0, 2), productId: bottle.id, zoneId });
    let paying = true;
    const payer = (async () => {
      while (paying) await pay(tokens[2]!).catch(() => undefined);
    })();
    while (stream.acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 50));

    const beforePhysical = stream.acknowledged.map((order) => order.orderId);
    const physicalOut = tempDir('shop-backup-physical-');
    fs.rmSync(physicalOut, { recursive: true });
    const [physical, physicalMs] = await timed(() =>
      withEnv({ DATA_DIR: source, DATABASE_URL: undefined }, () => backup(['--out', physicalOut], quiet)),
    );
    const beforeLogical = stream.acknowledged.map((order) => order.orderId);
    const logicalOut = tempDir('shop-backup-logical-');
    fs.rmSync(logicalOut, { recursive: true });
    const [logical, logicalMs] = await timed(() =>
      withEnv({ DATA_DIR: source, DATABASE_URL: sourceUrl }, () => backup(['--out', logicalOut], quiet)),
    );
    const duringLoad = stream.acknowledged.length;
    paying = false;
    await Promise.all([stream.stop(), payer]);
    expect(stream.acknowledged.length).toBeGreaterThan(beforePhysical.length);
    expect(physical.format).toBe('physical');
    expect(logical.format).toBe('logical');

    step('backed up under load');
    // Physical, under load → a new data directory; the restore starts the server once (WAL replay).
    const restoredPhysical = tempDir('shop-restore-physical-');
    const [, restorePhysicalMs] = await timed(() =>
      withEnv({ DATA_DIR: restoredPhysical, DATABASE_URL: undefined }, () => restore([physicalOut], quiet)),
    );

    // Logical, under load → an empty database on the tests' PostgreSQL.
    const adminUrl = inject('adminDatabaseUrl');
    const name = `shop_restore_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });
    const logicalUrl = databaseUrl(adminUrl, name);
    const restoredLogicalDir = tempDir('shop-restore-logical-');
    const [, restoreLogicalMs] = await timed(() =>
      withEnv({ DATA_DIR: restoredLogicalDir, DATABASE_URL: logicalUrl }, () => restore([logicalOut], quiet)),
    );
    const logicalPool = newPool(logicalUrl);
    cleanups.push(() => logicalPool.end());
    await consistent(logicalPool, variantId, beforeLogical);
    const logicalCounts = (await fingerprint(logicalPool)).counts;
    for (const [table, rows] of Object.entries((logical as Manifest).tables ?? {})) {
      expect(logicalCounts[table.replace(/^public\./, '')], table).toBe(rows);
    }
    expect(fs.existsSync(path.join(restoredLogicalDir, 'media', 'files', 'hennessy-xo.webp'))).toBe(true);

    // The shop stopped: `npm run backup` starts its server for the backup, and the restore must
    // equal it exactly.
    step('backups under load restored and checked');
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    const exactOut = tempDir('shop-backup-exact-');
    fs.rmSync(exactOut, { recursive: true });
    await withEnv({ DATA_DIR: source, DATABASE_URL: undefined }, () => backup(['--out', exactOut], quiet));
    const stopped = await startEmbeddedPostgres({
      dataDir: source,
      password: loadDataDirSecrets(source).postgresPassword,
      log: { info: quiet, warn: quiet },
    });
    const stoppedPool = newPool(stopped.url);
    const original = await fingerprint(stoppedPool);
    await stoppedPool.end();
    await stopped.stop();
    step('stopped shop backed up');
    const restoredExact = tempDir('shop-restore-exact-');
    await withEnv({ DATA_DIR: restoredExact, DATABASE_URL: undefined }, () => restore([exactOut], quiet));

    // The copy taken under load, on its own server (the restore already replayed its WAL).
    const underLoad = await startEmbeddedPostgres({
      dataDir: restoredPhysical,
      password: loadDataDirSecrets(restoredPhysical).postgresPassword,
      log: { info: quiet, warn: quiet },
    });
    const physicalPool = newPool(underLoad.url);
    const physicalOrders = await consistent(physicalPool, variantId, beforePhysical);
    expect(physicalOrders).toBeGreaterThanOrEqual(beforePhysical.length);
    await physicalPool.end();
    await underLoad.stop();

    // The shop starts on the exact copy.
    const exactShop = startShop(await findFreePort(), { DATA_DIR: restoredExact, JOBS_ENABLED: 'false' });
    shops.push(exactShop);
    await exactShop.ready;
    step('shop on the restored copy ready');
    const exactPool = newPool(embeddedUrl(restoredExact));
    cleanups.push(() => exactPool.end());
    expect(await fingerprint(exactPool)).toEqual(original);
    expect(fs.readFileSync(path.join(restoredExact, 'media', 'files', 'hennessy-xo.webp'))).toEqual(
      fs.readFileSync(path.join(source, 'media', 'files', 'hennessy-xo.webp')),
    );
    // Same secrets, same sessions: a customer signed in before the backup is still signed in.
    const restoredCall = apiCaller(exactShop.base);
    expect((await restoredCall('GET', '/ready', null)).status).toBe(200);
    const mine = await restoredCall('GET', '/events/rsvps/', tokens[0]!);
    expect(mine.status).toBe(200);

    console.log(
      `[backup] demo shop (${original.counts.orders} orders, ${original.counts.payment_transactions} payments, ` +
        `${original.counts.rsvps ?? '?'} RSVPs), under load of ${duringLoad} acknowledged checkouts: ` +
        `physical backup ${(physical.bytes / 1e6).toFixed(1)} MB in ${physicalMs} ms, restore ${restorePhysicalMs} ms ` +
        `(with WAL replay); logical backup ${(logical.bytes / 1e6).toFixed(2)} MB in ${logicalMs} ms, ` +
        `restore into PostgreSQL ${logical.serverVersion} → another server ${restoreLogicalMs} ms`,
    );
  });
});
