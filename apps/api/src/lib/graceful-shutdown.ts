import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export type ShutdownOptions = {
  app: FastifyInstance;
  /** Runs after the server has closed: the pool, then the database server, then the lock. */
  cleanUp: () => Promise<void>;
  timeoutMs: number;
  /** How long kept-alive connections may still bring a request after the listener closed. */
  drainGraceMs?: number;
  exit?: (code: number) => void;
};

/** Long enough for a busy proxy to use, and so close, each connection it keeps to this instance. */
export const DRAIN_GRACE_MS = 1_000;

/**
 * Returns the function that stops the shop: stop accepting connections, serve what still comes
 * over kept-alive connections for a moment, let in-flight requests finish (Fastify's close waits
 * for them, and then for handlers whose client hung up), then release resources. A shutdown that
 * takes longer than the timeout exits with an error instead of hanging forever.
 */
export function createShutdown({
  app,
  cleanUp,
  timeoutMs,
  drainGraceMs = DRAIN_GRACE_MS,
  exit = process.exit,
}: ShutdownOptions) {
  let running: Promise<void> | undefined;
  return (reason: string): Promise<void> => {
    running ??= (async () => {
      app.log.info(`${reason}: finishing in-flight requests`);
      const force = setTimeout(() => {
        app.log.error('Shutdown took too long; exiting');
        exit(1);
      }, timeoutMs);
      force.unref();
      // Before anything else closes: responses from now on close their connection, and new
      // connections are refused at once, so a proxy sends the next requests to another instance
      // (Fastify alone keeps listening while its preClose hooks run, the job queue's stop for up
      // to half the timeout, and answers what it accepts meanwhile with a 503). net's close, not
      // http's: kept-alive connections stay open for `drainGraceMs`, and a request the proxy sends
      // on one is served (and its connection closed after it). Closing them at once races with a
      // request the proxy is just sending, which it then fails: nginx never sends a POST to a
      // second instance. Fastify's own close below closes those still idle and waits for the rest.
      app.drain.start();
      net.Server.prototype.close.call(app.server);
      await new Promise((resolve) => setTimeout(resolve, drainGraceMs));
      // Keep-alive connections that go idle once their response is sent would hold the close
      // open until they time out; close each as soon as it is idle.
      const closeIdle = setInterval(() => app.server.closeIdleConnections?.(), 100);
      closeIdle.unref();
      try {
        await app.close();
        clearInterval(closeIdle);
        // Handlers whose client hung up are still running: let them finish with the database.
        await app.handlersInFlight.idle();
        await cleanUp();
        clearTimeout(force);
        exit(0);
      } catch (error) {
        clearInterval(closeIdle);
        clearTimeout(force);
        app.log.error({ err: error }, 'Shutdown failed');
        exit(1);
      }
    })();
    return running;
  };
}
