import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { WS_INITIAL_RECONNECT_DELAY_MS, WS_MAX_RECONNECT_DELAY_MS } from '@shop/contract/constants';
import { NOTIFICATIONS_SOCKET_PATH, SOCKET_CLOSE_CODES } from '@shop/contract/notification-constants';
import type { ServerSocketMessage } from '@shop/contract/notifications';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { findFreePort } from '../../src/lib/net';
import { apiRoot } from '../../src/lib/paths';
import { createCategory, createProduct } from '../fixtures/catalog';
import { checkoutBody } from '../fixtures/orders';
import { createTestDatabase } from '../test-database';
import { NGINX_BINARY, type NginxProxy, startNginx } from './nginx-proxy';
import {
  type Answer,
  apiCaller,
  ledger,
  newPool,
  type ShopProcess,
  signUpCustomers,
  startShop,
  timeUntil,
} from './shop-process';

/**
 * The rolling-restart drill (issue 23): three instances of the real server behind a real nginx
 * configured from deploy/, one PostgreSQL. While customers browse, add to their carts, check out
 * and keep their notification sockets open through nginx, each instance in turn gets SIGTERM,
 * exits, starts again and is waited for until /ready. Measured and required:
 *
 * - no request fails: a stopping instance refuses new connections (nginx tries the next one) and
 *   finishes the requests it has;
 * - every acknowledged order is stored once per idempotency key, and the bottles add up;
 * - every socket closed by a restart reconnects and, like the storefront, reads what it missed:
 *   no notification written meanwhile is missing;
 * - the unpaid-order expiry, scheduled every minute on every instance, cancels each due order
 *   exactly once.
 *
 * Loopback only, bounded: CUSTOMERS buyers and READERS anonymous readers, at most MAX_REQUESTS
 * requests, stopped after the last restart's STREAM_AFTER_MS.
 */

const CUSTOMERS = 6;
const READERS = 2;
const STARTING_STOCK = 10_000;
const UNPAID_ORDERS = 3;
const MAX_REQUESTS = 20_000;
const STREAM_AFTER_MS = 3_000;
const INSTANCES = 3;
/** A start of the server took 50-80 s on the shared two-core machine at load average 20-25. */
const START_LIMIT_MS = 120_000;

const shops: Array<ShopProcess | null> = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const shop of shops) shop?.child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Progress lines: a stuck drill shows where it stopped. */
const began = performance.now();
const step = (what: string) => console.log(`[drill] ${Math.round(performance.now() - began)} ms: ${what}`);

/** `promise`, or an error naming `what` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms: ${what()}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Failure = { at: number; method: string; url: string; status: number | string; body?: unknown };

/**
 * Every request of the drill goes through here: counted, timed, and kept when it fails. A
 * request may wait as long as nginx waits for an instance (proxy_read_timeout, 60 s): on the
 * shared machine a cold instance's first answers are slow, and slow is not lost.
 */
