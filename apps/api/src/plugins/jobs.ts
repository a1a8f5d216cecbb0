import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { reconnectBackoff } from '../config';
import { type Backoff, backoffDelay, DEFAULT_BACKOFF } from '../db/backoff';
import { connectionLossReason, isDatabaseUnavailable, throttledReporter } from '../db/connection-loss';
import type { Tx } from '../db/transaction';

/**
 * Background jobs: pg-boss 10 on the shop's own PostgreSQL (schema `pgboss`, installed on first
 * start), through the app's pool, so it works the same with the embedded database, an external
 * one and the tests' databases.
 *
 * Declare queues while your plugin registers (before the app is ready), send from anywhere:
 *
 * ```ts
 * // in a plugin registered after this one
 * app.jobs.work<{ orderId: string }>('orders.confirmation-email', async ({ orderId }) => {
 *   await sendConfirmation(orderId); // throw to retry (retryLimit times, retryDelay apart)
 * }, { retryLimit: 5, retryDelay: 60 });
 * app.jobs.schedule('orders.expire-unpaid', '* * * * *', async () => expireUnpaidOrders(app.db, new Date()));
 *
 * // later, e.g. in a domain-event handler after commit
 * await app.jobs.send('orders.confirmation-email', { orderId });
 * ```
 *
 * - **Once across instances.** A job is fetched by one worker of one instance (`FOR UPDATE SKIP
 *   LOCKED`); a schedule fires once per slot whichever instances run it (pg-boss keeps the cron
 *   in the database and throttles each slot to one job). A worker that dies mid-job leaves the
 *   job to expire and be retried, so handlers must be idempotent (check what they already did).
 * - **Lifecycle.** pg-boss starts when the app is ready (without the database, the app still
 *   starts and the queue keeps trying) and stops when the app starts closing: no
 *   new jobs are fetched, running ones finish (up to half of SHUTDOWN_TIMEOUT_MS) before the
 *   rest of the app (e-mail, the pool) closes.
 * - **JOBS_ENABLED=false** (web-only instances): queues and `send` work, but this instance runs
 *   no workers and fires no schedules; the instances with JOBS_ENABLED=true do.
 * - `send` wakes this instance's worker of the queue at once, so a job sent here runs without
 *   waiting for the next poll (other instances pick it up on their poll, every 2 s by default).
 * - **In your transaction.** `send(name, data, { tx })` writes the job in a Drizzle transaction:
 *   it exists if and only if that transaction commits (an outbox: the order and its e-mail job
 *   are one commit). Call `wake(name)` after the commit to run it here at once.
 */

export type JobHandler<T> = (data: T, job: PgBoss.Job<T>) => Promise<unknown>;

export type QueueOptions = {
  /** Further attempts after a failure (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 30), doubled each time with retryBackoff. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job running longer than this is failed (and retried): default 15 minutes. */
  expireInSeconds?: number;
};

export type WorkOptions = QueueOptions & {
  /** Jobs fetched at once (run one after another; each fails or completes alone). Default 10. */
  batchSize?: number;
  /** How often an idle worker looks for jobs sent by other instances (default 2 s, at least 0.5). */
  pollingIntervalSeconds?: number;
};

export type SendOptions = PgBoss.SendOptions & {
  /** Write the job in this transaction: it exists only once the transaction commits. */
  tx?: Tx;
};

