import { z } from 'zod';
import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  type NotificationPriority,
  type NotificationType,
  PUSH_PLATFORMS,
} from './notification-constants';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * Notifications (docs/product.md sections 3, 7 and 9): what the bell, the toasts, the browser
 * notifications and Web Push show. The server creates them from domain events (an order placed
 * or moved, a payment settled, a delivery on its way, an RSVP confirmed, a security notice); the
 * customer reads them, marks them read, and receives new ones live over the websocket.
 */

export {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_RECEIVED_EVENT,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_SOCKET_PATH,
  notificationPath,
  PUSH_PLATFORMS,
  PUSHED_PRIORITIES,
  type PushPayload,
  type PushPlatform,
  SOCKET_AUTH_TIMEOUT_MS,
  SOCKET_CLOSE_CODES,
} from './notification-constants';

// ---------------------------------------------------------------------------------------------
// Entity
// ---------------------------------------------------------------------------------------------

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export const notificationPrioritySchema = z.enum(NOTIFICATION_PRIORITIES);

/** The entity of docs/product.md section 3. */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  priority: notificationPrioritySchema,
  is_read: z.boolean(),
  related_id: z
    .string()
    .nullable()
    .describe(
      'What it is about: the order id (UUID) for order and delivery updates, the paid subject for payment updates, the event id for event news, the product id for wishlist alerts; null otherwise',
    ),
  created_at: z.string().describe('ISO 8601'),
});
export type Notification = z.infer<typeof notificationSchema>;

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** `GET /notifications/`: newest first. */
export const notificationListQuerySchema = pageQuerySchema.extend({
  is_read: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((value) => value === 'true')
    .optional()
    .describe('Only read (true) or only unread (false) notifications'),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = pagedListSchema(notificationSchema).extend({
  unread_count: z.number().int().min(0).describe('Unread notifications across all pages'),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationParamsSchema = z.object({
  id: z.uuid({ error: 'Notification id must be a UUID' }),
});

/** `POST /notifications/{id}/mark_read/`: the notification, now read, and the count left. */
export const markReadResponseSchema = z.object({
  notification: notificationSchema,
  unread_count: z.number().int().min(0),
});
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

/** `POST /notifications/mark_all_read/`. */
export const markAllReadResponseSchema = z.object({
  marked: z.number().int().min(0).describe('How many were unread'),
  unread_count: z.literal(0),
});
export type MarkAllReadResponse = z.infer<typeof markAllReadResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Push registration: `POST /notifications/register/` (token and platform, docs/product.md section 3)
// ---------------------------------------------------------------------------------------------

export const pushMessages = {
  platform: 'Only web push is supported (platform "web")',
  token: "Send the browser's push subscription (PushSubscription.toJSON(), as JSON) as the token",
  endpoint: 'The push endpoint must be an https:// URL of a browser push service',
  keys: 'The push subscription must carry its p256dh and auth keys',
} as const;

const base64url = (what: string, bytes: number) =>
  z
    .string({ error: pushMessages.keys })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${what} must be base64url` })
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, {
      error: `${what} must be ${bytes} bytes`,
    });

/** A browser's PushSubscription.toJSON(). */
export const webPushSubscriptionSchema = z.object({
  endpoint: z
    .url({ error: pushMessages.endpoint })
    .max(2_000, { error: 'The push endpoint is too long' })
    .refine((value) => value.startsWith('https://'), { error: pushMessages.endpoint }),
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: base64url('keys.p256dh', 65),
      auth: base64url('keys.auth', 16),
    },
    { error: pushMessages.keys },
  ),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

/**
 * Registers this browser for Web Push. `token` is the JSON of the browser's push subscription;
 * registering the same subscription again (or from another account on the same browser) moves it.
 */
export const registerPushRequestSchema = z.object({
  platform: z.enum(PUSH_PLATFORMS, { error: pushMessages.platform }),
  token: z
    .string({ error: pushMessages.token })
    .max(4_000, { error: 'The token is too long' })
    .transform((value, context) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: 'custom', message: pushMessages.token });
        return z.NEVER;
      }
      const subscription = webPushSubscriptionSchema.safeParse(parsed);
      if (!subscription.success) {
        context.addIssue({
          code: 'custom',
          message: subscription.error.issues[0]?.message ?? pushMessages.token,
        });
        return z.NEVER;
      }
      return subscription.data;
    })
    .describe('JSON.stringify(pushSubscription) for platform web'),
});
export type RegisterPushRequest = z.input<typeof registerPushRequestSchema>;

export const registerPushResponseSchema = z.object({
  registered: z.literal(true),
  platform: z.enum(PUSH_PLATFORMS),
});
export type RegisterPushResponse = z.infer<typeof registerPushResponseSchema>;

/** `GET /notifications/push_key/`: the VAPID public key browsers subscribe with. */
export const pushKeyResponseSchema = z.object({
  public_key: z.string().describe('VAPID public key, base64url (applicationServerKey)'),
});
export type PushKeyResponse = z.infer<typeof pushKeyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Websocket: `/api/v1/ws/notifications` (docs/product.md section 7: message types notification and
// notification_update)
// ---------------------------------------------------------------------------------------------

/** A new notification for the customer. */
export const notificationMessageSchema = z.object({
  type: z.literal('notification'),
  notification: notificationSchema,
  unread_count: z.number().int().min(0),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

/**
 * Read states changed (in another tab or device), or the server may have missed some news: set
 * `unread_count`; mark `read_ids` read, or all when `all_read`; when `read_ids` is null and
 * `all_read` false, read the list again.
 */
export const notificationUpdateMessageSchema = z.object({
  type: z.literal('notification_update'),
  read_ids: z.array(z.uuid()).nullable(),
  all_read: z.boolean(),
  unread_count: z.number().int().min(0),
});
export type NotificationUpdateMessage = z.infer<typeof notificationUpdateMessageSchema>;

export const serverSocketMessageSchema = z.discriminatedUnion('type', [
  notificationMessageSchema,
  notificationUpdateMessageSchema,
]);
export type ServerSocketMessage = z.infer<typeof serverSocketMessageSchema>;

/**
 * What a client may send: its bearer token as the first message when it does not use the session
 * cookie (never in the URL, which ends up in logs).
 */
export const clientSocketMessageSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(500),
});
export type ClientSocketMessage = z.infer<typeof clientSocketMessageSchema>;

export type { NotificationPriority, NotificationType };
