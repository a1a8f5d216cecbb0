import fp from 'fastify-plugin';
import { LOW_STOCK_QUEUE, type LowStockJob, notifyLowStock } from './stock.jobs';

/** The stock's background work: the staff's low-stock notices (see ./stock.jobs.ts). */
export default fp(
  async (app) => {
    app.jobs.work<LowStockJob>(LOW_STOCK_QUEUE, async (job) => notifyLowStock(app.db, job), {
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
    });
  },
  { name: 'stock', dependencies: ['database', 'jobs', 'notifications'] },
);
