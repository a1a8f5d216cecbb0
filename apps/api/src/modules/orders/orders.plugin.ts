import fp from 'fastify-plugin';
import { expireUnpaidOrders } from './order-lifecycle';
import { orderListPayableKind } from './order-list-payable';
import { orderPayableKind } from './order-payable';
import { CONFIRMATION_EMAIL_QUEUE, EXPIRE_UNPAID_QUEUE, sendOrderConfirmation } from './orders.jobs';

/**
 * The orders' background work:
 * - the order-confirmation e-mail: checkout writes its job in the order's own transaction (so
 *   an order never lacks its e-mail, even if the process dies right after the commit), and
 *   `order.placed` wakes the worker; retried when the mail server fails;
 * - every minute, unpaid mobile-money orders past their deadline are cancelled and their stock
 *   given back (`expireUnpaidOrders`, once per minute across all instances);
 * - orders as something payments can pay for: a verified payment marks the order paid inside the
 *   payment's transaction (see ./order-payable.ts).
 */
export default fp(
  async (app) => {
    app.jobs.work<{ orderId: string }>(
      CONFIRMATION_EMAIL_QUEUE,
      async ({ orderId }) =>
        sendOrderConfirmation({ db: app.db, email: app.email, publicUrl: app.config.publicUrl }, orderId),
      { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
    );

    app.jobs.schedule(EXPIRE_UNPAID_QUEUE, '* * * * *', async () => {
      const cancelled = await expireUnpaidOrders(app.db, new Date(), { events: app.events });
      if (cancelled.length > 0) app.log.info({ orders: cancelled }, 'unpaid orders cancelled');
    });

    app.events.subscribe('order.placed', () => {
      app.jobs.wake(CONFIRMATION_EMAIL_QUEUE);
    });

    app.payables.register(orderPayableKind());
    app.payables.register(orderListPayableKind());
  },
  { name: 'orders', dependencies: ['config', 'database', 'domain-events', 'email', 'jobs', 'payments'] },
);
