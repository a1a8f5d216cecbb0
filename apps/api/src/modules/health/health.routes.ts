import { healthResponseSchema, type ReadyResponse, readyResponseSchema } from '@shop/contract/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectionLossReason, DATABASE_RETRY_AFTER_SECONDS } from '../../db/connection-loss';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      // A load balancer polls it; rate limiting it would mark a healthy instance as down.
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: the database answers and the catalog index is built (503 with Retry-After while not)',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        const keeper = app.catalog.indexKeeper;
        const catalogIndex: ReadyResponse['catalog_index'] = keeper.current() ? 'current' : 'building';
        // The catalog's lists and searches are answered by the index alone: no index, not ready.
        if (!keeper.built) {
          reply.header('retry-after', '1');
          return reply
            .status(503)
            .send({ status: 'unavailable', database: 'up', catalog_index: catalogIndex });
        }
        return { status: 'ready' as const, database: 'up' as const, catalog_index: catalogIndex };
      } catch (error) {
        request.log.warn({ reason: connectionLossReason(error) }, 'database is not reachable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};

export default healthRoutes;
