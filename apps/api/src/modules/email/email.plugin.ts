import fp from 'fastify-plugin';
import { createEmailService, type EmailService } from './email.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.email.sendEmail({ to, subject, text, html })`; see ./email.service.ts. */
    email: EmailService;
  }
}

/**
 * Said at start-up without SMTP_URL: otherwise a shop started with `npm start` looks fine while
 * no customer ever receives an order confirmation, a ticket or a password-reset link.
 */
export const SMTP_MISSING_WARNING = [
  'E-MAIL IS NOT BEING SENT: SMTP_URL is not set.',
  '  Every e-mail (order confirmations, tickets, password resets, newsletter confirmations) is',
  '  kept in the database instead. Staff can read them and pass them on at /admin/outbox.',
  '  To send e-mail, set SMTP_URL (e.g. smtps://user:pass@mail.example:465) and MAIL_FROM.',
].join('\n');

/** Decorates `app.email`; background sends finish before the app closes. */
export default fp(
  async (app) => {
    const service = createEmailService({
      config: app.config,
      db: app.db,
      log: app.log,
      onFailure: () => app.metrics.emailFailed(),
    });
    app.decorate('email', service);
    if (service.transport !== 'smtp') app.log.warn(SMTP_MISSING_WARNING);
    app.addHook('onClose', async () => {
      await service.close();
    });
  },
  { name: 'email', dependencies: ['config', 'database', 'metrics'] },
);
