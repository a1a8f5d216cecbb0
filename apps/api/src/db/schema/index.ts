/**
 * Every table, gathered for Drizzle's relational queries. Each feature keeps its tables in a
 * file of its own beside this one.
 */
export * from './catalog';
export * from './email';
export * from './identity';
