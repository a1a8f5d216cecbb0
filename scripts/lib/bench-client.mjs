// What the bench's route fixtures share (bench-orders, bench-payments, bench-notifications):
// JSON calls to the bench server, customers signed up through the API, and the server's own
// embedded database for what has no API (stock for the run, invariants after it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const BENCH_PASSWORD = 'bench horse battery staple';

/** The bench server's embedded PostgreSQL, found from its data directory. */
export function databaseOf(/** @type {string} */ dataDir) {
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return new pg.Pool({
    host: '127.0.0.1',
    port: Number(pid[3]),
    user: 'postgres',
    password: secrets.postgresPassword,
    database: 'shop',
    max: 2,
  });
}

/**
 * A JSON call to the bench server; a non-2xx answer throws with its body.
 * @param {string} baseUrl
 * @param {string} method
 * @param {string} url
 * @param {{ token?: string, body?: unknown }} [options]
 * @returns {Promise<any>}
 */
export async function call(baseUrl, method, url, options = {}) {
  const response = await fetch(new URL(url, baseUrl), {
    method,
    headers: {
      origin: baseUrl,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * A new customer, signed up and signed in: answers their id and bearer token.
 * @param {string} baseUrl
 * @param {string} name
 * @returns {Promise<{ id: string, token: string }>}
 */
export async function signUpCustomer(baseUrl, name) {
  const email = `bench.${crypto.randomUUID()}@example.ug`;
  await call(baseUrl, 'POST', '/api/v1/auth/sign-up/email', {
    body: { name, email, password: BENCH_PASSWORD, date_of_birth: '1985-06-15' },
  });
  const signIn = await call(baseUrl, 'POST', '/api/v1/auth/sign-in/email', {
    body: { email, password: BENCH_PASSWORD },
  });
  return { id: signIn.user.id, token: signIn.token };
}

/**
 * Sessions lent to one request cycle at a time, so that no two connections change one cart at
 * once (a real customer does not either). A cycle cut short (the end of the warm-up) never gives
 * its session back: when none is free, the one lent longest ago is taken back.
 * @param {string[]} tokens
 */
export function sessionPool(tokens) {
  const free = [...tokens];
  /** @type {Map<string, number>} */
  const lent = new Map();
  return {
    /** @param {Record<string, unknown>} context */
    take(context) {
      // Oldest returned first: every cart gets its share, so none reaches the per-size limit.
      let token = free.shift();
      if (token === undefined) {
        const [oldest] = [...lent.entries()].sort((a, b) => a[1] - b[1])[0] ?? [];
        token = oldest ?? tokens[0];
      }
      lent.set(/** @type {string} */ (token), performance.now());
      context.token = token;
      return /** @type {string} */ (token);
    },
    /** @param {Record<string, unknown>} context */
    give(context) {
      const token = /** @type {string} */ (context.token);
      if (lent.delete(token)) free.push(token);
    },
  };
}

/**
 * A staff member for the back office's routes: signed up, given the staff role in the bench
 * server's database (as `npm run admin -- set-role` does), then signed in afresh. Answers the
 * bearer token.
 * @param {string} baseUrl
 * @param {string} dataDir
 * @param {string} name
 * @returns {Promise<string>}
 */
export async function signInStaff(baseUrl, dataDir, name) {
  const customer = await signUpCustomer(baseUrl, name);
  const db = databaseOf(dataDir);
  let email;
  try {
    const updated = await db.query("UPDATE users SET role = 'staff' WHERE id = $1 RETURNING email", [
      customer.id,
    ]);
    email = updated.rows[0].email;
  } finally {
    await db.end();
  }
  const { token } = await call(baseUrl, 'POST', '/api/v1/auth/sign-in/email', {
    body: { email, password: BENCH_PASSWORD },
  });
  return token;
}
