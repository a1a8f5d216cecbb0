// The day's figures and the staff's order desk at 100,000 orders, for `npm run bench` (see
// ../bench-routes.mjs). The orders are written straight into the bench server's database by a
// few INSERT … SELECT generate_series statements (seconds, not the hours 100,000 checkouts would
// take): 2,000 customers, orders spread over the last 365 days with their line, mobile-money
// payments that gave value, some refunds, and invoices. A kept data directory (--data-dir) is
// seeded once.
//
// autocannon has no p95, so each route's report also times 100 requests one after another (as
// staff use the page) and gives their exact p50, p95 and max.
import { BENCH_PASSWORD, call, databaseOf, signUpCustomer } from './bench-client.mjs';

export const BENCH_ORDERS = 100_000;
const BUYERS = 2_000;
const TIMED_REQUESTS = 100;

/** Crockford base32 digit `shift` bits into g: five of them make the order number's tail. */
const digit = (/** @type {number} */ shift) =>
  `substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + ((g >> ${shift}) % 32)::int, 1)`;

/** The seeding statements, in order; `$1` is the number of orders. */
export const SEED_ORDERS_SQL = [
  `INSERT INTO users (name, email, email_verified, created_at)
   SELECT 'Bench Buyer ' || g, 'bench.buyer.' || g || '@example.ug', true,
          now() - make_interval(days => (g * 7) % 400)
   FROM generate_series(1, ${BUYERS}) g
   ON CONFLICT (email) DO NOTHING`,
  `WITH buyers AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'bench.buyer.%'),
   sizes AS (
     SELECT array_agg(v.id ORDER BY v.id) AS ids
     FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.is_active),
   zones AS (SELECT array_agg(id ORDER BY id) AS ids FROM delivery_zones),
   base AS (
     SELECT g,
            now() - make_interval(secs => (g::bigint * 7919) % (365 * 86400)) AS placed,
            buyers.ids[1 + g % array_length(buyers.ids, 1)] AS user_id,
            sizes.ids[1 + (g * 31) % array_length(sizes.ids, 1)] AS variant_id,
            zones.ids[1 + g % array_length(zones.ids, 1)] AS zone_id,
            1 + g % 3 AS quantity,
            CASE WHEN g % 10 < 6 THEN 'mobile_money' ELSE 'cash_on_delivery' END AS method,
            CASE WHEN g % 5 = 0 THEN 'pickup' ELSE 'delivery' END AS fulfilment
     FROM generate_series(1, $1::int) g, buyers, sizes, zones),
   priced AS (
     SELECT b.*, v.price AS unit_price, v.name AS variant_name, v.sku, p.id AS product_id, p.name AS product_name,
            p.slug AS product_slug, v.price * b.quantity AS subtotal,
            CASE WHEN b.fulfilment = 'pickup' OR v.price * b.quantity >= 1000000 THEN 0 ELSE z.fee END AS fee,
            z.name AS zone_name, z.delivery_time_label,
            CASE WHEN b.g % 40 = 0 THEN 'cancelled'
                 WHEN b.placed > now() - interval '2 days'
                   THEN (ARRAY['pending', 'confirmed', 'processing', 'ready_for_delivery'])[1 + b.g % 4]
                 ELSE 'delivered' END AS status,
            'ORD-' || to_char(b.placed AT TIME ZONE 'Africa/Kampala', 'YYYYMMDD') || '-' ||
              ${digit(20)} || ${digit(15)} || ${digit(10)} || ${digit(5)} || ${digit(0)} AS order_number
     FROM base b
     JOIN product_variants v ON v.id = b.variant_id
     JOIN products p ON p.id = v.product_id
     JOIN delivery_zones z ON z.id = b.zone_id),
   paid AS (
     SELECT *,
            CASE WHEN status = 'delivered' OR (method = 'mobile_money' AND status NOT IN ('pending', 'cancelled'))
                 THEN 'paid' ELSE 'pending' END AS payment_status
     FROM priced),
   placed AS (
     INSERT INTO orders (order_number, user_id, idempotency_key, request_hash, status, payment_status, payment_method,
       mobile_money_network, payment_phone, fulfilment, item_count, subtotal, delivery_fee, total, contact_name,
       contact_phone, delivery_zone_id, delivery_zone_name, delivery_time_label, street, created_at, updated_at,
       paid_at, confirmed_at, cancelled_at, cancel_reason)
     SELECT order_number, user_id, 'bench-' || g, 'bench', status::order_status,
            payment_status::order_payment_status, method::order_payment_method,
            CASE WHEN method = 'mobile_money' THEN 'MTN'::order_mobile_money_network END,
            CASE WHEN method = 'mobile_money' THEN '+256772000000' END,
            fulfilment::fulfilment_method, quantity, subtotal, fee, subtotal + fee, 'Bench Buyer ' || (g % ${BUYERS}),
            '+2567' || lpad((g % 100000000)::text, 8, '0'),
            CASE WHEN fulfilment = 'delivery' THEN zone_id END, CASE WHEN fulfilment = 'delivery' THEN zone_name END,
            CASE WHEN fulfilment = 'delivery' THEN delivery_time_label END,
            CASE WHEN fulfilment = 'delivery' THEN 'Bench Road ' || (g % 500) END,
            placed, placed,
            CASE WHEN payment_status = 'paid'
                 THEN least(now(), placed + CASE WHEN method = 'mobile_money' THEN interval '2 minutes' ELSE interval '1 day' END)
            END,
            CASE WHEN status NOT IN ('pending', 'cancelled') THEN placed + interval '3 minutes' END,
            CASE WHEN status = 'cancelled' THEN placed + interval '1 hour' END,
            CASE WHEN status = 'cancelled' THEN 'Bench: never paid' END
     FROM paid
     RETURNING id, idempotency_key)
   INSERT INTO order_items (order_id, product_id, variant_id, product_name, product_slug, variant_name, sku, quantity,
     unit_price, subtotal)
   SELECT placed.id, paid.product_id, paid.variant_id, paid.product_name, paid.product_slug, paid.variant_name,
          paid.sku, paid.quantity, paid.unit_price, paid.subtotal
   FROM placed JOIN paid ON paid.g = substr(placed.idempotency_key, 7)::int`,
  `INSERT INTO payment_transactions (reference, user_id, purpose, subject_id, subject_label, provider,
     provider_transaction_id, amount, network, phone, phone_masked, status, paid_at, created_at, updated_at)
   SELECT 'KCP-BENCH-' || o.order_number, o.user_id, 'order', o.id::text, 'Order ' || o.order_number, 'sandbox',
          'bench-' || o.order_number, o.total, 'MTN', '+256772000000', '+256 77* *** 000', 'successful', o.paid_at,
          o.created_at, o.paid_at
   FROM orders o
   WHERE o.idempotency_key LIKE 'bench-%' AND o.payment_method = 'mobile_money' AND o.paid_at IS NOT NULL`,
  `INSERT INTO payment_refunds (transaction_id, purpose, subject_id, amount, reason, status, idempotency_key,
     created_at, settled_at)
   SELECT t.id, 'order', t.subject_id, t.amount / 2, 'Bench: half back', 'succeeded', 'bench-' || t.reference,
          least(now(), t.paid_at + interval '1 day'), least(now(), t.paid_at + interval '1 day')
   FROM payment_transactions t
   WHERE t.reference LIKE 'KCP-BENCH-%' AND abs(hashtext(t.reference)) % 50 = 0`,
  `INSERT INTO invoices (invoice_number, order_id, user_id, status, subtotal, delivery_fee, total, issued_at, paid_at,
     voided_at)
   SELECT 'INV-BENCH-' || o.order_number, o.id, o.user_id,
          (CASE WHEN o.paid_at IS NOT NULL THEN 'paid' WHEN o.status = 'cancelled' THEN 'void' ELSE 'issued' END)::invoice_status,
          o.subtotal, o.delivery_fee, o.total, o.created_at, o.paid_at, o.cancelled_at
   FROM orders o WHERE o.idempotency_key LIKE 'bench-%'`,
  'ANALYZE',
];

