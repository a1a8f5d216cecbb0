import { fetchPushKey, registerPushSubscription } from '../api/register-push';

/**
 * Web Push in the browser: the service worker (`/sw.js`, which shows pushes and opens their
 * page on a click) and the push subscription, registered with the server through
 * `POST /notifications/register/` (platform web). Subscribing needs the customer's permission,
 * asked only when they choose to turn notifications on.
 */

export const SERVICE_WORKER_URL = '/sw.js';

export function webPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key as the browser wants it (applicationServerKey). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** Registers the service worker (docs/product.md section 1); answers its registration, or null. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!webPushSupported()) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch {
    return null;
  }
}

/**
 * Subscribes this browser (or reuses its subscription when made with the server's current key)
 * and registers it for the signed-in customer. Answers false when not possible or not allowed.
 */
async function subscribe(registration: ServiceWorkerRegistration): Promise<boolean> {
  const key = base64UrlToBytes(await fetchPushKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    // Made with another key (the server's changed): it would never receive our pushes.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await registerPushSubscription(subscription);
  return true;
}

/** The customer chose to turn notifications on: ask permission, then subscribe. */
export async function enableWebPush(): Promise<NotificationPermission | 'unsupported'> {
  if (!webPushSupported()) return 'unsupported';
  const permission = await window.Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await registerServiceWorker();
  if (registration) await subscribe(registration).catch(() => false);
  return permission;
}

/**
 * On each visit of a signed-in customer: the service worker is registered and, when they allowed
 * notifications before, the subscription is registered again (for this account, and in case the
 * browser renewed it).
 */
export async function syncWebPush(): Promise<void> {
  const registration = await registerServiceWorker();
  if (!registration || window.Notification.permission !== 'granted') return;
  await subscribe(registration).catch(() => false);
}
