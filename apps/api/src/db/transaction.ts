import type { Database } from './client';

/**
 * A transaction of the shop's database (Drizzle's): what a function that must run inside its
 * caller's transaction receives, so that its locks and writes commit with the caller's.
 */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The database or one of its transactions: for queries that may run either way. */
export type Executor = Database | Tx;
