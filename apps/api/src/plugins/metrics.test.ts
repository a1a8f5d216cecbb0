import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  checkoutBody,
  signedInCustomer,
  stockedProduct,
  zoneBySlug,
} from '../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Tx } from '../db/transaction';
import { repoRoot } from '../lib/paths';
import { changeOrderStatus } from '../modules/orders/order-lifecycle';
import { METRICS_PATH, statementKind } from './metrics';

const TOKEN = 'metrics-test-token-0123456789abcdef';

/** The samples of a Prometheus text page: `name{labels}` → value. */
function samples(page: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of page.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^(\S+?(?:\{.*\})?) (\S+)$/.exec(line);
    if (match) found.set(match[1]!, Number(match[2]));
  }
  return found;
}

let harness: TestApp;

async function scrape(authorization = `Bearer ${TOKEN}`) {
  return harness.app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization } });
}

beforeAll(async () => {
  harness = await createTestApp({ METRICS_TOKEN: TOKEN, AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

describe('/metrics', () => {
  it('refuses a scrape without the token, or with another one, in the error envelope', async () => {
    for (const authorization of ['', `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
      const refused = await scrape(authorization);
      expect(refused.statusCode, authorization).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.json().error.code).toBe('unauthorized');
      expect(refused.body).not.toContain('shop_http_requests_total');
    }
  });

  it('counts requests by route template, method and status, with their latency histogram', async () => {
    const before = samples((await scrape()).body);
    for (let i = 0; i < 3; i += 1) {
      expect((await harness.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    }
    // Unknown URLs (with what could be ids or personal data in them) are one label.
    for (const url of ['/api/v1/orders-nope/1234', '/api/v1/nope?email=someone@example.com']) {
      expect((await harness.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const page = (await scrape()).body;
    const after = samples(page);
    const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);

    expect(delta('shop_http_requests_total{route="/api/v1/health",method="GET",status="200"}')).toBe(3);
    expect(delta('shop_http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(2);
    const histogram = 'shop_http_request_duration_seconds';
    const labels = 'route="/api/v1/health",method="GET"';
    expect(delta(`${histogram}_count{${labels}}`)).toBe(3);
    expect(delta(`${histogram}_bucket{le="+Inf",${labels}}`)).toBe(3);
    expect(delta(`${histogram}_bucket{le="10",${labels}}`)).toBe(3);
    const buckets = [...after]
      .filter(([key]) => key.startsWith(`${histogram}_bucket{`) && key.includes(labels))
      .map(([, value]) => value);
    expect(buckets.length).toBe(12);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(after.get(`${histogram}_sum{${labels}}`)).toBeGreaterThan(0);

    expect(page).not.toContain('orders-nope');
    expect(page).not.toContain('example.com');
    // The scrapes themselves are counted too (the refused ones of the test above).
    expect(after.get(`shop_http_requests_total{route="${METRICS_PATH}",method="GET",status="401"}`)).toBe(5);
    expect(after.get(`shop_http_requests_total{route="${METRICS_PATH}",method="GET",status="200"}`)).toBe(1);
  });

  it("reads the database's figures, the pool, statements, caches and the process", async () => {
    // A job due in an hour waits in its queue.
    await harness.app.jobs.send('orders.expire-unpaid', {}, { startAfter: 3600 });
    // A list page is kept from its second ask: the third is a hit.
    for (let i = 0; i < 3; i += 1)
      await harness.app.inject({ method: 'GET', url: '/api/v1/products/products/' });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const after = samples(response.body);
    expect(after.get('shop_database_up')).toBe(1);
    expect(after.get('shop_job_queue_waiting{queue="orders.expire-unpaid"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('shop_payments_pending{age="over_30m"}')).toBe(0);
    expect(after.get('shop_outbox_messages{channel="sms",state="queued"}')).toBe(0);
    expect(after.has('shop_outbox_messages{channel="email",state="held"}')).toBe(true);
    expect(after.has('shop_db_pool_connections{state="in_use"}')).toBe(true);
    expect(after.get('shop_db_query_duration_seconds_count{kind="select",outcome="ok"}')).toBeGreaterThan(0);
    expect(after.get('shop_cache_lookups_total{cache="catalog",result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('shop_cache_lookups_total{cache="catalog",result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('shop_cache_lookups_total{cache="catalog_index",result="hit"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(after.has('shop_cache_entries{cache="catalog_index"}')).toBe(true);
    expect(after.has('shop_cache_entries{cache="rendered_pages"}')).toBe(true);
    expect(after.get('shop_websocket_connections')).toBe(0);
    expect(after.get('shop_heap_limit_bytes')).toBeGreaterThan(0);
    expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(after.has('process_resident_memory_bytes')).toBe(true);
  });

  it('counts orders placed and paid, and the revenue by payment method', async () => {
    const before = samples((await scrape()).body);
    const customer = await signedInCustomer(harness.app);
    const product = await stockedProduct(harness.database.pool, { price: 150_000, stock: 10 });
    await addToCart(customer.client, product.id, product.variantIds[0]!, 2);
    const zone = await zoneBySlug(harness.database.pool);
    const placed = await customer.client.post(CHECKOUT, checkoutBody(zone.id));
    expect(placed.statusCode).toBe(201);
    const { id, total } = placed.json() as { id: string; total: number };
    // Cash on delivery is paid when it is delivered.
    for (const step of ['processing', 'ready_for_delivery', 'out_for_delivery', 'delivered'] as const) {
      await harness.app.events.transaction<Tx, unknown>(harness.app.db, (tx, outbox) =>
        changeOrderStatus(tx, id, step, { outbox }),
      );
    }
    const after = samples((await scrape()).body);
    const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect(delta('shop_orders_placed_total{method="cash_on_delivery"}')).toBe(1);
    expect(delta('shop_orders_paid_total{method="cash_on_delivery"}')).toBe(1);
    expect(delta('shop_revenue_shillings_total{method="cash_on_delivery"}')).toBe(total);
    expect(total).toBeGreaterThan(300_000);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: 'Bearer x' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('deploy/: the alert rules and the dashboard', () => {
  it('name only metrics the shop exports', async () => {
    const page = (await scrape()).body;
    const exported = new Set([...page.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    const deployed = ['prometheus/kampala-cellars.rules.yml', 'grafana/kampala-cellars-dashboard.json']
      .map((file) => fs.readFileSync(path.join(repoRoot, 'deploy', file), 'utf8'))
      .join('\n');
    const named = new Set(
      [...deployed.matchAll(/(?<![\w:])((?:shop|nodejs|process)_\w+)(?![\w:])/g)].map((match) =>
        match[1]!.replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(named.size).toBeGreaterThan(15);
    expect([...named].filter((name) => !exported.has(name))).toEqual([]);
  });
});

describe('statementKind', () => {
  it('is the first keyword of a known kind, else other', () => {
    expect(statementKind('  SELECT 1')).toBe('select');
    expect(statementKind({ text: 'insert into x values ($1)' })).toBe('insert');
    expect(statementKind('VACUUM')).toBe('other');
    expect(statementKind(undefined)).toBe('other');
  });
});
