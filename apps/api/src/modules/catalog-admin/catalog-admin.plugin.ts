import fp from 'fastify-plugin';
import { applyImport, IMPORT_APPLY_QUEUE } from './imports.service';

/**
 * The back office's catalog jobs: applying an uploaded CSV, one job per import, batch by batch
 * (see ./imports.service.ts). A job interrupted by a crash expires and is retried; it resumes
 * after the last committed batch.
 */
export default fp(
  async (app) => {
    app.jobs.work<{ importId: number }>(
      IMPORT_APPLY_QUEUE,
      async ({ importId }) => applyImport(app.db, importId),
      {
        retryLimit: 3,
        retryDelay: 30,
        expireInSeconds: 30 * 60,
        batchSize: 1,
      },
    );
  },
  { name: 'catalog-admin', dependencies: ['database', 'jobs'] },
);
