import { formatKampalaShortDate } from '@shop/contract/kampala-time';
import { notificationPath } from '@shop/contract/notification-constants';
import type {
  NotificationListResponse,
  Notification as ShopNotification,
} from '@shop/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { recentNotificationsQuery, useRecentNotifications } from '../api/get-notifications';
import { markAllNotificationsRead, markNotificationRead } from '../api/mark-read';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { browserNotificationPermission } from '../lib/browser-notifications';
import { withOneRead } from '../lib/notification-cache';
import { enableWebPush, webPushSupported } from '../lib/web-push';

/** "just now", "5 min ago", "3 h ago", then the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return formatKampalaShortDate(iso);
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: ShopNotification;
  onOpen: (notification: ShopNotification) => void;
}) {
  return (
    <li>
      <Link
        to={notificationPath(notification.type, notification.related_id)}
        onClick={() => onOpen(notification)}
        className="flex gap-3 px-4 py-3 text-left transition hover:bg-cream-100 focus-visible:bg-cream-100"
        data-unread={notification.is_read ? undefined : 'true'}
      >
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.is_read ? 'bg-transparent' : 'bg-wine-700'}`}
        />
        <span className="min-w-0 flex-1">
          <span
            className={`block text-sm ${notification.is_read ? 'text-ink' : 'font-semibold text-wine-900'}`}
          >
            {notification.title}
            {notification.is_read ? null : <span className="sr-only"> (unread)</span>}
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm text-ink-soft">{notification.message}</span>
          <span className="mt-1 block text-xs text-ink-soft">
            <time dateTime={notification.created_at}>{timeAgo(notification.created_at)}</time>
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The header's bell (signed-in customers): the unread count, and a panel of the newest
 * notifications, each linking to what it is about. Opening one marks it read; "Mark all read"
 * marks them all. It also keeps the live connection (see useLiveNotifications).
 */
export function NotificationBell({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useRecentNotifications(userId);
  useLiveNotifications(userId);
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState(browserNotificationPermission);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const key = recentNotificationsQuery(userId).queryKey;
  const unread = data?.unread_count ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const openNotification = (notification: ShopNotification) => {
    setOpen(false);
    if (notification.is_read) return;
    const list = queryClient.getQueryData<NotificationListResponse>(key);
    if (list) queryClient.setQueryData(key, withOneRead(list, notification.id));
    markNotificationRead(notification.id)
      .then((answer) => {
        const current = queryClient.getQueryData<NotificationListResponse>(key);
        if (current) queryClient.setQueryData(key, { ...current, unread_count: answer.unread_count });
      })
      .catch(() => void queryClient.invalidateQueries({ queryKey: key }));
  };

  const markAll = async () => {
    try {
      await markAllNotificationsRead();
    } finally {
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const turnOn = async () => {
    setPermission(await enableWebPush());
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    // On a phone the panel hangs from the header (the nearest positioned box) across the screen, with
    // small margins; from `sm` on, from the bell. Placed from the bell near the screen's right
    // edge, a 24rem panel started left of the screen and cut every message's start.
    <div ref={container} className="sm:relative">
      <button
        type="button"
        className="relative inline-flex size-10 items-center justify-center rounded-full text-wine-900 transition hover:bg-cream-100"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        title="Notifications"
        onClick={() => {
          setOpen((value) => !value);
          if (isError) void refetch();
        }}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-500 px-1 text-[0.7rem] leading-5 font-bold text-wine-950"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Notifications"
          className="absolute inset-x-2 top-full z-50 mt-2 overflow-hidden rounded-xl border border-cream-200 bg-white shadow-xl sm:inset-x-auto sm:right-0 sm:w-96"
        >
          <header className="flex items-center justify-between gap-2 border-b border-cream-200 px-4 py-3">
            <h2 className="font-serif text-base font-semibold text-wine-900">Notifications</h2>
            {unread > 0 ? (
              <button
                type="button"
                onClick={() => void markAll()}
                className="text-sm font-medium text-wine-800 underline-offset-4 hover:underline"
              >
                Mark all read
              </button>
            ) : null}
          </header>
          {isError ? (
            <p className="px-4 py-6 text-sm text-ink-soft">Your notifications could not be loaded.</p>
          ) : !data ? (
            <p className="px-4 py-6 text-sm text-ink-soft">Loading…</p>
          ) : data.results.length === 0 ? (
            <p className="px-4 py-6 text-sm text-ink-soft">No notifications yet.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-cream-200 overflow-y-auto">
              {data.results.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onOpen={openNotification}
                />
              ))}
            </ul>
          )}
          {permission === 'default' && webPushSupported() ? (
            <footer className="border-t border-cream-200 px-4 py-3">
              <button
                type="button"
                onClick={() => void turnOn()}
                className="text-sm font-medium text-wine-800 underline-offset-4 hover:underline"
              >
                Get notified on this device
              </button>
            </footer>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