export type Jobs = {
  /** True when this instance runs workers and schedules (JOBS_ENABLED). */
  readonly enabled: boolean;
  /** True once the app is closing: a long handler stops at its next step and queues the rest. */
  readonly stopping: boolean;
  /** Declares a queue that this instance sends to without working it. */
  queue(name: string, options?: QueueOptions): void;
  /** Declares a queue and its handler. Call before the app is ready (in a plugin). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /** A queue whose job is sent by a cron expression (UTC, minute precision) once per slot. */
  schedule(name: string, cron: string, handler: JobHandler<object>, options?: WorkOptions): void;
  /** Queues a job; answers its id (null when throttled by `singletonKey`/`singletonSeconds`). */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Wakes this instance's worker of the queue (after committing jobs sent with `tx`). */
  wake(name: string): void;
  /** The pg-boss instance, for what the helpers above do not cover (sizes, job lookups). */
  readonly boss: PgBoss;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

type Declared = {
  options: QueueOptions;
  handler?: JobHandler<object>;
  workOptions?: WorkOptions;
  cron?: string;
  workerId?: string;
};

const DEFAULT_BATCH_SIZE = 10;

/** pg-boss's SQL (`$1`, `$2` … placeholders) as a Drizzle query, to run it in a transaction. */
export function boundQuery(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
    sql``,
  );
}
const DEFAULT_QUEUE_OPTIONS: QueueOptions = { retryLimit: 3, retryDelay: 30, retryBackoff: true };

/** Advisory lock key (see MIGRATION_LOCK_KEY in db/client.ts) serializing pg-boss's create_queue. */
export const CREATE_QUEUE_LOCK_KEY = 727_002;