function recordingCaller(base: string) {
  const figures = { requests: 0, failures: [] as Failure[], slowestMs: 0 };
  const request = async (
    method: string,
    url: string,
    token: string | null,
    body?: unknown,
  ): Promise<Answer | null> => {
    figures.requests += 1;
    const started = performance.now();
    const at = Math.round(started - began);
    let answer: Answer;
    try {
      const response = await fetch(`${base}/api/v1${url}`, {
        method,
        headers: {
          origin: base,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(60_000),
      });
      answer = {
        status: response.status,
        body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      figures.failures.push({ at, method, url, status: `no answer (${(error as Error).message})` });
      return null;
    } finally {
      figures.slowestMs = Math.max(figures.slowestMs, Math.round(performance.now() - started));
    }
    if (answer.status < 200 || answer.status >= 300) {
      figures.failures.push({ at, method, url, status: answer.status, body: answer.body });
    }
    return answer;
  };
  return { request, figures };
}

type Request = ReturnType<typeof recordingCaller>['request'];

/**
 * A customer's notification socket, as the storefront keeps it (features/notifications): it
 * reconnects after 1 s, 2 s, 4 s… when it drops, and after a drop reads the list again for what
 * it missed. It reads once the server has taken it in (its first `notification_update`, sent
 * after the socket joined the instance's fan-out), so that nothing falls between the read and
 * the registration; a `read_ids: null` update (the instance lost its database listener) asks
 * for the same read.
 */
class DrillSocket {
  readonly received = new Set<string>();
  live = 0;
  fetched = 0;
  reconnects = 0;
  finalClose: number | null = null;
  #socket: WebSocket | null = null;
  #stopped = false;
  #attempts = 0;
  #admitted = false;
  #catchingUp: Promise<void> = Promise.resolve();
  #firstAdmission: () => void = () => undefined;
  readonly admitted: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly origin: string,
    private readonly token: string,
    private readonly request: Request,
  ) {
    this.admitted = new Promise((resolve) => {
      this.#firstAdmission = resolve;
    });
    this.#connect();
  }

  get open(): boolean {
    return this.#admitted && this.#socket?.readyState === WebSocket.OPEN;
  }

  #connect() {
    this.#admitted = false;
    const socket = new WebSocket(this.url, {
      headers: { authorization: `Bearer ${this.token}`, origin: this.origin },
    });
    this.#socket = socket;
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerSocketMessage;
      if (message.type === 'notification') {
        if (!this.received.has(message.notification.id)) this.live += 1;
        this.received.add(message.notification.id);
        return;
      }
      if (!this.#admitted) {
        this.#admitted = true;
        this.#attempts = 0;
        this.#firstAdmission();
        this.#catchUp();
      } else if (message.read_ids === null) {
        this.#catchUp();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (this.#socket !== socket || this.#stopped) return;
      this.#socket = null;
      if (code === SOCKET_CLOSE_CODES.unauthorized || code === SOCKET_CLOSE_CODES.sessionEnded) {
        this.finalClose = code;
        return;
      }
      this.reconnects += 1;
      this.#attempts += 1;
      const delay = Math.min(
        WS_INITIAL_RECONNECT_DELAY_MS * 2 ** (this.#attempts - 1),
        WS_MAX_RECONNECT_DELAY_MS,
      );
      setTimeout(() => {
        if (!this.#stopped) this.#connect();
      }, delay);
    });
  }

  /** Newest first, page after page, until a page brings nothing new (or the list ends). */
  #catchUp() {
    this.#catchingUp = this.#catchingUp.then(async () => {
      for (let page = 1; ; page++) {
        const answer = await this.request('GET', `/notifications/?page=${page}&page_size=50`, this.token);
        if (answer?.status !== 200) return;
        const results = answer.body?.results as Array<{ id: string }>;
        let fresh = 0;
        for (const { id } of results) {
          if (this.received.has(id)) continue;
          this.received.add(id);
          fresh += 1;
        }
        this.fetched += fresh;
        if (fresh === 0 || answer.body?.next === null) return;
      }
    });
  }

  async settled(): Promise<void> {
    await this.#catchingUp;
  }

  stop() {
    this.#stopped = true;
    this.#socket?.close(1000, 'Leaving');
  }
}

/** Customers browse, add a bottle or two, check out (retrying with the same key), again and again. */
function customerStream(options: {
  request: Request;
  tokens: string[];
  product: { id: number; slug: string };
  zoneId: number;
}) {
  const { request, tokens, product, zoneId } = options;
  const acknowledged: Array<{ token: string; key: string; orderId: string; body: object }> = [];
  let stopped = false;
  let requests = 0;
  const going = () => !stopped && requests < MAX_REQUESTS;
  const ask: Request = (...args) => {
    requests += 1;
    return request(...args);
  };

  const buyers = tokens.map(async (token, index) => {
    let round = 0;
    while (going()) {
      round += 1;
      await ask('GET', `/products/products/?page=${1 + (round % 2)}&page_size=12`, token);
      await ask('GET', `/products/products/${product.slug}/`, token);
      const added = await ask('POST', '/orders/cart/add_item/', token, {
        product: product.id,
        quantity: 1 + ((index + round) % 2),
      });
      if (added?.status !== 200) {
        await pause(100);
        continue;
      }
      await ask('GET', '/orders/cart/my_cart/', token);
      const body = checkoutBody(zoneId);
      // A checkout without an answer is sent again with the same key, as the storefront does.
      for (let attempt = 0; attempt < 20; attempt++) {
        const placed = await ask('POST', '/orders/cart/checkout/', token, body);
        if (placed && placed.status >= 200 && placed.status < 300) {
          acknowledged.push({ token, key: body.idempotency_key, orderId: placed.body?.id as string, body });
          break;
        }
        await pause(200);
      }
      await pause(100 + ((index * 37) % 100));
    }
  });
  const readers = Array.from({ length: READERS }, async (_, index) => {
    let round = 0;
    while (going()) {
      round += 1;
      await ask('GET', `/products/products/?page=${1 + ((round + index) % 3)}&page_size=24`, null);
      await pause(50);
    }
  });
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all([...buyers, ...readers]);
    },
  };
}

