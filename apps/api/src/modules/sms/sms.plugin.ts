import fp from 'fastify-plugin';
import { createAfricasTalking } from './africastalking';
import { sendEventReminders, subscribeSmsEvents } from './sms.events';
import { deliverSms, SMS_SEND_QUEUE, type SmsDeps } from './sms.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS module's dependencies (provider, jobs, database); see ./sms.service.ts. */
    sms: SmsDeps & { readonly enabled: boolean };
  }
}

/** Said at start-up without SMS_PROVIDER, as for e-mail without SMTP_URL. */
export const SMS_MISSING_WARNING = [
  'SMS ARE NOT BEING SENT: SMS_PROVIDER is not set.',
  '  Every SMS (order and payment updates, phone verification codes) is kept in the database,',
  '  marked "not sent: no SMS provider"; staff can read them at /admin/outbox.',
  "  To send SMS, set SMS_PROVIDER=africastalking, AT_USERNAME and AT_API_KEY (Africa's Talking).",
].join('\n');

export const EVENT_REMINDERS_QUEUE = 'sms.event-reminders';
/** Hourly, at minute 7: reminders go from 09:00 Kampala the day before (see sendEventReminders). */
const EVENT_REMINDERS_CRON = '7 * * * *';

/**
 * SMS: the provider (Africa's Talking by setting, else none: kept unsent for the outbox), the
 * send queue (retried with a doubling delay), the domain-event subscriptions and the event
 * reminders' schedule. Routes are in ./sms.routes.ts.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const provider =
      config.SMS_PROVIDER === 'africastalking' && config.AT_USERNAME && config.AT_API_KEY
        ? createAfricasTalking({
            baseUrl: config.AT_BASE_URL,
            username: config.AT_USERNAME,
            apiKey: config.AT_API_KEY,
            senderId: config.AT_SENDER_ID,
            timeoutMs: config.AT_TIMEOUT_MS,
          })
        : null;
    if (!provider) app.log.warn(SMS_MISSING_WARNING);
    const deps: SmsDeps = {
      db: app.db,
      jobs: app.jobs,
      provider,
      maxAttempts: config.SMS_MAX_ATTEMPTS,
      log: app.log,
    };
    app.decorate('sms', { ...deps, enabled: provider !== null });

    app.jobs.work<{ smsId: string }>(
      SMS_SEND_QUEUE,
      async ({ smsId }) => {
        await deliverSms(deps, smsId);
      },
      {
        // The last attempt marks the message failed itself (see deliverSms); one spare retry
        // covers a worker that died mid-job.
        retryLimit: config.SMS_MAX_ATTEMPTS,
        retryDelay: config.SMS_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        expireInSeconds: Math.ceil(config.AT_TIMEOUT_MS / 1000) + 60,
      },
    );
    app.jobs.schedule(EVENT_REMINDERS_QUEUE, EVENT_REMINDERS_CRON, async () => {
      const sent = await sendEventReminders(deps);
      if (sent > 0) app.log.info({ sent }, 'event reminders queued');
    });

    subscribeSmsEvents(app.events, deps, config.publicUrl, (deliveryId) =>
      app.handoverCodes.codeOf(deliveryId),
    );
  },
  { name: 'sms', dependencies: ['config', 'database', 'domain-events', 'jobs', 'rider'] },
);
