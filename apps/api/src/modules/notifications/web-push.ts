import crypto from 'node:crypto';
import type { PushPayload } from '@shop/contract/notification-constants';
import type WebPush from 'web-push';
import type { Config } from '../../config';
import { ensureDataDirSecret } from '../../db/secrets';

/**
 * Web Push (RFC 8030/8291/8292) with the `web-push` package: payloads encrypted for the browser
 * (aes128gcm) and signed with the shop's VAPID key pair.
 *
 * The key pair comes from WEB_PUSH_VAPID_PUBLIC_KEY/PRIVATE_KEY, or is generated on first start
 * and kept in DATA_DIR/secrets.json. Browsers subscribe with the public key: changing it
 * orphans every subscription, so it must stay the same across restarts and instances.
 */

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

const SECRET_NAME = 'webPushVapidKeys';

// web-push loads with the first push sent: most processes send none, and it costs about 12 MB
// of RSS. Its key generation (below) is not worth loading it for at every first start.
// Node's import() of this CommonJS package has its functions on `default` only (the types
// describe them as named exports).
let webPush: Promise<typeof WebPush> | undefined;
const loadWebPush = () =>
  (webPush ??= import('web-push').then(
    (module) => (module as unknown as { default: typeof WebPush }).default,
  ));

/**
 * A VAPID key pair made as web-push's generateVAPIDKeys() makes it: a P-256 key pair, the public
 * key uncompressed (65 bytes) and the private key 32 bytes (zero-padded when shorter), in base64url.
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = crypto.createECDH('prime256v1');
  curve.generateKeys();
  const padded = (key: Buffer, length: number) =>
    key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key;
  return {
    publicKey: padded(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: padded(curve.getPrivateKey(), 32).toString('base64url'),
  };
}

export function resolveVapidDetails(config: Config, log: { warn: (message: string) => void }): VapidDetails {
  if (config.WEB_PUSH_VAPID_PUBLIC_KEY && config.WEB_PUSH_VAPID_PRIVATE_KEY) {
    return {
      subject: config.WEB_PUSH_SUBJECT,
      publicKey: config.WEB_PUSH_VAPID_PUBLIC_KEY,
      privateKey: config.WEB_PUSH_VAPID_PRIVATE_KEY,
    };
  }
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) {
    log.warn(
      'WEB_PUSH_VAPID_PUBLIC_KEY/PRIVATE_KEY are not set: this instance signs pushes with a key pair of its own ' +
        'data directory. Set them when several instances share DATABASE_URL.',
    );
  }
  // Stored as "public.private" (base64url has no dot), so the two halves can never mismatch.
  const stored = ensureDataDirSecret(config.dataDir, SECRET_NAME, () => {
    const keys = generateVapidKeys();
    return `${keys.publicKey}.${keys.privateKey}`;
  });
  const [publicKey = '', privateKey = ''] = stored.split('.');
  return { subject: config.WEB_PUSH_SUBJECT, publicKey, privateKey };
}

/**
 * The server POSTs to whatever endpoint a browser registered, so only the push services'
 * hosts are accepted (WEB_PUSH_ENDPOINT_HOSTS): a host itself or any name under it.
 */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export type PushOutcome = 'sent' | 'gone';

/**
 * Sends one encrypted message. Answers 'gone' when the push service says the subscription no
 * longer exists (404 or 410: remove it); throws on any other failure (worth a retry).
 */
export async function sendWebPush(
  target: PushTarget,
  payload: PushPayload,
  vapid: VapidDetails,
): Promise<PushOutcome> {
  const webpush = await loadWebPush();
  try {
    await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        // A day: news older than that is on the bell anyway.
        TTL: 24 * 60 * 60,
        urgency: payload.priority === 'urgent' ? 'high' : 'normal',
        // The service worker shows one notification per id; the topic lets the push service
        // replace a copy it has not delivered yet (topics are at most 32 URL-safe characters).
        topic: payload.id.replace(/-/g, ''),
        timeout: 10_000,
      },
    );
    return 'sent';
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return 'gone';
    throw error;
  }
}