/**
 * Signs in through nginx from another loopback address (127.0.0.2), with an X-Forwarded-For of
 * the client's own choosing: answers the session's token.
 */
function signInFrom(base: string, localAddress: string, credentials: { email: string; password: string }) {
  const url = new URL(`${base}/api/v1/auth/sign-in/email`);
  const payload = JSON.stringify(credentials);
  return new Promise<{ status: number; token?: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: base,
          'x-forwarded-for': '203.0.113.9',
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            token: (JSON.parse(body) as { token?: string }).token,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** What one scrape of an instance's /metrics said. */
type Scrape = { startedAt: number; requests: number };

/**
 * Scrapes each instance's /metrics directly (as Prometheus does, not through nginx) every
 * `everyMs` until stopped. Requests are summed over every route but /metrics and /ready, which the
 * drill sends to the instances directly.
 */
function metricsScraper(ports: number[], token: string, everyMs: number) {
  const series: Scrape[][] = ports.map(() => []);
  let stopped = false;
  const scrapeOnce = async (index: number) => {
    const response = await fetch(`http://127.0.0.1:${ports[index]}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(2_000),
    }).catch(() => null);
    if (response?.status !== 200) return;
    let startedAt = 0;
    let requests = 0;
    for (const line of (await response.text()).split('\n')) {
      if (line.startsWith('process_start_time_seconds ')) startedAt = Number(line.split(' ')[1]);
      const request = /^shop_http_requests_total\{route="([^"]*)",.*\} (\d+)$/.exec(line);
      if (request && request[1] !== '/metrics' && request[1] !== '/api/v1/ready')
        requests += Number(request[2]);
    }
    series[index]!.push({ startedAt, requests });
  };
  const loop = (async () => {
    while (!stopped) {
      await Promise.all(ports.map((_, index) => scrapeOnce(index)));
      await pause(everyMs);
    }
  })();
  return {
    series,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/**
 * A counter's increase over its samples as Prometheus's increase() takes it: a value lower than
 * the one before is a reset (the process started again), and counts from zero.
 */
function resetAwareIncrease(values: number[]): number {
  let total = 0;
  for (let index = 1; index < values.length; index++) {
    const [before, now] = [values[index - 1]!, values[index]!];
    total += now >= before ? now - before : now;
  }
  return total;
}

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.skipIf(!NGINX_BINARY)('rolling restart of three instances behind nginx', () => {
  it('loses no request, no order and no notification, and runs the expiry once', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const pool: pg.Pool = newPool(database.url);
    cleanups.push(() => pool.end());

    const category = await createCategory(pool, { name: 'Gin' });
    const bottle = await createProduct(pool, {
      categoryId: category.id,
      name: 'Uganda Waragi Premium',
      price: 45_000,
      stock: STARTING_STOCK,
    });
    const variantId = bottle.variantIds[0]!;
    const zoneId = (
      await pool.query<{ id: number }>("SELECT id FROM delivery_zones WHERE slug = 'central-kampala'")
    ).rows[0]!.id;

    const proxyPort = await findFreePort();
    const ports: number[] = [];
    for (let index = 0; index < INSTANCES; index++) ports.push(await findFreePort());
    const nginx: NginxProxy = await startNginx(proxyPort, ports);
    cleanups.push(() => nginx.stop());

    // What every instance shares (deploy/env.example): the database and the secrets.
    const shared = {
      DATABASE_URL: database.url,
      PUBLIC_URL: nginx.base,
      TRUST_PROXY: 'true',
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      JOBS_ENABLED: 'true',
      SHUTDOWN_TIMEOUT_MS: '20000',
      METRICS_TOKEN: crypto.randomBytes(24).toString('hex'),
    };
    const dataDirs = ports.map(() => tempDir('shop-drill-data-'));
    // The production bundle, as the systemd unit runs it (and faster to start than tsx).
    const bundleDir = path.join(apiRoot, 'dist', `drill-${crypto.randomBytes(4).toString('hex')}`);
    cleanups.push(() => fs.rmSync(bundleDir, { recursive: true, force: true }));
    execFileSync(process.execPath, ['build.mjs', bundleDir], { cwd: apiRoot, stdio: 'inherit' });
    const bundle = path.join(bundleDir, 'server.js');
    const start = (index: number) =>
      startShop(ports[index]!, { ...shared, DATA_DIR: dataDirs[index]! }, bundle);
    const ready = async (index: number) => {
      await within(shops[index]!.ready, START_LIMIT_MS, () => shops[index]!.output().slice(-3000));
      await timeUntil(
        async () => (await fetch(`http://127.0.0.1:${ports[index]}/api/v1/ready`)).status === 200,
        START_LIMIT_MS,
        () => shops[index]!.output().slice(-3000),
      );
    };
    for (let index = 0; index < INSTANCES; index++) shops.push(start(index));
    await Promise.all(shops.map((_, index) => ready(index)));
    step(`${INSTANCES} instances ready behind nginx`);
    // Prometheus's view of the instances through the restarts (deploy/prometheus.yml: 15 s; here
    // often, so that each restart falls between two scrapes).
    const scraper = metricsScraper(ports, shared.METRICS_TOKEN, 250);
    cleanups.push(() => scraper.stop());

    const { request, figures } = recordingCaller(nginx.base);
    const tokens = await signUpCustomers(apiCaller(nginx.base), CUSTOMERS);

    // The client's address is nginx's view of it (TRUST_PROXY with the X-Forwarded-For nginx
    // sets), not the instance's peer (nginx) nor a header the client made up: what the rate
    // limits and the sessions' records key on.
    const credentials = {
      email: `drill.${crypto.randomUUID()}@example.ug`,
      password: 'correct horse battery staple',
    };
    const signUp = await apiCaller(nginx.base)('POST', '/auth/sign-up/email', null, {
      name: 'Far Away',
      ...credentials,
      date_of_birth: '1988-03-04',
    });
    expect(signUp.status).toBe(200);
    const farAway = await signInFrom(nginx.base, '127.0.0.2', credentials);
    expect(farAway.status).toBe(200);
    const seenFrom = await pool.query<{ ip_address: string }>(
      'SELECT ip_address FROM sessions WHERE token = $1',
      [farAway.token],
    );
    expect(seenFrom.rows[0]?.ip_address).toBe('127.0.0.2');

    // Unpaid mobile-money orders, due now: the every-minute expiry must cancel each once,
    // whichever instance runs the slot and whichever instance is restarting meanwhile.
    const unpaid: string[] = [];
    for (const token of tokens.slice(0, UNPAID_ORDERS)) {
      const added = await request('POST', '/orders/cart/add_item/', token, {
        product: bottle.id,
        quantity: 1,
      });
      expect(added?.status).toBe(200);
      const placed = await request(
        'POST',
        '/orders/cart/checkout/',
        token,
        checkoutBody(zoneId, {
          payment_method: 'mobile_money',
          mobile_money_network: 'MTN',
          payment_phone: '0772 123456',
        }),
      );
      expect(placed?.status, JSON.stringify(placed?.body)).toBe(201);
      unpaid.push(placed?.body?.id as string);
    }
    await pool.query("UPDATE orders SET payment_due_at = now() - interval '1 second' WHERE id = ANY($1)", [
      unpaid,
    ]);

    step('customers signed up, unpaid orders placed');
    const socketUrl = `${nginx.base.replace('http', 'ws')}/api/v1${NOTIFICATIONS_SOCKET_PATH}`;
    const sockets = tokens.map((token) => new DrillSocket(socketUrl, nginx.base, token, request));
    cleanups.push(() => {
      for (const socket of sockets) socket.stop();
    });
    await within(
      Promise.all(sockets.map((socket) => socket.admitted)),
      20_000,
      () => `sockets not admitted; ${shops.map((shop) => shop!.output().slice(-1500)).join('\n---\n')}`,
    );
    step('sockets admitted');

    const stream = customerStream({ request, tokens, product: bottle, zoneId });
    const drillStarted = performance.now();
    await timeUntil(
      async () => stream.acknowledged.length >= CUSTOMERS,
      30_000,
      () => JSON.stringify(figures.failures.slice(-5)),
    );

    step(`${stream.acknowledged.length} orders acknowledged before the first restart`);
    const restarts: Array<{ stopMs: number; startMs: number; from: number; to: number }> = [];
    for (let index = 0; index < INSTANCES; index++) {
      const stopping = performance.now();
      const from = Math.round(stopping - began);
      const shop = shops[index]!;
      shop.child.kill('SIGTERM');
      const exitCode = await within(shop.exited, 30_000, () => shop.output().slice(-3000));
      const stopMs = Math.round(performance.now() - stopping);
      expect(exitCode, shop.output().slice(-4000)).toBe(0);
      const starting = performance.now();
      shops[index] = start(index);
      await ready(index);
      step(`instance ${index + 1} restarted`);
      restarts.push({
        stopMs,
        startMs: Math.round(performance.now() - starting),
        from,
        to: Math.round(performance.now() - began),
      });
      // Let the restarted instance take its share before the next one goes.
      await pause(1_500);
    }
    await pause(STREAM_AFTER_MS);
    await within(stream.stop(), 30_000, () => 'the customers did not stop');
    await pause(500);
    await scraper.stop();
    step('customers stopped');
    const drillMs = Math.round(performance.now() - drillStarted);

    // Sockets: every one open again, then the notifications written until now are all known.
    await timeUntil(
      async () => sockets.every((socket) => socket.open),
      20_000,
      () => JSON.stringify(sockets.map((socket) => ({ open: socket.open, final: socket.finalClose }))),
    );
    // The expiry's slot comes once a minute: wait for it if it has not come yet.
    await timeUntil(
      async () =>
        (
          await pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND status = 'cancelled'",
            [unpaid],
          )
        ).rows[0]!.n === UNPAID_ORDERS,
      75_000,
    );
    await pause(1_000);
    await Promise.all(sockets.map((socket) => socket.settled()));

    let stored = 0;
    let missed = 0;
    for (const [index, token] of tokens.entries()) {
      const userId = (
        await pool.query<{ user_id: string }>('SELECT user_id FROM sessions WHERE token = $1', [token])
      ).rows[0]?.user_id;
      expect(userId).toBeDefined();
      const ids = (
        await pool.query<{ id: string }>('SELECT id FROM notifications WHERE user_id = $1', [userId])
      ).rows.map((row) => row.id);
      stored += ids.length;
      missed += ids.filter((id) => !sockets[index]!.received.has(id)).length;
    }

    // Orders: each acknowledged key is one stored order, the one acknowledged; nothing else stored.
    const keys = stream.acknowledged.map((order) => order.key);
    const perKey = await pool.query<{ id: string; n: number }>(
      'SELECT min(id::text) AS id, count(*)::int AS n FROM orders WHERE idempotency_key = ANY($1) GROUP BY idempotency_key',
      [keys],
    );
    const storedOrders = (
      await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM orders WHERE payment_method = 'cash_on_delivery'",
      )
    ).rows[0]!.n;
    const books = await ledger(pool, variantId);
    const expiry = await pool.query<{ id: string; cancellations: number; releases: number }>(
      `SELECT o.id,
              (SELECT count(*)::int FROM order_status_changes c WHERE c.order_id = o.id AND c.status = 'cancelled') AS cancellations,
              (SELECT count(*)::int FROM stock_movements m WHERE m.order_id = o.id AND m.reason = 'released') AS releases
       FROM orders o WHERE o.id = ANY($1)`,
      [unpaid],
    );
    // `status method uri upstream_addr upstream_status`: several addresses when nginx tried another.
    const accessLog = nginx.accessLog();
    const retriedByNginx = accessLog.filter((line) => line.includes(', ')).length;
    const upstreamErrors = accessLog.filter((line) => / 5\d\d\b/.test(line.split(' ').slice(3).join(' ')));
    // 502: nginx could not connect (an instance down), and tried another. 503: an instance took
    // the request in and turned it away while stopping; a POST's 503 reaches the customer.
    const refusedWhileStopping = upstreamErrors.filter((line) =>
      / 503\b/.test(line.split(' ').slice(3).join(' ')),
    );
    const reconnects = sockets.reduce((sum, socket) => sum + socket.reconnects, 0);
    const live = sockets.reduce((sum, socket) => sum + socket.live, 0);
    const fetched = sockets.reduce((sum, socket) => sum + socket.fetched, 0);

    console.log(
      `[drill] ${INSTANCES} instances behind nginx restarted one after another in ${drillMs} ms: ` +
        `${figures.requests} requests, ${figures.failures.length} failed ` +
        `(${retriedByNginx} passed by nginx to another instance, ${refusedWhileStopping.length} turned away with a 503 ` +
        `by a stopping instance; ` +
        `slowest ${figures.slowestMs} ms); ` +
        `${stream.acknowledged.length} orders acknowledged, ${storedOrders} stored; ` +
        `${CUSTOMERS} sockets, ${reconnects} reconnects, ${stored} notifications written ` +
        `(${live} live, ${fetched} read after a reconnect), ${missed} missed; ` +
        `expiry cancelled ${expiry.rows.filter((row) => row.cancellations === 1).length} of ${UNPAID_ORDERS} due orders once; ` +
        `restarts (stop/start to /ready): ${restarts.map((r) => `${r.stopMs}/${r.startMs} ms`).join(', ')}`,
    );

    expect(
      figures.failures,
      `restarts ${JSON.stringify(restarts)}\n5xx from instances:\n${upstreamErrors.join('\n')}\n` +
        `nginx errors:\n${nginx.errorLog().slice(-3000)}`,
    ).toEqual([]);
    expect(refusedWhileStopping).toEqual([]);
    expect(perKey.rows).toHaveLength(keys.length);
    expect(perKey.rows.every((row) => row.n === 1)).toBe(true);
    expect(new Set(perKey.rows.map((row) => row.id))).toEqual(
      new Set(stream.acknowledged.map((order) => order.orderId)),
    );
    expect(storedOrders).toBe(stream.acknowledged.length);
    expect(books.stock + books.bottles).toBe(STARTING_STOCK);
    expect(reconnects).toBeGreaterThanOrEqual(INSTANCES - 1);
    expect(sockets.every((socket) => socket.finalClose === null)).toBe(true);
    expect(stored).toBeGreaterThan(stream.acknowledged.length);
    expect(missed).toBe(0);
    expect(expiry.rows.map((row) => ({ ...row })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...unpaid].sort().map((id) => ({ id, cancellations: 1, releases: 1 })),
    );
    for (const shop of shops) expect(shop!.alive()).toBe(true);

    // Metrics: each instance's restart shows in its scrapes as a new start time and a counter
    // that fell back (a reset), and counted as Prometheus's increase() does, the requests each
    // instance answered are neither lost at the reset nor more than nginx sent it.
    const metricsFigures = scraper.series.map((series, index) => {
      const sentByNginx = accessLog.filter((line) =>
        line.split(' ')[3]?.includes(`127.0.0.1:${ports[index]}`),
      ).length;
      const requests = series.map((sample) => sample.requests);
      return {
        scrapes: series.length,
        starts: new Set(series.map((sample) => sample.startedAt)).size,
        resets: requests.filter((value, at) => at > 0 && value < requests[at - 1]!).length,
        increase: resetAwareIncrease(requests),
        naive: (requests.at(-1) ?? 0) - (requests[0] ?? 0),
        sentByNginx,
      };
    });
    console.log(`[drill] metrics per instance: ${JSON.stringify(metricsFigures)}`);
    for (const figures of metricsFigures) {
      expect(figures.starts, JSON.stringify(figures)).toBe(2);
      expect(figures.resets, JSON.stringify(figures)).toBe(1);
      expect(figures.increase).toBeGreaterThan(figures.naive);
      expect(figures.increase).toBeLessThanOrEqual(figures.sentByNginx);
      expect(figures.increase).toBeGreaterThanOrEqual(figures.sentByNginx * 0.5);
    }
  }, 600_000);
});

if (!NGINX_BINARY) {
  console.warn(
    '[drill] nginx is not installed: the rolling-restart drill is skipped (.ci/run installs nginx-light; ' +
      'apt-get install -y --no-install-recommends nginx-light)',
  );
}
