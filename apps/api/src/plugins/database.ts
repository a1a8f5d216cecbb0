import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    pool: pg.Pool;
  }
}

/**
 * Exposes the Drizzle database and its pool. The pool is opened and closed by whoever starts
 * the app (the server or a test), so that shutdown order stays explicit.
 */
export default fp<{ database: DatabaseHandle }>(
  async (app, { database }) => {
    app.decorate('db', database.db);
    app.decorate('pool', database.pool);
  },
  { name: 'database' },
);
