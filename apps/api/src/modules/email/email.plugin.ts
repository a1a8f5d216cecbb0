import fp from 'fastify-plugin';
import { createEmailService, type EmailService } from './email.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** `app.email.sendEmail({ to, subject, text, html })`; see ./email.service.ts. */
    email: EmailService;
  }
}

/** Decorates `app.email`; background sends finish before the app closes. */
export default fp(
  async (app) => {
    const service = createEmailService({ config: app.config, db: app.db, log: app.log });
    app.decorate('email', service);
    app.addHook('onClose', async () => {
      await service.close();
    });
  },
  { name: 'email', dependencies: ['config', 'database'] },
);
