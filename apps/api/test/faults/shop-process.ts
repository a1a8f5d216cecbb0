import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { apiRoot } from '../../src/lib/paths';
import { checkoutBody } from '../fixtures/orders';

/**
 * The real server in a child process, so that a crash is observable (an exit code), and the
 * client side of the fault-injection tests: customers, a stream of checkouts and reads, the
 * ledger of bottles. Loopback only; every loop is bounded by a flag the test flips.
 */

export type ShopProcess = {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  ready: Promise<void>;
  output: () => string;
  /** Every plain `[shop] …` line (start-up and the database's life), kept whole. */
  shopLines: () => string[];
  alive: () => boolean;
};

export function startShop(
  port: number,
  env: Record<string, string>,
  /** A production bundle (`node build.mjs <dir>`) to run instead of the sources through tsx. */
  bundle?: string,
): ShopProcess {
  const args = bundle ? [bundle] : ['--import', 'tsx', path.join(apiRoot, 'src', 'server.ts')];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_ENABLED: 'false',
      AUTH_TEST_FAST_HASHING: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const shopLines: string[] = [];
  const keep = (chunk: Buffer) => {
    // Keep the tail only: a stream of failing requests logs a lot.
    output = (output + chunk.toString()).slice(-40_000);
    for (const line of chunk.toString().split('\n')) if (line.startsWith('[shop]')) shopLines.push(line);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Ready once it answers (its "is ready" line is logged at info, below the level used here).
  const ready = new Promise<void>((resolve, reject) => {
    let done = false;
    void exited.then(() => {
      done = true;
      reject(new Error(`server exited before it was ready:\n${output}`));
    });
    const poll = async () => {
      while (!done) {
        const answered = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (answered) {
          done = true;
          resolve();
          return;
        }
        await new Promise((next) => setTimeout(next, 100));
      }
    };
    void poll();
  });
  ready.catch(() => undefined);
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    exited,
    ready,
    output: () => output,
    shopLines: () => shopLines,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

export type Answer = {
  status: number;
  body: Record<string, unknown> | null;
  retryAfter: string | null;
};

export function apiCaller(base: string) {
  return async (method: string, url: string, token: string | null, body?: unknown): Promise<Answer> => {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
      retryAfter: response.headers.get('retry-after'),
    };
  };
}

export async function signUpCustomers(call: ReturnType<typeof apiCaller>, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) {
    const email = `fault.${crypto.randomUUID()}@example.ug`;
    const password = 'correct horse battery staple';
    const signUp = await call('POST', '/auth/sign-up/email', null, {
      name: `Buyer ${index}`,
      email,
      password,
      date_of_birth: '1988-03-04',
    });
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
    const signIn = await call('POST', '/auth/sign-in/email', null, { email, password });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    tokens.push(signIn.body?.token as string);
  }
  return tokens;
}

export type Outcome = {
  status: number | 'no answer';
  code?: unknown;
  retryAfter?: string | null;
  /** The first field the error names (`items`: the cart was empty). */
  field?: unknown;
};
export type LostCheckout = { token: string; body: ReturnType<typeof checkoutBody> };
export type Acknowledged = LostCheckout & { orderId: string };

/**
 * Each customer adds bottles and checks out, again and again, while readers list the catalog,
 * until `stop()`. Every answer is recorded. A checkout without a 2xx is retried with the same
 * body and idempotency key, as the storefront does, until it gets one: each key is `cut` (at
 * least one attempt failed), and those still unsettled at the stop are `pending`.
 */
export function checkoutStream(options: {
  call: ReturnType<typeof apiCaller>;
  tokens: string[];
  productId: number;
  zoneId: number;
}) {
  const { call, tokens, productId, zoneId } = options;
  const acknowledged: Acknowledged[] = [];
  const cut = new Set<string>();
  const pending: LostCheckout[] = [];
  const outcomes: Outcome[] = [];
  let stopped = false;
  const record = (answer: Answer | null) => {
    if (!answer) outcomes.push({ status: 'no answer' });
    else
      outcomes.push({
        status: answer.status,
        code: (answer.body?.error as { code?: unknown } | undefined)?.code,
        retryAfter: answer.retryAfter,
        field: firstField(answer),
      });
    return answer;
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const buyers = tokens.map(async (token, index) => {
    let round = 0;
    while (!stopped) {
      round += 1;
      const added = record(
        await call('POST', '/orders/cart/add_item/', token, {
          product: productId,
          quantity: 1 + ((index + round) % 3),
        }).catch(() => null),
      );
      if (added?.status !== 200) {
        await pause(50);
        continue;
      }
      const body = checkoutBody(zoneId);
      for (;;) {
        const placed = record(await call('POST', '/orders/cart/checkout/', token, body).catch(() => null));
        if (placed && placed.status >= 200 && placed.status < 300) {
          acknowledged.push({ orderId: placed.body?.id as string, token, body });
          break;
        }
        // The cart is empty: its line was lost with a crashed database (add-to-cart commits
        // asynchronously, decision record 0006), and no order has this key. Fill it again.
        if (placed && isEmptyCart({ status: placed.status, field: firstField(placed) })) break;
        cut.add(body.idempotency_key);
        if (stopped) {
          pending.push({ token, body });
          return;
        }
        await pause(50);
      }
    }
  });
  const readers = [0, 1].map(async () => {
    while (!stopped) {
      const answer = record(await call('GET', '/products/products/', null).catch(() => null));
      if (answer?.status !== 200) await pause(50);
    }
  });

  return {
    acknowledged,
    cut,
    pending,
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all([...buyers, ...readers]);
    },
  };
}

/** The first field an error answer names. */
export function firstField(answer: Answer): unknown {
  return (answer.body?.error as { fields?: Array<{ field?: unknown }> } | undefined)?.fields?.[0]?.field;
}

/** A checkout refused because the cart held nothing (409 naming `items`). */
export function isEmptyCart(outcome: Pick<Outcome, 'status' | 'field'>): boolean {
  return outcome.status === 409 && outcome.field === 'items';
}

/** The shop's state for a failure message: alive or not, its answers by status, its log's tail. */
export function diagnosis(shop: ShopProcess, outcomes: Outcome[] = []): string {
  const byStatus: Record<string, number> = {};
  for (const outcome of outcomes) {
    const label = `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
    byStatus[label] = (byStatus[label] ?? 0) + 1;
  }
  return (
    `shop ${shop.alive() ? 'alive' : 'DEAD'}; answers ${JSON.stringify(byStatus)}; last ` +
    `${JSON.stringify(outcomes.slice(-5))}\n--- shop log (tail) ---\n${shop.output().slice(-4000)}`
  );
}

/** Stock left plus bottles in orders that still hold their stock, and how many orders. */
export async function ledger(pool: pg.Pool, variantId: number) {
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
}

/** Polls until `check` holds; answers the milliseconds it took (throws after `timeoutMs`). */
export async function timeUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  /** What to print when it never holds (the shop's log, the answers so far). */
  context: () => string = () => '',
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not recovered within ${timeoutMs} ms\n${context()}`);
}

export function newPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // The tests cut the database's connections on purpose.
  pool.on('error', () => undefined);
  return pool;
}
