// Mobile-money payments under load, for `npm run bench` (see ../bench-routes.mjs), on the sandbox
// provider (the bench server has no Flutterwave keys).
//
// - my-transactions: a customer's payment history (30 payments), paged, with a bearer token.
// - payment-flow: each connection, as a signed-in customer of its own, places a pick-up order for
//   mobile money, starts the payment, approves it on the sandbox's phone (its signed webhook and
//   job run as for a real provider) and verifies it, again and again. The report counts payments
//   settled per second and checks on the database that every order was paid at most once and
//   that each paid order has exactly one value-giving transaction. A broken invariant fails the bench.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { call, databaseOf, sessionPool, signUpCustomer } from './bench-client.mjs';

const { values: cli } = parseArgs({ options: { connections: { type: 'string' } }, strict: false });
const CONNECTIONS = Math.max(1, Number(cli.connections ?? 50) || 50);
const HISTORY_SIZE = 30;

const customerToken = async (/** @type {string} */ baseUrl) =>
  (await signUpCustomer(baseUrl, 'Bench Payer')).token;

/** A product with plenty of stock for the run (stock set straight in the database). */
async function stockedProduct(/** @type {string} */ baseUrl, /** @type {string} */ dataDir, offset = 0) {
  const list = await call(baseUrl, 'GET', '/api/v1/products/products/?page_size=100');
  const product = list.results.at(-1 - offset).id;
  const db = databaseOf(dataDir);
  try {
    await db.query(
      'UPDATE product_variants SET stock = 10000000 WHERE id = (SELECT default_variant_id FROM products WHERE id = $1)',
      [product],
    );
  } finally {
    await db.end();
  }
  return product;
}

const mobileMoneyOrder = () => ({
  idempotency_key: crypto.randomUUID(),
  fulfilment: 'pickup',
  contact_name: 'Bench Payer',
  contact_phone: '0772 123456',
  payment_method: 'mobile_money',
  mobile_money_network: 'MTN',
  payment_phone: '0772 123456',
});

/** One paid order: checkout, payment started, approved on the sandbox's phone. */
async function paidOrder(
  /** @type {string} */ baseUrl,
  /** @type {string} */ token,
  /** @type {number} */ product,
) {
  await call(baseUrl, 'POST', '/api/v1/orders/cart/add_item/', { token, body: { product, quantity: 1 } });
  const order = await call(baseUrl, 'POST', '/api/v1/orders/cart/checkout/', {
    token,
    body: mobileMoneyOrder(),
  });
  const payment = await call(baseUrl, 'POST', '/api/v1/payments/flutterwave/complete_mobile_money_payment/', {
    token,
    body: { order_id: order.id, network: 'MTN', phone: '0772 123456' },
  });
  await call(baseUrl, 'POST', `/api/v1/payments/sandbox/charges/${payment.reference}/approve/`, {
    token,
    body: { pin: '1234' },
  });
}

const json = { 'content-type': 'application/json' };