/** pg-boss's `createQueue` command: `SELECT <schema>.create_queue($1, $2)`. */
const CREATE_QUEUE = /^\s*SELECT\s+\w+\.create_queue\(/i;

/**
 * pg-boss's SQL through the app's pool. Some of its commands are several statements with their
 * own BEGIN/COMMIT: a failure must not hand a connection back to the pool in an aborted
 * transaction, so it is rolled back here. Queries in flight are counted for a clean stop.
 *
 * pg-boss 10 creates a queue's partition (CREATE TABLE, foreign keys to `queue`, ATTACH
 * PARTITION) without a lock of its own: two instances starting at once on an empty database
 * deadlocked on it (one logged `deadlock detected` and started again). Each create_queue runs
 * here in a transaction holding an advisory lock, so they go one after another across instances.
 */
function poolExecutor(pool: Pick<pg.Pool, 'connect'>, onLateQuery: () => void) {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  let closed = false;
  return {
    executor: {
      async executeSql(text: string, values?: unknown[]) {
        // A job whose handler outlived the shutdown deadline is completed by pg-boss without
        // awaiting it, after the pool has ended. Its result is dropped: pg-boss failed the job
        // at the deadline, so it runs again (handlers are idempotent). pg-boss reads no result as
        // nothing changed.
        if (closed) {
          onLateQuery();
          return null as unknown as pg.QueryResult;
        }
        inFlight += 1;
        const client = await pool.connect().catch((error: unknown) => {
          inFlight -= 1;
          throw error;
        });
        let broken: Error | undefined;
        try {
          if (!CREATE_QUEUE.test(text)) return await client.query(text, values);
          await client.query('BEGIN');
          await client.query('SELECT pg_advisory_xact_lock($1)', [CREATE_QUEUE_LOCK_KEY]);
          const result = await client.query(text, values);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          throw error;
        } finally {
          client.release(broken);
          inFlight -= 1;
          if (inFlight === 0) drained?.();
        }
      },
    },
    /** Resolves when no query is in flight (or after `timeoutMs`). */
    async idle(timeoutMs: number) {
      if (inFlight === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      drained = undefined;
    },
    /** From now on no query reaches the pool (it is about to end). */
    close() {
      closed = true;
    },
  };
}

export function createJobs(options: {
  pool: Pick<pg.Pool, 'connect'>;
  enabled: boolean;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;
  shutdownTimeoutMs: number;
  /** How long `send` waits for a queue that could not start yet before it gives up. */
  readyTimeoutMs?: number;
  /** Bounds of the jittered delay between attempts to start while the database is away. */
  backoff?: Backoff;
  /** Runs each job's handler (the metrics plugin times it and counts its failures). */
  observe?: <T>(queue: string, run: () => Promise<T>) => Promise<T>;
}) {
  const { pool, enabled, log, backoff = DEFAULT_BACKOFF, observe = (_queue, run) => run() } = options;
  const { executor, idle, close } = poolExecutor(pool, () =>
    log.warn('job queue: a job finished after the shutdown deadline; it will run again'),
  );
  // While the database is away every worker's poll fails (each queue, every couple of seconds):
  // say so now and then, not each time. pg-boss's loops go on polling through the pool, which
  // connects again by itself once the database is back.
  const reportLoss = throttledReporter((message) => log.warn(message));
  const createBoss = () => {
    const instance = new PgBoss({
      db: executor,
      schedule: enabled,
      supervise: enabled,
      migrate: true,
      // Schedules are declared after pg-boss starts: look at them every 10 s (not 30), so the
      // first slot is not missed for long, and hand a due slot to its queue within 2 s (not 5).
      cronMonitorIntervalSeconds: 10,
      cronWorkerIntervalSeconds: 2,
    });
    instance.on('error', (error) => {
      if (isDatabaseUnavailable(error))
        reportLoss(`job queue: database unavailable (${connectionLossReason(error)})`);
      else log.error({ err: error }, 'job queue error');
    });
    return instance;
  };
  // A pg-boss whose start failed cannot start again: each attempt gets a fresh one.
  let boss = createBoss();

  const declared = new Map<string, Declared>();
  /** Resolves once pg-boss has started and every declared queue is set up. */
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  let starting: Promise<void> | undefined;
  let running = false;
  let stopping = false;
  let retry: NodeJS.Timeout | undefined;
  let handlersInFlight = 0;

  const declare = (name: string, entry: Declared) => {
    if (!name || !/^[\w.-]+$/.test(name)) throw new Error(`Invalid job queue name "${name}"`);
    const existing = declared.get(name);
    if (existing?.handler && entry.handler) throw new Error(`Job queue "${name}" already has a worker`);
    declared.set(name, { ...existing, ...entry, options: { ...existing?.options, ...entry.options } });
    if (running)
      void activate(name).catch((error) => log.error({ err: error, queue: name }, 'could not start'));
  };

  /** Runs each job of a batch alone: one failure retries that job only. */
  const runBatch = (name: string, handler: JobHandler<object>, batchSize: number) => {
    return async (batch: PgBoss.Job<object>[]) => {
      handlersInFlight += 1;
      try {
        for (const job of batch) {
          try {
            await observe(name, () => handler(job.data, job));
          } catch (error) {
            log.warn({ err: error, queue: name, jobId: job.id }, 'job failed; it will be retried');
            const message = error instanceof Error ? error.message : String(error);
            // Without the database the failure cannot be recorded: the job stays active,
            // expires and is retried, as after a crash.
            await boss.fail(name, job.id, { message }).catch((failError: unknown) => {
              if (!isDatabaseUnavailable(failError)) throw failError;
              reportLoss(`job queue: could not record a failed job (${connectionLossReason(failError)})`);
            });
          }
        }
      } finally {
        handlersInFlight -= 1;
      }
      // A full batch means more may be waiting: fetch again at once instead of after the interval.
      const workerId = declared.get(name)?.workerId;
      if (batch.length >= batchSize && workerId && running) boss.notifyWorker(workerId);
    };
  };

  const activate = async (name: string) => {
    const entry = declared.get(name);
    if (!entry) return;
    await boss.createQueue(name, { name, ...DEFAULT_QUEUE_OPTIONS, ...entry.options });
    if (entry.cron) await boss.schedule(name, entry.cron, {}, { tz: 'UTC' });
    if (enabled && entry.handler && !entry.workerId) {
      const batchSize = entry.workOptions?.batchSize ?? DEFAULT_BATCH_SIZE;
      entry.workerId = await boss.work<object>(
        name,
        {
          batchSize,
          ...(entry.workOptions?.pollingIntervalSeconds
            ? { pollingIntervalSeconds: entry.workOptions.pollingIntervalSeconds }
            : {}),
        },
        runBatch(name, entry.handler, batchSize),
      );
    }
  };

  const jobs: Jobs = {
    enabled,
    get stopping() {
      return stopping;
    },
    get boss() {
      return boss;
    },
    queue(name, queueOptions = {}) {
      declare(name, { options: queueOptions });
    },
    work(name, handler, workOptions = {}) {
      const { batchSize: _b, pollingIntervalSeconds: _p, ...queueOptions } = workOptions;
      declare(name, { options: queueOptions, handler: handler as JobHandler<object>, workOptions });
    },
    schedule(name, cron, handler, workOptions = {}) {
      const { batchSize: _b, pollingIntervalSeconds: _p, ...queueOptions } = workOptions;
      declare(name, {
        // A missed slot is not worth repeating: the next one comes within the minute.
        options: { retryLimit: 0, ...queueOptions },
        handler,
        workOptions,
        cron,
      });
    },
    async send(name, data, sendOptions = {}) {
      if (!declared.has(name)) {
        throw new Error(`Job queue "${name}" is not declared: call app.jobs.work or app.jobs.queue first`);
      }
      await untilReady();
      const { tx, ...options } = sendOptions;
      if (tx) {
        // Not visible to any worker before the commit: the caller wakes the worker after it.
        const db = { executeSql: (text: string, values?: unknown[]) => tx.execute(boundQuery(text, values)) };
        return boss.send(name, data, { ...options, db });
      }
      const id = await boss.send(name, data, options);
      if (id && !options.startAfter) jobs.wake(name);
      return id;
    },
    wake(name) {
      const workerId = declared.get(name)?.workerId;
      if (workerId && running) boss.notifyWorker(workerId);
    },
  };

  /** Waits for the queue to be started (the database may still be out of reach), at most a while. */
  async function untilReady() {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('The job queue is not available (is the database up?)')),
        options.readyTimeoutMs ?? 10_000,
      );
      timer.unref();
    });
    try {
      await Promise.race([ready, gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One attempt to start pg-boss and set up every queue; answers whether it worked. */
  async function attempt(): Promise<boolean> {
    try {
      await boss.start();
      running = true;
      for (const name of declared.keys()) await activate(name);
      markReady();
      return true;
    } catch (error) {
      running = false;
      if (isDatabaseUnavailable(error)) {
        reportLoss(
          `the job queue could not start: database unavailable (${connectionLossReason(error)}); retrying`,
        );
      } else {
        log.warn({ err: error }, 'the job queue could not start; trying again shortly');
      }
      await boss.stop({ graceful: false, close: false }).catch(() => undefined);
      boss = createBoss();
      return false;
    }
  }

  return {
    jobs,
    /**
     * Starts the queue. When the database cannot be reached the app still starts (its readiness
     * check says so); the queue tries again, with a growing jittered delay, until it can.
     */
    start() {
      starting ??= (async () => {
        if (await attempt()) return;
        let attempts = 0;
        const again = () => {
          retry = setTimeout(
            async () => {
              if (stopping) return;
              if (!(await attempt()) && !stopping) again();
            },
            backoffDelay(backoff, attempts),
          );
          retry.unref();
          attempts += 1;
        };
        again();
      })();
      return starting;
    },
    async stop() {
      stopping = true;
      clearTimeout(retry);
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.shutdownTimeoutMs });
      // Jobs fetched just before the stop still run; wait for them and for pg-boss's last queries.
      const deadline = Date.now() + options.shutdownTimeoutMs;
      while (handlersInFlight > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await idle(Math.max(0, deadline - Date.now()));
      close();
    },
  };
}

/**
 * Decorates `app.jobs`; pg-boss starts once the app is ready and stops as soon as it starts
 * closing (sending jobs keeps working while in-flight requests finish).
 */
export default fp(
  async (app) => {
    const { jobs, start, stop } = createJobs({
      pool: app.pool,
      enabled: app.config.JOBS_ENABLED,
      log: app.log,
      // Leave part of the shutdown budget to the rest of the app.
      shutdownTimeoutMs: Math.floor(app.config.SHUTDOWN_TIMEOUT_MS / 2),
      backoff: reconnectBackoff(app.config),
      observe: (queue, run) => app.metrics.job(queue, run),
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      await start();
    });
    // Before the rest of the app closes (e-mail, the pool): running jobs may still need them.
    app.addHook('preClose', async () => {
      await stop();
    });
  },
  { name: 'jobs', dependencies: ['config', 'database', 'metrics'] },
);
