import type { Notification } from '@shop/contract/notifications';
import type { Database } from '../../db/client';
import type { Jobs } from '../../plugins/jobs';
import {
  deletePushSubscription,
  findNotification,
  findPushSubscription,
  listPushSubscriptions,
} from './notifications.repository';
import { isPushed, toNotification, toPushPayload } from './notifications.service';
import { isAllowedPushEndpoint, sendWebPush, type VapidDetails } from './web-push';

/**
 * Web Push for high and urgent notifications, one job per browser: a push service that is
 * down delays (and retries) only its own browsers, and a retry never repeats a push that went.
 */

export const PUSH_QUEUE = 'notifications.web-push';

export type PushJob = { notificationId: string; subscriptionId: string };

/** Queues the pushes of a new notification (none for low and normal priorities). */
export async function queuePushes(db: Database, jobs: Jobs, notification: Notification, userId: string) {
  if (!isPushed(notification.priority)) return 0;
  const subscriptions = await listPushSubscriptions(db, userId);
  for (const subscription of subscriptions) {
    await jobs.send<PushJob>(PUSH_QUEUE, {
      notificationId: notification.id,
      subscriptionId: subscription.id,
    });
  }
  return subscriptions.length;
}

export type PushResult = 'sent' | 'gone' | 'skipped';

/**
 * Sends one push. Skipped when the notification or the browser is gone, when the browser now
 * belongs to another account, or when the customer has already read it. An expired
 * subscription (404/410) is removed. Throws on other failures, for the job to retry.
 */
export async function deliverPush(
  db: Database,
  job: PushJob,
  options: { vapid: VapidDetails; allowedHosts: readonly string[] },
): Promise<PushResult> {
  const [subscription, row] = await Promise.all([
    findPushSubscription(db, job.subscriptionId),
    findNotification(db, job.notificationId),
  ]);
  if (!subscription || !row || row.userId !== subscription.userId || row.isRead) return 'skipped';
  if (!isAllowedPushEndpoint(subscription.endpoint, options.allowedHosts)) {
    await deletePushSubscription(db, subscription.id, subscription.updatedAt);
    return 'gone';
  }
  const outcome = await sendWebPush(subscription, toPushPayload(toNotification(row)), options.vapid);
  if (outcome === 'gone') await deletePushSubscription(db, subscription.id, subscription.updatedAt);
  return outcome;
}