/** @param {any} result */
const statusCounts = (result) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${/** @type {any} */ (stat).count} × ${code}`)
    .join(', ');

/** @type {import('../bench-routes.mjs').BenchRoute[]} */
export const paymentRoutes = [
  {
    name: 'my-transactions',
    method: 'GET',
    path: '/api/v1/payments/transactions/my_transactions/?page_size=12',
    async setup({ baseUrl, dataDir }) {
      const product = await stockedProduct(baseUrl, dataDir, 1);
      const token = await customerToken(baseUrl);
      for (let index = 0; index < HISTORY_SIZE; index++) await paidOrder(baseUrl, token, product);
      return { headers: { accept: 'application/json', authorization: `Bearer ${token}` } };
    },
  },
  (() => {
    /** @type {{ since: Date } | undefined} */
    let watched;
    return /** @type {import('../bench-routes.mjs').BenchRoute} */ ({
      name: 'payment-flow',
      method: 'POST',
      path: '/api/v1/orders/cart/add_item/',
      async setup({ baseUrl, dataDir }) {
        const product = await stockedProduct(baseUrl, dataDir, 2);
        /** @type {string[]} */
        const tokens = [];
        // Twice as many customers as connections: cycles cut short at the end of the warm-up keep theirs.
        const customers = 2 * CONNECTIONS;
        for (let start = 0; start < customers; start += 5) {
          tokens.push(
            ...(await Promise.all(
              Array.from({ length: Math.min(5, customers - start) }, () => customerToken(baseUrl)),
            )),
          );
        }
        const sessions = sessionPool(tokens);
        watched = { since: new Date() };
        /** @param {any} request @param {Record<string, any>} context @param {string} url @param {unknown} [body] */
        const next = (request, context, url, body) => ({
          ...request,
          method: 'POST',
          path: url,
          // No body, no content type (an empty JSON body is refused).
          headers:
            body === undefined
              ? { authorization: `Bearer ${context.token}` }
              : { ...json, authorization: `Bearer ${context.token}` },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        /** @param {string} text @param {Record<string, any>} context @param {string} key */
        const remember = (text, context, key) => {
          try {
            context[key] = JSON.parse(text);
          } catch {
            context[key] = null;
          }
        };
        return {
          headers: { ...json, authorization: `Bearer ${tokens[0]}` },
          body: JSON.stringify({ product, quantity: 1 }),
          requests: [
            {
              setupRequest: (/** @type {any} */ request, /** @type {Record<string, any>} */ context) => {
                // A customer lent for the whole cycle (given back after the verification): no two
                // connections change one cart at once.
                sessions.take(context);
                return next(request, context, '/api/v1/orders/cart/add_item/', { product, quantity: 1 });
              },
            },
            {
              setupRequest: (/** @type {any} */ request, /** @type {Record<string, any>} */ context) =>
                next(request, context, '/api/v1/orders/cart/checkout/', mobileMoneyOrder()),
              onResponse: (
                /** @type {number} */ _s,
                /** @type {string} */ body,
                /** @type {any} */ context,
              ) => remember(body, context, 'order'),
            },
            {
              setupRequest: (/** @type {any} */ request, /** @type {Record<string, any>} */ context) =>
                next(request, context, '/api/v1/payments/flutterwave/complete_mobile_money_payment/', {
                  order_id: context.order?.id,
                  network: 'MTN',
                  phone: '0772 123456',
                }),
              onResponse: (
                /** @type {number} */ _s,
                /** @type {string} */ body,
                /** @type {any} */ context,
              ) => remember(body, context, 'payment'),
            },
            {
              setupRequest: (/** @type {any} */ request, /** @type {Record<string, any>} */ context) =>
                next(
                  request,
                  context,
                  `/api/v1/payments/sandbox/charges/${context.payment?.reference}/approve/`,
                  {
                    pin: '1234',
                  },
                ),
            },
            {
              setupRequest: (/** @type {any} */ request, /** @type {Record<string, any>} */ context) =>
                next(
                  request,
                  context,
                  `/api/v1/payments/transactions/${context.payment?.id}/verify_payment/`,
                ),
              onResponse: (
                /** @type {number} */ _s,
                /** @type {string} */ _body,
                /** @type {any} */ context,
              ) => sessions.give(context),
            },
          ],
        };
      },
      async report({ dataDir, durationSeconds, result }) {
        if (!watched) throw new Error('payment-flow was not set up');
        const db = databaseOf(dataDir);
        try {
          // Let the last webhook jobs finish.
          await new Promise((resolve) => setTimeout(resolve, 3_000));
          const figures = await db.query(
            `SELECT
               count(*) FILTER (WHERE t.status = 'successful' AND NOT t.refund_due)::int AS paid,
               count(*) FILTER (WHERE t.status = 'successful' AND t.refund_due)::int AS refunds,
               count(*) FILTER (WHERE t.status = 'pending')::int AS pending
             FROM payment_transactions t WHERE t.created_at >= $1`,
            [watched.since],
          );
          const broken = await db.query(
            `SELECT o.id FROM orders o
             LEFT JOIN payment_transactions t
               ON t.purpose = 'order' AND t.subject_id = o.id::text AND t.status = 'successful' AND NOT t.refund_due
             WHERE o.created_at >= $1 AND o.payment_method = 'mobile_money'
             GROUP BY o.id, o.payment_status
             HAVING (o.payment_status = 'paid') <> (count(t.id) = 1) OR count(t.id) > 1`,
            [watched.since],
          );
          const { paid, refunds, pending } = figures.rows[0];
          if ((broken.rowCount ?? 0) > 0) {
            throw new Error(`${broken.rowCount} orders whose payment status and transactions disagree`);
          }
          return {
            summary:
              `${(paid / durationSeconds).toFixed(1)} payments settled per second (order, charge, approval, ` +
              `webhook, verification); ${pending} left pending, ${refunds} to refund; every paid order has ` +
              `exactly one paying transaction (${statusCounts(result)})`,
            paymentsPerSecond: paid / durationSeconds,
            paid,
            pending,
            refunds,
          };
        } finally {
          await db.end();
        }
      },
    });
  })(),
];
