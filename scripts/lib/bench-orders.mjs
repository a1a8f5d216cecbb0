// Cart and checkout under load, for `npm run bench` (see ../bench-routes.mjs).
//
// - add_item: each request adds one bottle to the cart of one of 4 × connections anonymous
//   visitors (sessions are lent from a pool for each request and given back on the answer, so
//   no two requests change one cart at once). Each visitor cycles through 5 of 40 products: carts
//   stay the size of real ones and no line reaches the per-size limit during the run.
// - checkout: each connection, as a signed-in customer of its own, adds a bottle and checks out
//   (cash on delivery), again and again. The report counts orders per second, and checks on the
//   database that stock + ordered bottles = the stock at the start, and that invoice numbers
//   have no gap. A broken invariant fails the bench.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { call, databaseOf, sessionPool, signUpCustomer } from './bench-client.mjs';

/** Sessions to prepare: one per connection of the run (bench.mjs --connections, default 50). */
const { values: cli } = parseArgs({ options: { connections: { type: 'string' } }, strict: false });
const CONNECTIONS = Math.max(1, Number(cli.connections ?? 50) || 50);
const CART_PRODUCTS = 40;
const LINES_PER_CART = 5;
const CHECKOUT_STOCK = 10_000_000;

/** @param {number} count @param {() => Promise<string>} make */
async function inBatches(count, make, batch = 5) {
  /** @type {string[]} */
  const made = [];
  for (let start = 0; start < count; start += batch) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - start) }, make))));
  }
  return made;
}

const anonymousSession = (/** @type {string} */ baseUrl) => async () =>
  (await call(baseUrl, 'POST', '/api/v1/auth/sign-in/anonymous')).token;

const customerSession = (/** @type {string} */ baseUrl) => async () =>
  (await signUpCustomer(baseUrl, 'Bench Customer')).token;

const json = { 'content-type': 'application/json' };

