import crypto from 'node:crypto';
import v8 from 'node:v8';
import { SpanKind } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../errors';

/**
 * Prometheus metrics (decision 0019): one registry per app, read at GET /metrics with
 * `Authorization: Bearer <METRICS_TOKEN>` (without METRICS_TOKEN the route does not exist).
 *
 * What the app counts itself is measured here, by hooks: requests (onResponse), database
 * statements (the pool's connections), jobs (`app.metrics.job`, called by plugins/jobs.ts), the
 * business events (the domain-event bus). Other plugins only hand over what they already count
 * (`watchCache`, `emailFailed`). What lives in the database (job queues, pending payments, the
 * outbox) is read when Prometheus asks, with a few indexed queries, never per request.
 *
 * Labels never carry personal data: routes are templates (a URL no route matched is one label),
 * statements their first keyword, queues the names the code declares.
 */
export type CacheStats = { readonly size: number; readonly hits: number; readonly misses: number };

export type Metrics = {
  readonly registry: Registry;
  /** Runs a job's handler: timed, its failure counted by queue, inside a span. */
  job<T>(queue: string, run: () => Promise<T>): Promise<T>;
  /** Reports a cache's size, hits and misses (running totals) at each scrape. */
  watchCache(name: 'catalog' | 'catalog_index' | 'rendered_pages', stats: () => CacheStats): void;
  /** The mail server refused an e-mail. */
  emailFailed(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const METRICS_PATH = '/metrics';
/** A statement's kind: its first keyword, when it is one of these. */
const STATEMENT_KINDS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'with',
  'begin',
  'commit',
  'rollback',
]);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Above it a count stops (the e-mail outbox keeps every message): a bound on the scrape's work. */
export const OUTBOX_COUNT_CAP = 10_000;
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

type Callback = (error: Error | undefined, result?: unknown) => void;

const seconds = (startNs: bigint) => Number(process.hrtime.bigint() - startNs) / 1e9;

export function statementKind(query: unknown): string {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  const keyword = typeof text === 'string' ? /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toLowerCase() : undefined;
  return keyword && STATEMENT_KINDS.has(keyword) ? keyword : 'other';
}

