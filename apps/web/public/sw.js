// The shop's service worker (docs/product.md section 1): it shows Web Push notifications and opens the
// page a notification is about when it is clicked. It caches nothing and handles no fetch: pages
// and the API always come from the network.
//
// A push carries the notification as JSON (PushPayload in packages/contract/src/notification-
// constants.ts): { id, type, title, message, priority, related_id, created_at, url }.

const BROWSER_NOTIFICATION_CLOSE_MS = 5000;
const FALLBACK_TITLE = 'Kampala Cellars';

/** A path of this site ("//host" and "/\\host" are other sites): anything else opens the home page. */
function sameSitePath(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return '/';
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { message: event.data ? event.data.text() : '' };
  }
  const urgent = payload.priority === 'urgent';
  const tag = typeof payload.id === 'string' ? payload.id : undefined;
  const show = self.registration
    .showNotification(typeof payload.title === 'string' ? payload.title : FALLBACK_TITLE, {
      body: typeof payload.message === 'string' ? payload.message : '',
      // The same tag as the page's own browser notification: one replaces the other.
      tag,
      icon: '/logo.svg',
      badge: '/favicon.svg',
      requireInteraction: urgent,
      data: { url: sameSitePath(payload.url) },
    })
    .then(async () => {
      // docs/product.md section 9: a notification closes after 5 s unless it is urgent.
      if (urgent) return;
      await new Promise((resolve) => setTimeout(resolve, BROWSER_NOTIFICATION_CLOSE_MS));
      const shown = await self.registration.getNotifications(tag ? { tag } : undefined);
      for (const notification of shown) notification.close();
    });
  event.waitUntil(show);
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sameSitePath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ('navigate' in client) await client.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    }),
  );
});
