// Notifications and delivery tracking under load, for `npm run bench` (see ../bench-routes.mjs).
//
// - notifications-list: the bell's call, a customer's newest 10 of 60 notifications with the
//   unread count, with a bearer token. Its report then measures the live path: 200 times, a
//   notification marked read over HTTP and the `notification_update` it causes on the customer's
//   websocket (the write, PostgreSQL's NOTIFY, the LISTEN connection, the socket), p50/p95/max.
// - active-deliveries: the tracking page's call, a customer with 5 deliveries on their way (each
//   with its timeline), with a bearer token.
import crypto from 'node:crypto';
import WebSocket from 'ws';
import { call, databaseOf, signUpCustomer } from './bench-client.mjs';

const customer = (/** @type {string} */ baseUrl) => signUpCustomer(baseUrl, 'Bench Customer');

const percentile = (/** @type {number[]} */ sorted, /** @type {number} */ p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Mark-read round trips to the websocket's `notification_update`, in milliseconds. */
async function socketRoundTrips(/** @type {string} */ baseUrl, /** @type {string} */ dataDir, rounds = 200) {
  const { id, token } = await customer(baseUrl);
  const db = databaseOf(dataDir);
  /** @type {string[]} */
  let ids;
  try {
    const inserted = await db.query(
      `INSERT INTO notifications (user_id, type, title, message)
       SELECT $1, 'system', 'Bench ' || n, 'A notification to mark read.' FROM generate_series(1, $2) n
       RETURNING id`,
      [id, rounds],
    );
    ids = inserted.rows.map((row) => row.id);
  } finally {
    await db.end();
  }
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1/ws/notifications`, {
    headers: { authorization: `Bearer ${token}` },
  });
  /** @type {((message: any) => void) | null} */
  let waiter = null;
  const first = new Promise((resolve, reject) => {
    socket.once('error', reject);
    waiter = resolve;
  });
  socket.on('message', (data) => waiter?.(JSON.parse(String(data))));
  await first;
  /** @type {number[]} */
  const times = [];
  try {
    for (const notificationId of ids) {
      const started = performance.now();
      const heard = new Promise((resolve) => {
        waiter = (message) => {
          if (message.type === 'notification_update' && message.read_ids?.includes(notificationId))
            resolve(undefined);
        };
      });
      await call(baseUrl, 'POST', `/api/v1/notifications/${notificationId}/mark_read/`, { token });
      await heard;
      times.push(performance.now() - started);
    }
  } finally {
    socket.close();
  }
  times.sort((a, b) => a - b);
  return {
    rounds: times.length,
    p50: Math.round(percentile(times, 50) * 10) / 10,
    p95: Math.round(percentile(times, 95) * 10) / 10,
    max: Math.round((times.at(-1) ?? 0) * 10) / 10,
  };
}

/** @type {import('../bench-routes.mjs').BenchRoute[]} */
export const notificationRoutes = [
  {
    name: 'notifications-list',
    method: 'GET',
    path: '/api/v1/notifications/?page_size=10',
    async setup({ baseUrl, dataDir }) {
      const { id, token } = await customer(baseUrl);
      const db = databaseOf(dataDir);
      try {
        await db.query(
          `INSERT INTO notifications (user_id, type, title, message, is_read, created_at)
           SELECT $1, 'order_update', 'Order ' || n, 'Something happened to order ' || n, n % 3 = 0,
                  now() - make_interval(mins => n)
           FROM generate_series(1, 60) n`,
          [id],
        );
      } finally {
        await db.end();
      }
      return { headers: { accept: 'application/json', authorization: `Bearer ${token}` } };
    },
    async report({ baseUrl, dataDir, result, durationSeconds }) {
      const live = await socketRoundTrips(baseUrl, dataDir);
      return {
        summary:
          `${Math.round(result.requests.average)} req/s over ${durationSeconds} s; mark_read → websocket update ` +
          `p50 ${live.p50} ms, p95 ${live.p95} ms, max ${live.max} ms (${live.rounds} rounds)`,
        socketRoundTripMs: live,
      };
    },
  },
  {
    name: 'active-deliveries',
    method: 'GET',
    path: '/api/v1/orders/delivery-tracking/active_deliveries/',
    async setup({ baseUrl, dataDir }) {
      const { token } = await customer(baseUrl);
      const list = await call(baseUrl, 'GET', '/api/v1/products/products/?page_size=100');
      const product = list.results.at(-4).id;
      const db = databaseOf(dataDir);
      try {
        await db.query(
          'UPDATE product_variants SET stock = 10000 WHERE id = (SELECT default_variant_id FROM products WHERE id = $1)',
          [product],
        );
      } finally {
        await db.end();
      }
      const zones = await call(baseUrl, 'GET', '/api/v1/orders/delivery-zones/');
      for (let index = 0; index < 5; index++) {
        await call(baseUrl, 'POST', '/api/v1/orders/cart/add_item/', {
          token,
          body: { product, quantity: 1 },
        });
        await call(baseUrl, 'POST', '/api/v1/orders/cart/checkout/', {
          token,
          body: {
            idempotency_key: crypto.randomUUID(),
            fulfilment: 'delivery',
            contact_name: 'Bench Customer',
            contact_phone: '0772 123456',
            delivery_zone: zones.results[0].id,
            street: 'Acacia Avenue 12',
            delivery_instructions: { preferred_delivery_time: 'evening' },
            payment_method: 'cash_on_delivery',
          },
        });
      }
      return { headers: { accept: 'application/json', authorization: `Bearer ${token}` } };
    },
  },
];
