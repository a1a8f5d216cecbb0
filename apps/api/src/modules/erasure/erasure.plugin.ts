import fp from 'fastify-plugin';
import { ERASE_DUE_QUEUE, eraseDue, PURGE_TAX_RECORDS_QUEUE, purgeTaxRecords } from './erasure.service';

/**
 * Erasure's jobs: every minute (a cheap look at a partial index), the accounts whose cooling-off has ended are erased; daily,
 * the tax records kept of erased accounts are deleted once the legal period has passed.
 */
export default fp(
  async (app) => {
    app.jobs.schedule(ERASE_DUE_QUEUE, '* * * * *', async () => eraseDue(app.db, new Date()));
    app.jobs.schedule(PURGE_TAX_RECORDS_QUEUE, '41 2 * * *', async () =>
      purgeTaxRecords({ db: app.db, taxRecordYears: app.config.TAX_RECORD_RETENTION_YEARS }, new Date()),
    );
  },
  { name: 'erasure', dependencies: ['jobs'] },
);
