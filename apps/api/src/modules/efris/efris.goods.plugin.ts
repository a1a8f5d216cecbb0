import fp from 'fastify-plugin';
import { refreshDictionariesDaily, registerGood, reportStockIncrease, sweepGoods } from './efris.goods';
import { EFRIS_GOODS_JOBS, registerSingletonKey, stockIncreaseSingletonKey } from './efris.goods.jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues registrations (T130) of these sizes, one job per size. */
    efrisQueueRegistrations(variantIds: number[]): Promise<void>;
  }
}

/**
 * EFRIS goods (decision 0033): registrations and stock increases on the job queue, each through
 * its own record; the minute's sweep queues what is due; URA's dictionaries refreshed daily.
 */
export default fp(
  async (app) => {
    const context = app.efris;
    const options = { retryLimit: 5, retryDelay: 30, retryBackoff: true, batchSize: 1 };
    app.jobs.work<{ variantId: number }>(
      EFRIS_GOODS_JOBS.register,
      async ({ variantId }) => registerGood(context, variantId),
      options,
    );
    app.jobs.work<{ movementId: number }>(
      EFRIS_GOODS_JOBS.stockIncrease,
      async ({ movementId }) => reportStockIncrease(context, movementId),
      options,
    );
    const queueRegistrations = async (variantIds: number[]) => {
      for (const variantId of variantIds)
        await app.jobs.send(
          EFRIS_GOODS_JOBS.register,
          { variantId },
          { singletonKey: registerSingletonKey(variantId) },
        );
    };
    app.decorate('efrisQueueRegistrations', queueRegistrations);
    app.jobs.schedule(EFRIS_GOODS_JOBS.sweep, '* * * * *', async () => {
      const due = await sweepGoods(context);
      await queueRegistrations(due.goods);
      for (const movementId of due.stockIncreases)
        await app.jobs.send(
          EFRIS_GOODS_JOBS.stockIncrease,
          { movementId },
          { singletonKey: stockIncreaseSingletonKey(movementId) },
        );
    });
    app.jobs.schedule(EFRIS_GOODS_JOBS.dictionaries, '17 3 * * *', async () =>
      refreshDictionariesDaily(context),
    );
  },
  { name: 'efris-goods', dependencies: ['efris', 'jobs'] },
);
