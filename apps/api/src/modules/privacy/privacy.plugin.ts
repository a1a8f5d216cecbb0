import fp from 'fastify-plugin';
import { APPLY_RETENTION_QUEUE, applyRetentionNow } from './privacy.service';

/** The hourly retention job: each kind of data deleted once older than its admin-set period. */
export default fp(
  async (app) => {
    app.jobs.schedule(APPLY_RETENTION_QUEUE, '47 * * * *', async () => applyRetentionNow(app.db, new Date()));
  },
  { name: 'privacy', dependencies: ['jobs'] },
);
