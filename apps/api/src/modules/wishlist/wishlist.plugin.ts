import fp from 'fastify-plugin';
import { mergeVisitorWishlist } from './wishlist.service';
import { dispatchWishlistAlerts } from './wishlist-alerts';

/** The job that publishes waiting wishlist alerts, every minute on one instance (pg-boss). */
export const PUBLISH_ALERTS_QUEUE = 'wishlist.publish-alerts';

/**
 * The wishlist's background work:
 * - on `identity.account_linked`, the visitor's saved bottles move into the account (before the
 *   anonymous user is removed, which would delete them);
 * - every minute, waiting wishlist alerts become domain events (`wishlist.product_available`,
 *   `wishlist.product_on_sale`) that the notifications feature turns into notifications.
 */
export default fp(
  async (app) => {
    const unsubscribe = app.events.subscribe(
      'identity.account_linked',
      async ({ anonymousUserId, userId }) => {
        await mergeVisitorWishlist(app.db, anonymousUserId, userId);
      },
    );
    app.addHook('onClose', async () => unsubscribe());

    app.jobs.schedule(PUBLISH_ALERTS_QUEUE, '* * * * *', async () => {
      const { published, delivered } = await dispatchWishlistAlerts(app.db, app.events);
      if (published > 0) app.log.info({ published, delivered }, 'wishlist alerts published');
    });
  },
  { name: 'wishlist', dependencies: ['config', 'database', 'domain-events', 'jobs'] },
);
