import type { RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route handlers still running, including those whose client hung up. */
    handlersInFlight: { readonly count: number; idle: () => Promise<void> };
  }
}

/**
 * Counts running route handlers. Fastify's `close()` returns once the connections are gone, but
 * a handler whose client hung up keeps running (Node cannot cancel it): shutting down waits for
 * those before closing the database pool, so a checkout half-way through is never cut off from
 * its database between two steps. Register before any route.
 */
export default fp(
  async (app) => {
    let count = 0;
    const waiting: Array<() => void> = [];
    const finished = () => {
      count -= 1;
      if (count === 0) for (const resolve of waiting.splice(0)) resolve();
    };

    app.decorate('handlersInFlight', {
      get count() {
        return count;
      },
      idle: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    });
    app.addHook('onRoute', (route) => {
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function countedHandler(this: typeof app, request, reply) {
        count += 1;
        let result: unknown;
        try {
          result = handler.call(this, request, reply);
        } catch (error) {
          finished();
          throw error;
        }
        if (result instanceof Promise) {
          return result.then(
            (value) => {
              finished();
              return value;
            },
            (error: unknown) => {
              finished();
              throw error;
            },
          );
        }
        // A handler that answers synchronously (or by callback) has nothing left to wait for.
        finished();
        return result;
      } as RouteHandlerMethod;
    });
  },
  { name: 'handlers-in-flight' },
);