/** @param {any} result */
const statusCounts = (result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${/** @type {any} */ (stat).count} × ${code}`)
    .join(', ');

/** @type {import('../bench-routes.mjs').BenchRoute[]} */
export const cartRoutes = [
  {
    name: 'add_item',
    method: 'POST',
    path: '/api/v1/orders/cart/add_item/',
    async setup({ baseUrl, dataDir }) {
      const list = await call(baseUrl, 'GET', `/api/v1/products/products/?page_size=${CART_PRODUCTS}`);
      /** @type {number[]} */
      const products = list.results.map((/** @type {{ id: number }} */ product) => product.id);
      const db = databaseOf(dataDir);
      try {
        await db.query('UPDATE product_variants SET stock = 1000000 WHERE product_id = ANY($1::int[])', [
          products,
        ]);
      } finally {
        await db.end();
      }
      const tokens = await inBatches(4 * CONNECTIONS, anonymousSession(baseUrl), 10);
      const sessions = sessionPool(tokens);
      /** @type {Map<string, number>} */
      const added = new Map();
      const firstProduct = new Map(
        tokens.map((token, index) => [token, (index * LINES_PER_CART) % products.length]),
      );
      return {
        headers: { ...json, authorization: `Bearer ${tokens[0]}` },
        body: JSON.stringify({ product: products[0], quantity: 1 }),
        requests: [
          {
            method: 'POST',
            path: '/api/v1/orders/cart/add_item/',
            setupRequest: (/** @type {any} */ request, /** @type {Record<string, unknown>} */ context) => {
              const token = sessions.take(context);
              const count = added.get(token) ?? 0;
              added.set(token, count + 1);
              return {
                ...request,
                headers: { ...request.headers, ...json, authorization: `Bearer ${token}` },
                body: JSON.stringify({
                  product:
                    products[((firstProduct.get(token) ?? 0) + (count % LINES_PER_CART)) % products.length],
                  quantity: 1,
                }),
              };
            },
            onResponse: (
              /** @type {number} */ _status,
              /** @type {string} */ _body,
              /** @type {any} */ context,
            ) => sessions.give(context),
          },
        ],
      };
    },
    async report({ result, durationSeconds }) {
      const ok = result.statusCodeStats?.['200']?.count ?? 0;
      return {
        summary: `${Math.round(ok / durationSeconds)} lines added per second (${statusCounts(result)})`,
        addedPerSecond: ok / durationSeconds,
      };
    },
  },
  (() => {
    /** @type {{ variantId: number, startingStock: number } | undefined} */
    let watched;
    return /** @type {import('../bench-routes.mjs').BenchRoute} */ ({
      name: 'checkout',
      method: 'POST',
      path: '/api/v1/orders/cart/checkout/',
      async setup({ baseUrl, dataDir }) {
        const list = await call(baseUrl, 'GET', `/api/v1/products/products/?page_size=${CART_PRODUCTS + 1}`);
        const product = list.results.at(-1).id;
        const zone = (await call(baseUrl, 'GET', '/api/v1/orders/delivery-zones/')).results[0].id;
        const db = databaseOf(dataDir);
        try {
          const variant = await db.query(
            `UPDATE product_variants SET stock = $2
             WHERE id = (SELECT default_variant_id FROM products WHERE id = $1) RETURNING id`,
            [product, CHECKOUT_STOCK],
          );
          watched = { variantId: variant.rows[0].id, startingStock: CHECKOUT_STOCK };
        } finally {
          await db.end();
        }
        // Twice as many customers as connections: a cycle cut short at the end of the warm-up
        // keeps its session, and two connections sharing one would find each other's cart emptied
        // (409 cart_empty).
        const tokens = await inBatches(2 * CONNECTIONS, customerSession(baseUrl));
        const sessions = sessionPool(tokens);
        const order = () => ({
          idempotency_key: crypto.randomUUID(),
          fulfilment: 'delivery',
          contact_name: 'Bench Customer',
          contact_phone: '0772 123456',
          delivery_zone: zone,
          street: 'Acacia Avenue',
          delivery_instructions: { preferred_delivery_time: 'asap' },
          payment_method: 'cash_on_delivery',
        });
        // The probe places a real order too (counted by the invariant like every other).
        await call(baseUrl, 'POST', '/api/v1/orders/cart/add_item/', { token: tokens[0], body: { product } });
        return {
          headers: { ...json, authorization: `Bearer ${tokens[0]}` },
          body: JSON.stringify(order()),
          requests: [
            {
              method: 'POST',
              path: '/api/v1/orders/cart/add_item/',
              setupRequest: (/** @type {any} */ request, /** @type {Record<string, unknown>} */ context) => ({
                ...request,
                headers: { ...request.headers, ...json, authorization: `Bearer ${sessions.take(context)}` },
                body: JSON.stringify({ product, quantity: 1 }),
              }),
            },
            {
              method: 'POST',
              path: '/api/v1/orders/cart/checkout/',
              setupRequest: (/** @type {any} */ request, /** @type {Record<string, unknown>} */ context) => ({
                ...request,
                headers: { ...request.headers, ...json, authorization: `Bearer ${context.token}` },
                body: JSON.stringify(order()),
              }),
              onResponse: (
                /** @type {number} */ _status,
                /** @type {string} */ _body,
                /** @type {any} */ context,
              ) => sessions.give(context),
            },
          ],
        };
      },
      async report({ dataDir, result, durationSeconds }) {
        if (!watched) throw new Error('checkout: setup did not run');
        const placed = result.statusCodeStats?.['201']?.count ?? 0;
        const db = databaseOf(dataDir);
        try {
          const ledger = (
            await db.query(
              `SELECT v.stock,
                      COALESCE((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                                WHERE oi.variant_id = v.id AND o.stock_released_at IS NULL), 0)::int AS ordered
               FROM product_variants v WHERE v.id = $1`,
              [watched.variantId],
            )
          ).rows[0];
          const invoices = (
            await db.query(
              `SELECT count(*)::int AS count, COALESCE(max(substring(invoice_number, 5)::int), 0) AS highest,
                      (SELECT count(*)::int FROM orders) AS orders
               FROM invoices`,
            )
          ).rows[0];
          const stockHolds = ledger.stock + ledger.ordered === watched.startingStock;
          const gapless = invoices.count === invoices.highest && invoices.count === invoices.orders;
          const summary =
            `${(placed / durationSeconds).toFixed(1)} orders/s (${placed} orders in ${durationSeconds} s; ` +
            `${statusCounts(result)}); stock ${ledger.stock} + ordered ${ledger.ordered} = ` +
            `${ledger.stock + ledger.ordered} of ${watched.startingStock} ${stockHolds ? '(holds)' : '(BROKEN)'}; ` +
            `${invoices.count} invoices for ${invoices.orders} orders, highest number ${invoices.highest} ` +
            `${gapless ? '(no gap)' : '(GAP)'}`;
          if (!stockHolds || !gapless) throw new Error(`checkout invariant broken: ${summary}`);
          return { summary, ordersPerSecond: placed / durationSeconds, stockHolds, gapless };
        } finally {
          await db.end();
        }
      },
    });
  })(),
];
