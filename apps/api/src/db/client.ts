import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../lib/paths';
import { throttledReporter } from './connection-loss';
import * as schema from './schema';

/** The pooled database; `$client` is its pool (see ./named-statement.ts). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type DatabaseHandle = {
  pool: pg.Pool;
  db: Database;
  close: () => Promise<void>;
};

// int8 (bigint) counts come back as strings by default; every count we read fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type ConnectOptions = {
  /** Where lost connections are reported (throttled); unset, they are not. */
  warn?: (message: string) => void;
};

export function connectDatabase(url: string, poolSize: number, options: ConnectOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  const report = throttledReporter((message) => options.warn?.(message));
  // A connection the database cuts (restart, failover, pg_terminate_backend) emits 'error' on its
  // client. Idle clients are covered by the pool ('error' below); a checked-out one (a
  // transaction, pg-boss, a seed) has no listener of its own, and an unhandled 'error' event
  // ends the process. Every client gets one for its whole life: the query in flight still
  // rejects, and the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => report(`a database connection was lost: ${error.message}`));
  });
  pool.on('error', (error) => report(`an idle database connection was lost: ${error.message}`));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db, close: () => endPool(pool, options.warn) };
}

/** How long closing waits for connections still checked out. */
const POOL_END_TIMEOUT_MS = 5_000;

/**
 * Ends the pool, but does not wait forever: `pool.end()` waits for every checked-out client,
 * and after the database was lost under load one was seen never to come back (in several runs of
 * the embedded-kill fault test; cause not found yet), which held the shutdown until its timeout. Its connection is gone
 * anyway; the database server is stopped cleanly after this.
 */
async function endPool(pool: pg.Pool, warn?: (message: string) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), POOL_END_TIMEOUT_MS);
    timer.unref();
  });
  const outcome = await Promise.race([pool.end().then(() => 'ended' as const), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    warn?.(
      `the database pool still had ${pool.totalCount - pool.idleCount} connection(s) in use after ${POOL_END_TIMEOUT_MS} ms; closing without them`,
    );
  }
}

/** Any number advisory lock key shared by every instance that migrates this database. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed migrations. Several API instances may start at once against one
 * database, so migrating happens under an advisory lock.
 */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A cut connection rejects the migration's query; the 'error' event must not end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
