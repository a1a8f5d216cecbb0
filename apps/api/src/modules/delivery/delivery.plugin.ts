import fp from 'fastify-plugin';
import { findOutOfStepOrderIds } from './delivery.repository';
import { rememberOrderInstructions, syncDelivery } from './delivery.service';

export const RECONCILE_QUEUE = 'delivery.reconcile';

/**
 * Deliveries follow their orders: each `order.placed` (confirmed at once: cash on delivery) and
 * `order.status_changed` brings the order's delivery in step, after the order's commit. Should a
 * handler fail (the database was away), a job every five minutes catches up every delivery that
 * is missing or behind its order, so none is lost.
 */
export default fp(
  async (app) => {
    const sync = (orderId: string) =>
      app.events.transaction(app.db, (tx, outbox) => syncDelivery(tx, orderId, outbox));

    app.events.subscribe('order.placed', async (event) => {
      await rememberOrderInstructions(app.db, event.orderId);
      if (event.status === 'confirmed' && event.fulfilment === 'delivery') await sync(event.orderId);
    });
    app.events.subscribe('order.status_changed', async (event) => {
      if (event.fulfilment === 'delivery') await sync(event.orderId);
    });

    app.jobs.schedule(RECONCILE_QUEUE, '*/5 * * * *', async () => {
      const caught = await reconcileDeliveries(sync, () => findOutOfStepOrderIds(app.db, 200));
      if (caught > 0) app.log.warn({ deliveries: caught }, 'deliveries caught up with their orders');
    });
  },
  { name: 'delivery', dependencies: ['config', 'database', 'domain-events', 'jobs'] },
);

/** Runs `sync` for every order out of step, batch by batch; answers how many were caught up. */
export async function reconcileDeliveries(
  sync: (orderId: string) => Promise<unknown>,
  nextBatch: () => Promise<string[]>,
): Promise<number> {
  let total = 0;
  const seen = new Set<string>();
  for (;;) {
    const ids = (await nextBatch()).filter((id) => !seen.has(id));
    if (ids.length === 0) return total;
    for (const id of ids) {
      seen.add(id);
      await sync(id);
      total += 1;
    }
  }
}