/** Seeds the bench orders once (a kept data directory keeps them); answers how many there are. */
async function seedOrders(/** @type {string} */ dataDir) {
  const db = databaseOf(dataDir);
  try {
    const existing = await db.query(
      "SELECT count(*)::int AS count FROM orders WHERE idempotency_key LIKE 'bench-%'",
    );
    if (existing.rows[0].count > 0) return existing.rows[0].count;
    const started = performance.now();
    for (const statement of SEED_ORDERS_SQL) {
      await db.query(statement, statement.includes('$1') ? [BENCH_ORDERS] : []);
    }
    const seeded = await db.query(
      "SELECT count(*)::int AS count FROM orders WHERE idempotency_key LIKE 'bench-%'",
    );
    console.log(
      `[bench] ${seeded.rows[0].count.toLocaleString('en-US')} orders seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return seeded.rows[0].count;
  } finally {
    await db.end();
  }
}

/** @type {Promise<string> | undefined} */
let staffToken;

/** A staff member (signed up, made staff in the database, signed in afresh), once per run. */
function staffSession(/** @type {string} */ baseUrl, /** @type {string} */ dataDir) {
  staffToken ??= (async () => {
    const member = await signUpCustomer(baseUrl, 'Bench Dashboard Staff');
    const db = databaseOf(dataDir);
    let email;
    try {
      const updated = await db.query("UPDATE users SET role = 'staff' WHERE id = $1 RETURNING email", [
        member.id,
      ]);
      email = updated.rows[0].email;
    } finally {
      await db.end();
    }
    const signIn = await call(baseUrl, 'POST', '/api/v1/auth/sign-in/email', {
      body: { email, password: BENCH_PASSWORD },
    });
    return signIn.token;
  })();
  return staffToken;
}

/** Exact percentiles of requests made one after another. */
async function timeOneByOne(/** @type {string} */ url, /** @type {string} */ token) {
  /** @type {number[]} */
  const times = [];
  for (let index = 0; index < TIMED_REQUESTS; index += 1) {
    const started = performance.now();
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (/** @type {number} */ share) =>
    Number((times[Math.ceil(share * times.length) - 1] ?? 0).toFixed(1));
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

/**
 * A staff read over the 100,000 orders.
 * @param {string} name
 * @param {string} path
 * @returns {import('../bench-routes.mjs').BenchRoute}
 */
function staffRead(name, path) {
  return {
    name,
    method: 'GET',
    path,
    async setup({ baseUrl, dataDir }) {
      const orders = await seedOrders(dataDir);
      const token = await staffSession(baseUrl, dataDir);
      console.log(`[bench] ${name}: ${orders.toLocaleString('en-US')} bench orders in the database`);
      return { headers: { accept: 'application/json', authorization: `Bearer ${token}` } };
    },
    async report({ baseUrl, dataDir }) {
      const token = await staffSession(baseUrl, dataDir);
      const oneByOne = await timeOneByOne(new URL(path, baseUrl).href, token);
      return {
        summary: `one request at a time (${TIMED_REQUESTS}): p50 ${oneByOne.p50} ms, p95 ${oneByOne.p95} ms, max ${oneByOne.max} ms`,
        oneByOneMs: oneByOne,
      };
    },
  };
}

/** @type {import('../bench-routes.mjs').BenchRoute[]} */
export const dashboardRoutes = [
  staffRead('dashboard-today', '/api/v1/admin/dashboard/?period=today'),
  staffRead('dashboard-30d', '/api/v1/admin/dashboard/?period=30d'),
  staffRead('staff-orders-list', '/api/v1/orders/admin/orders/?page_size=20'),
  staffRead('staff-orders-search', '/api/v1/orders/admin/orders/?page_size=20&q=Buyer%2077'),
];
