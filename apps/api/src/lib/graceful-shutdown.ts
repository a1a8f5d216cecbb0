import type { FastifyInstance } from 'fastify';

export type ShutdownOptions = {
  app: FastifyInstance;
  /** Runs after the server has closed: the pool, then the database server, then the lock. */
  cleanUp: () => Promise<void>;
  timeoutMs: number;
  exit?: (code: number) => void;
};

/**
 * Returns the function that stops the shop: stop accepting connections, let in-flight
 * requests finish (Fastify's close waits for them, and then for handlers whose client hung up),
 * then release resources. A shutdown that
 * takes longer than the timeout exits with an error instead of hanging forever.
 */
export function createShutdown({ app, cleanUp, timeoutMs, exit = process.exit }: ShutdownOptions) {
  let running: Promise<void> | undefined;
  return (reason: string): Promise<void> => {
    running ??= (async () => {
      app.log.info(`${reason}: finishing in-flight requests`);
      // Before anything else closes: responses from now on close their connection, and new
      // connections are refused at once, so a proxy sends the next requests to another instance
      // (Fastify alone keeps listening while its preClose hooks run, the job queue's stop for up
      // to half the timeout, and answers what it accepts meanwhile with a 503). Fastify's own
      // close below still waits for the open connections to finish.
      app.drain.start();
      app.server.close();
      const force = setTimeout(() => {
        app.log.error('Shutdown took too long; exiting');
        exit(1);
      }, timeoutMs);
      force.unref();
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
