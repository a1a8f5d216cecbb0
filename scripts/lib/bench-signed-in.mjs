// A customer's own pages under load, for `npm run bench` (see ../bench-routes.mjs): the cart, the
// order list, order statistics, payment history, notifications and active deliveries, each read
// by many customers in turn (one session each), as a shop full of signed-in visitors would.
//
// The customers are made once per run and shared by these routes: each has two bottles in the
// cart, a delivery order paid cash on delivery (an active delivery), and a pick-up order paid by
// mobile money on the sandbox (a transaction); the orders bring their notifications.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { call, databaseOf, signUpCustomer } from './bench-client.mjs';

const { values: cli } = parseArgs({ options: { connections: { type: 'string' } }, strict: false });
const CONNECTIONS = Math.max(1, Number(cli.connections ?? 50) || 50);
/** Two customers per connection: consecutive requests are always different customers. */
const CUSTOMERS = 2 * CONNECTIONS;

/** @type {Promise<string[]> | undefined} */
let customersMade;

async function stockedProducts(/** @type {string} */ baseUrl, /** @type {string} */ dataDir) {
  const list = await call(baseUrl, 'GET', '/api/v1/products/products/?page_size=12&ordering=price');
  /** @type {number[]} */
  const products = list.results.slice(0, 3).map((/** @type {{ id: number }} */ product) => product.id);
  const db = databaseOf(dataDir);
  try {
    await db.query(
      'UPDATE product_variants SET stock = 10000000 WHERE id IN (SELECT default_variant_id FROM products WHERE id = ANY($1::int[]))',
      [products],
    );
  } finally {
    await db.end();
  }
  return products;
}

/** One customer with a cart, an active delivery and a paid mobile-money order. */
async function customerWithHistory(
  /** @type {string} */ baseUrl,
  /** @type {number[]} */ products,
  /** @type {number} */ zone,
) {
  const { token } = await signUpCustomer(baseUrl, 'Bench Reader');
  const add = (/** @type {number | undefined} */ product) =>
    call(baseUrl, 'POST', '/api/v1/orders/cart/add_item/', { token, body: { product, quantity: 1 } });
  const contact = { contact_name: 'Bench Reader', contact_phone: '0772 123456' };
  await add(products[0]);
  await call(baseUrl, 'POST', '/api/v1/orders/cart/checkout/', {
    token,
    body: {
      ...contact,
      idempotency_key: crypto.randomUUID(),
      fulfilment: 'delivery',
      delivery_zone: zone,
      street: 'Acacia Avenue 12',
      delivery_instructions: { preferred_delivery_time: 'evening' },
      payment_method: 'cash_on_delivery',
    },
  });
  await add(products[1]);
  const order = await call(baseUrl, 'POST', '/api/v1/orders/cart/checkout/', {
    token,
    body: {
      ...contact,
      idempotency_key: crypto.randomUUID(),
      fulfilment: 'pickup',
      payment_method: 'mobile_money',
      mobile_money_network: 'MTN',
      payment_phone: '0772 123456',
    },
  });
  const payment = await call(baseUrl, 'POST', '/api/v1/payments/flutterwave/complete_mobile_money_payment/', {
    token,
    body: { order_id: order.id, network: 'MTN', phone: '0772 123456' },
  });
  await call(baseUrl, 'POST', `/api/v1/payments/sandbox/charges/${payment.reference}/approve/`, {
    token,
    body: { pin: '1234' },
  });
  await add(products[2]);
  await add(products[0]);
  return token;
}

/**
 * Waits (up to a minute) until the background jobs the customers' orders and payments queued
 * (confirmation e-mails with their PDF invoices, SMS, notifications) have run: otherwise they
 * share the CPU with whichever route is measured first, and the figures say more about the
 * setup than about the read.
 */
async function jobsSettled(/** @type {string} */ dataDir) {
  const started = performance.now();
  const db = databaseOf(dataDir);
  try {
    let waiting = 0;
    while (performance.now() - started < 60_000) {
      const { rows } = await db.query(
        "SELECT count(*)::int AS waiting FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()",
      );
      waiting = rows[0].waiting;
      if (waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(
      `[bench] signed-in reads: background jobs of the setup settled in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        (waiting > 0 ? ` (${waiting} still waiting)` : ''),
    );
  } finally {
    await db.end();
  }
}

/** The run's customers, made by the first of these routes to be measured. */
function customers(/** @type {string} */ baseUrl, /** @type {string} */ dataDir) {
  customersMade ??= (async () => {
    const started = performance.now();
    const products = await stockedProducts(baseUrl, dataDir);
    const zone = (await call(baseUrl, 'GET', '/api/v1/orders/delivery-zones/')).results[0].id;
    /** @type {string[]} */
    const tokens = [];
    for (let start = 0; start < CUSTOMERS; start += 5) {
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(5, CUSTOMERS - start) }, () =>
            customerWithHistory(baseUrl, products, zone),
          ),
        )),
      );
    }
    console.log(
      `[bench] signed-in reads: ${tokens.length} customers made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await jobsSettled(dataDir);
    return tokens;
  })();
  return customersMade;
}

/**
 * A signed-in read: every request as the next customer of the run.
 * @param {string} name
 * @param {string} path
 * @returns {import('../bench-routes.mjs').BenchRoute}
 */
function signedInRead(name, path) {
  return {
    name,
    method: 'GET',
    path,
    async setup({ baseUrl, dataDir }) {
      const tokens = await customers(baseUrl, dataDir);
      let next = 0;
      return {
        headers: { accept: 'application/json', authorization: `Bearer ${tokens[0]}` },
        requests: [
          {
            method: 'GET',
            path,
            setupRequest: (/** @type {any} */ request) => {
              const token = tokens[next % tokens.length];
              next += 1;
              return {
                ...request,
                method: 'GET',
                path,
                headers: { accept: 'application/json', authorization: `Bearer ${token}` },
              };
            },
          },
        ],
      };
    },
  };
}

/** @type {import('../bench-routes.mjs').BenchRoute[]} */
export const signedInRoutes = [
  signedInRead('signed-in-cart', '/api/v1/orders/cart/my_cart/'),
  signedInRead('signed-in-my-orders', '/api/v1/orders/orders/my_orders/?page_size=10'),
  signedInRead('signed-in-order-stats', '/api/v1/orders/orders/order_stats/'),
  signedInRead('signed-in-transactions', '/api/v1/payments/transactions/my_transactions/?page_size=12'),
  signedInRead('signed-in-notifications', '/api/v1/notifications/?page_size=10'),
  signedInRead('signed-in-deliveries', '/api/v1/orders/delivery-tracking/active_deliveries/'),
];
