import fp from 'fastify-plugin';
import { mergeCarts } from './cart.service';

/**
 * The visitor's cart follows them into their account: when an anonymous session signs up or
 * signs in (`identity.account_linked`, before the sign-in answers), its lines move into the
 * account's cart. A failure throws, so identity keeps the anonymous user (and its cart) instead
 * of deleting it.
 */
export default fp(
  async (app) => {
    app.events.subscribe('identity.account_linked', async ({ anonymousUserId, userId }) => {
      await mergeCarts(app.db, anonymousUserId, userId, app.log);
    });
  },
  { name: 'cart', dependencies: ['database', 'domain-events'] },
);