/** The token check, in constant time (hashes of equal length, whatever the given token's). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const metric = { registers: [registry] };

    // --- HTTP
    const requests = new Counter({
      name: 'shop_http_requests_total',
      help: 'HTTP requests answered, by route template, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      ...metric,
    });
    const requestDuration = new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route template and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ...metric,
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const method = METHODS.has(request.method) ? request.method : 'OTHER';
      requests.inc({ route, method, status: String(reply.statusCode) });
      requestDuration.observe({ route, method }, reply.elapsedTime / 1000);
    });

    // --- Database: the pool, and every statement of its connections.
    const pool = app.pool;
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'Connections of the database pool, by state (in_use, idle)',
      labelNames: ['state'] as const,
      ...metric,
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'shop_db_pool_waiting',
      help: 'Requests waiting for a database connection',
      ...metric,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    const queryDuration = new Histogram({
      name: 'shop_db_query_duration_seconds',
      help: 'Time of a database statement, by kind (its first keyword)',
      labelNames: ['kind', 'outcome'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      ...metric,
    });
    const measured = new WeakSet<pg.PoolClient>();
    const measure = (client: pg.PoolClient) => {
      if (measured.has(client)) return;
      measured.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        // Cursors and other submittables pass by (the app streams none).
        if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') return query(...args);
        const kind = statementKind(args[0]);
        const started = process.hrtime.bigint();
        // pg-pool's own `pool.query` passes a callback: it gets the same answer, after the timing.
        const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as Callback) : undefined;
        const timed = async () => {
          try {
            const result = await (query(...args) as Promise<unknown>);
            queryDuration.observe({ kind, outcome: 'ok' }, seconds(started));
            return result;
          } catch (error) {
            queryDuration.observe({ kind, outcome: 'error' }, seconds(started));
            throw error;
          }
        };
        const answer = app.tracing.enabled
          ? app.tracing.span(
              `db ${kind}`,
              SpanKind.CLIENT,
              { 'db.system.name': 'postgresql', 'db.operation.name': kind },
              timed,
            )
          : timed();
        if (!callback) return answer;
        answer.then(
          (result) => callback(undefined, result),
          (error: Error) => callback(error),
        );
        return undefined;
      };
    };
    // Every checkout (pool.query too) passes here, so connections opened before this plugin count.
    pool.on('acquire', measure);

    // --- Jobs
    const jobDuration = new Histogram({
      name: 'shop_job_duration_seconds',
      help: 'Time of a job handler, by queue',
      labelNames: ['queue'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      ...metric,
    });
    const jobFailures = new Counter({
      name: 'shop_job_failures_total',
      help: 'Job handlers that threw (the job is retried or failed), by queue',
      labelNames: ['queue'] as const,
      ...metric,
    });

    // --- Business
    const ordersPlaced = new Counter({
      name: 'shop_orders_placed_total',
      help: 'Orders placed, by payment method',
      labelNames: ['method'] as const,
      ...metric,
    });
    const ordersPaid = new Counter({
      name: 'shop_orders_paid_total',
      help: 'Orders paid in full, by payment method',
      labelNames: ['method'] as const,
      ...metric,
    });
    const ordersCancelled = new Counter({
      name: 'shop_orders_cancelled_total',
      help: 'Orders cancelled, by who cancelled (expiry, staff, customer, payment)',
      labelNames: ['by'] as const,
      ...metric,
    });
    const revenue = new Counter({
      name: 'shop_revenue_shillings_total',
      help: 'Money of the orders paid, in Uganda shillings, by payment method',
      labelNames: ['method'] as const,
      ...metric,
    });
    app.events.subscribe('order.placed', ({ paymentMethod }) => ordersPlaced.inc({ method: paymentMethod }));
    app.events.subscribe('order.paid', ({ paymentMethod, amount }) => {
      ordersPaid.inc({ method: paymentMethod });
      revenue.inc({ method: paymentMethod }, amount);
    });
    app.events.subscribe('order.cancelled', ({ by }) => ordersCancelled.inc({ by }));

    // --- Caches and sockets, read at each scrape.
    const caches = new Map<string, () => CacheStats>();
    new Gauge({
      name: 'shop_cache_entries',
      help: 'Entries of an in-process cache (the catalog index: its products)',
      labelNames: ['cache'] as const,
      ...metric,
      collect() {
        for (const [cache, stats] of caches) this.set({ cache }, stats().size);
      },
    });
    // Running totals kept by each cache: the counters follow them at each scrape.
    const lastSeen = new Map<string, { hits: number; misses: number }>();
    new Counter({
      name: 'shop_cache_lookups_total',
      help: 'Lookups of an in-process cache, by result (hit, miss)',
      labelNames: ['cache', 'result'] as const,
      ...metric,
      collect() {
        for (const [cache, stats] of caches) {
          const { hits, misses } = stats();
          const last = lastSeen.get(cache) ?? { hits: 0, misses: 0 };
          if (hits > last.hits) this.inc({ cache, result: 'hit' }, hits - last.hits);
          if (misses > last.misses) this.inc({ cache, result: 'miss' }, misses - last.misses);
          lastSeen.set(cache, { hits, misses });
        }
      },
    });
    new Gauge({
      name: 'shop_websocket_connections',
      help: 'Open websockets (live notifications) on this instance',
      ...metric,
      collect() {
        this.set(app.websocketServer?.clients.size ?? 0);
      },
    });
    new Gauge({
      name: 'shop_heap_limit_bytes',
      help: "V8's heap size limit: the process fails when its heap reaches it",
      ...metric,
      collect() {
        this.set(v8.getHeapStatistics().heap_size_limit);
      },
    });
    const emailFailures = new Counter({
      name: 'shop_email_failures_total',
      help: 'E-mails the mail server refused (kept in the outbox for staff)',
      ...metric,
    });

    // --- The database's own figures, read when Prometheus asks (see refreshDatabaseGauges).
    const databaseUp = new Gauge({
      name: 'shop_database_up',
      help: '1 when the scrape could read the database, else 0',
      ...metric,
    });
    const queueWaiting = new Gauge({
      name: 'shop_job_queue_waiting',
      help: 'Jobs waiting to run (created or to be retried), by queue',
      labelNames: ['queue'] as const,
      ...metric,
    });
    const queueLag = new Gauge({
      name: 'shop_job_queue_oldest_due_seconds',
      help: 'How long the oldest job that is due has waited to start, by queue',
      labelNames: ['queue'] as const,
      ...metric,
    });
    const paymentsPending = new Gauge({
      name: 'shop_payments_pending',
      help: 'Mobile-money payments still pending, by age (under_5m, 5m_to_30m, over_30m)',
      labelNames: ['age'] as const,
      ...metric,
    });
    const paymentsOldest = new Gauge({
      name: 'shop_payments_pending_oldest_seconds',
      help: 'Age of the oldest pending payment (0: none)',
      ...metric,
    });
    const outboxMessages = new Gauge({
      name: 'shop_outbox_messages',
      help: `Messages not sent, by channel and state (sms: queued, unsent, failed_24h; email: held); counts stop at ${OUTBOX_COUNT_CAP}`,
      labelNames: ['channel', 'state'] as const,
      ...metric,
    });
    const outboxOldest = new Gauge({
      name: 'shop_outbox_oldest_queued_seconds',
      help: 'Age of the oldest message waiting to be sent, by channel (0: none)',
      labelNames: ['channel'] as const,
      ...metric,
    });

    const read = async <Row>(text: string): Promise<Row[]> =>
      (await pool.query({ text, query_timeout: SCRAPE_QUERY_TIMEOUT_MS } as pg.QueryConfig)).rows as Row[];

    /** Each statement reads a partial or leading index (EXPLAIN: decision 0019). */
    async function refreshDatabaseGauges() {
      const [payments, sms, email, queues] = await Promise.allSettled([
        read<{ under_5m: number; from_5m_to_30m: number; over_30m: number; oldest: number }>(
          `SELECT count(*) FILTER (WHERE created_at > now() - interval '5 minutes')::int AS under_5m,
                  count(*) FILTER (WHERE created_at <= now() - interval '5 minutes'
                                     AND created_at > now() - interval '30 minutes')::int AS from_5m_to_30m,
                  count(*) FILTER (WHERE created_at <= now() - interval '30 minutes')::int AS over_30m,
                  coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
             FROM payment_transactions WHERE status = 'pending'`,
        ),
        read<{ state: string; count: number; oldest: number }>(
          `SELECT state, count(*)::int AS count, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
             FROM (SELECT state, created_at FROM sms_messages WHERE state IN ('queued', 'unsent') LIMIT ${OUTBOX_COUNT_CAP}) waiting
            GROUP BY state
           UNION ALL
           SELECT 'failed_24h', count(*)::int, 0
             FROM (SELECT 1 FROM sms_messages WHERE state = 'failed' AND created_at > now() - interval '1 day' LIMIT ${OUTBOX_COUNT_CAP}) failed`,
        ),
        read<{ held: number }>(
          `SELECT count(*)::int AS held FROM (SELECT 1 FROM dev_mailbox LIMIT ${OUTBOX_COUNT_CAP}) kept`,
        ),
        read<{ name: string; waiting: number; lag: number }>(
          `SELECT name, count(*)::int AS waiting,
                  coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE start_after <= now())), 0)::float8 AS lag
             FROM pgboss.job WHERE state < 'active' GROUP BY name`,
        ),
      ]);
      databaseUp.set(payments.status === 'fulfilled' ? 1 : 0);
      for (const gauge of [
        paymentsPending,
        paymentsOldest,
        outboxMessages,
        outboxOldest,
        queueWaiting,
        queueLag,
      ])
        gauge.reset();
      if (payments.status === 'fulfilled' && payments.value[0]) {
        const row = payments.value[0];
        paymentsPending.set({ age: 'under_5m' }, row.under_5m);
        paymentsPending.set({ age: '5m_to_30m' }, row.from_5m_to_30m);
        paymentsPending.set({ age: 'over_30m' }, row.over_30m);
        paymentsOldest.set(row.oldest);
      }
      if (sms.status === 'fulfilled') {
        for (const state of ['queued', 'unsent', 'failed_24h']) {
          outboxMessages.set(
            { channel: 'sms', state },
            sms.value.find((row) => row.state === state)?.count ?? 0,
          );
        }
        outboxOldest.set({ channel: 'sms' }, sms.value.find((row) => row.state === 'queued')?.oldest ?? 0);
      }
      if (email.status === 'fulfilled') {
        outboxMessages.set({ channel: 'email', state: 'held' }, email.value[0]?.held ?? 0);
      }
      // Before pg-boss's first start its schema does not exist yet: no queue figures then.
      if (queues.status === 'fulfilled') {
        for (const row of queues.value) {
          queueWaiting.set({ queue: row.name }, row.waiting);
          queueLag.set({ queue: row.name }, row.lag);
        }
      }
    }

    const metrics: Metrics = {
      registry,
      async job(queue, run) {
        const started = process.hrtime.bigint();
        const timed = async () => {
          try {
            return await run();
          } catch (error) {
            jobFailures.inc({ queue });
            throw error;
          } finally {
            jobDuration.observe({ queue }, seconds(started));
          }
        };
        return app.tracing.enabled
          ? app.tracing.span(
              `job ${queue}`,
              SpanKind.CONSUMER,
              { 'messaging.destination.name': queue },
              timed,
            )
          : timed();
      },
      watchCache(name, stats) {
        caches.set(name, stats);
      },
      emailFailed() {
        emailFailures.inc();
      },
    };
    app.decorate('metrics', metrics);

    const token = app.config.METRICS_TOKEN;
    if (!token) return;
    app.get(
      METRICS_PATH,
      {
        schema: { hide: true },
        // Scraped every 15 s by each Prometheus: never a line in the request log.
        logLevel: 'warn',
        // Outside /api/v1, so no rate limit applies; the token is the protection.
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
          if (!tokenMatches(request.headers.authorization, token)) {
            reply.header('www-authenticate', 'Bearer realm="metrics"');
            throw unauthorized('Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.');
          }
        },
      },
      async (_request, reply) => {
        await refreshDatabaseGauges();
        reply.header('cache-control', 'no-store');
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  },
  { name: 'metrics', dependencies: ['config', 'database', 'domain-events', 'tracing'] },
);
