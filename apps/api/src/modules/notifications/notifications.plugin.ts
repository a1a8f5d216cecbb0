import type { Notification } from '@shop/contract/notifications';
import fp from 'fastify-plugin';
import { reconnectBackoff } from '../../config';
import { subscribeNotificationEvents } from './notification-events';
import { NotificationHub } from './notification-hub';
import { deliverPush, PUSH_QUEUE, type PushJob, queuePushes } from './notifications.push';
import { countUnread } from './notifications.repository';
import {
  createNotification,
  type NewNotification,
  removeOldReadNotifications,
} from './notifications.service';
import { subscribeStaffOrderAlerts } from './staff-order-alerts';
import { resolveVapidDetails, type VapidDetails } from './web-push';

/** The daily clean-up of old read notifications (UTC; a quiet hour in Kampala). */
export const CLEANUP_QUEUE = 'notifications.remove-old-read';
const CLEANUP_CRON = '17 0 * * *';

export type NotificationsService = {
  /**
   * Writes a notification for a customer, pushes it to their sockets on every instance, and
   * queues Web Push for high and urgent ones. Answers null when its dedupe key was used already.
   */
  create(input: NewNotification): Promise<Notification | null>;
  /** This instance's sockets and its LISTEN connection. */
  readonly hub: NotificationHub;
  /** The VAPID key pair browsers subscribe with. */
  readonly vapid: VapidDetails;
};

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsService;
  }
}

/**
 * Notifications: `app.notifications.create(…)`, the subscriptions to domain events, the socket
 * hub (started when the app is ready, stopped when it closes), the Web Push worker and the
 * clean-up schedule. The routes are in notifications.routes.ts.
 */
export default fp(
  async (app) => {
    const vapid = resolveVapidDetails(app.config, app.log);
    // The pool's own connection settings, for the one connection that LISTENs.
    const { max: _max, idleTimeoutMillis: _idle, ...connection } = app.pool.options;
    const hub = new NotificationHub({
      connection,
      unreadCount: (userId) => countUnread(app.db, userId),
      log: app.log,
      backoff: reconnectBackoff(app.config),
    });

    const service: NotificationsService = {
      hub,
      vapid,
      async create(input) {
        const notification = await createNotification(app.db, input);
        if (notification) {
          // After commit; a push that cannot be queued is logged, the notification itself stays.
          await queuePushes(app.db, app.jobs, notification, input.userId).catch((error: unknown) =>
            app.log.error({ err: error, notification: notification.id }, 'could not queue web pushes'),
          );
        }
        return notification;
      },
    };
    app.decorate('notifications', service);

    app.jobs.work<PushJob>(
      PUSH_QUEUE,
      async (job) => {
        await deliverPush(app.db, job, { vapid, allowedHosts: app.config.WEB_PUSH_ENDPOINT_HOSTS });
      },
      { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
    );
    app.jobs.schedule(CLEANUP_QUEUE, CLEANUP_CRON, async () => {
      const removed = await removeOldReadNotifications(app.db, app.config.READ_NOTIFICATION_RETENTION_DAYS);
      if (removed > 0) app.log.info({ removed }, 'old read notifications removed');
    });

    subscribeNotificationEvents(app.events, (input) => service.create(input));
    subscribeStaffOrderAlerts(app.events, {
      db: app.db,
      email: app.email,
      create: (input) => service.create(input),
      publicUrl: app.config.publicUrl,
      log: app.log,
    });

    app.addHook('onReady', async () => {
      await hub.start();
    });
    app.addHook('onClose', async () => {
      await hub.stop();
    });
  },
  { name: 'notifications', dependencies: ['config', 'database', 'domain-events', 'jobs', 'auth', 'email'] },
);
