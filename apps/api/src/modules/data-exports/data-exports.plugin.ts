import fp from 'fastify-plugin';
import {
  BUILD_EXPORT_QUEUE,
  buildExport,
  type DataExportDeps,
  PURGE_EXPORTS_QUEUE,
  purgeExports,
} from './data-exports.service';

/**
 * Copies of customers' data: the job that builds each requested ZIP (once, whichever instance
 * takes it) and the hourly purge of the files downloaded or past their time.
 */
export default fp(
  async (app) => {
    const deps: DataExportDeps = {
      db: app.db,
      jobs: app.jobs,
      email: app.email,
      notifications: app.notifications,
      publicUrl: app.config.publicUrl,
    };
    app.jobs.work<{ exportId: string }>(
      BUILD_EXPORT_QUEUE,
      async ({ exportId }) => buildExport(deps, exportId, new Date()),
      { retryLimit: 5, retryDelay: 60, retryBackoff: true, batchSize: 1 },
    );
    app.jobs.schedule(PURGE_EXPORTS_QUEUE, '23 * * * *', async () => purgeExports(app.db, new Date()));
  },
  { name: 'data-exports', dependencies: ['jobs', 'email', 'notifications'] },
);
