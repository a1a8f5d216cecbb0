import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the shutdown (lib/graceful-shutdown.ts) before anything else closes. */
    drain: { readonly draining: boolean; start: () => void };
  }
}

/**
 * Stopping behind a proxy without failing a request. Once the shutdown starts draining, every
 * response tells its client to close the connection (`Connection: close`), so that a proxy's
 * kept-alive connection is not used for another request: nginx opens a new one, which the
 * stopped listener refuses, and sends the request to another instance. Without it, a request
 * could reach this instance over an old connection while it stops, and nginx never sends a POST
 * to a second instance after the first one failed it. The notifications socket refuses new
 * sockets while draining (see notifications.socket.ts).
 */
export default fp(
  async (app) => {
    let draining = false;
    app.decorate('drain', {
      get draining() {
        return draining;
      },
      start: () => {
        draining = true;
      },
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'drain' },
);
