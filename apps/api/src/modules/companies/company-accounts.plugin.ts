import fp from 'fastify-plugin';
import {
  OVERDUE_REMINDER_QUEUE,
  OVERDUE_SCAN_QUEUE,
  type OverdueReminderJob,
  queueOverdueReminders,
  sendOverdueReminder,
} from './company-accounts.jobs';

/**
 * Paying on account's background work (decision 0042): every hour, overdue on-account invoices
 * get the reminder of their interval (row and e-mail job in one transaction); the e-mail job
 * sends it to the company's invoices address, retried when the mail server fails.
 */
export default fp(
  async (app) => {
    app.jobs.work<OverdueReminderJob>(
      OVERDUE_REMINDER_QUEUE,
      async (job) =>
        sendOverdueReminder({ db: app.db, email: app.email, publicUrl: app.config.publicUrl }, job),
      { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
    );
    app.jobs.schedule(OVERDUE_SCAN_QUEUE, '17 * * * *', async () => {
      const written = await queueOverdueReminders(app.db, app.jobs);
      if (written.length > 0) {
        app.jobs.wake(OVERDUE_REMINDER_QUEUE);
        app.log.info({ reminders: written.length }, 'overdue invoice reminders queued');
      }
    });
  },
  { name: 'company-accounts', dependencies: ['config', 'database', 'email', 'jobs'] },
);
