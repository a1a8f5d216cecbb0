import {
  API_BASE_PATH,
  WS_INITIAL_RECONNECT_DELAY_MS,
  WS_MAX_RECONNECT_ATTEMPTS,
  WS_MAX_RECONNECT_DELAY_MS,
} from '@shop/contract/constants';
import { NOTIFICATIONS_SOCKET_PATH, SOCKET_CLOSE_CODES } from '@shop/contract/notification-constants';
import type { ServerSocketMessage } from '@shop/contract/notifications';

/**
 * The notifications websocket client (docs/product.md sections 4 and 9): it connects with the session
 * cookie, hands each message on, and when the connection drops reconnects after 1 s, 2 s, 4 s…
 * (doubled, at most 30 s), at most 5 attempts in a row. A successful connection resets the count
 * and, after a reconnection, asks for what was missed (`onReconnected`) once the server's first
 * message shows it has taken the socket in: a list read at the open itself could miss a
 * notification written before the server registered the socket. The server's 4401/4403
 * (no customer, session ended) are final: `onEnded` lets the session store read the session again.
 */

/** The delay before reconnection attempt `attempt` (1, 2, 3…): 1 s doubled, at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(WS_INITIAL_RECONNECT_DELAY_MS * 2 ** Math.max(0, attempt - 1), WS_MAX_RECONNECT_DELAY_MS);
}

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** What the client needs of a WebSocket (the browser's, or a test's fake). */
export type SocketLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(code?: number, reason?: string): void;
};

export type NotificationSocketOptions = {
  url: string;
  onMessage: (message: ServerSocketMessage) => void;
  /** Called when a connection opens again after a drop: refetch what may have been missed. */
  onReconnected?: () => void;
  onStatus?: (status: SocketStatus) => void;
  /** The server closed for good (no customer, or the session ended): read the session again. */
  onEnded?: () => void;
  createSocket?: (url: string) => SocketLike;
  maxAttempts?: number;
};

/** `ws(s)://<this host>/api/v1/ws/notifications`. */
export function notificationSocketUrl(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${API_BASE_PATH}${NOTIFICATIONS_SOCKET_PATH}`;
}

const FINAL_CODES: ReadonlySet<number> = new Set([
  SOCKET_CLOSE_CODES.unauthorized,
  SOCKET_CLOSE_CODES.sessionEnded,
]);

function parseMessage(data: unknown): ServerSocketMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as { type?: unknown };
    return message.type === 'notification' || message.type === 'notification_update'
      ? (message as ServerSocketMessage)
      : null;
  } catch {
    return null;
  }
}

export class NotificationSocket {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private stopped = true;
  private everOpened = false;
  /** A connection failed or dropped since the last open: news may have been missed. */
  private lost = false;
  /** Opened again after a drop: read what was missed at the server's first message. */
  private catchUpPending = false;
  private status: SocketStatus = 'closed';

  constructor(private readonly options: NotificationSocketOptions) {}

  get currentStatus(): SocketStatus {
    return this.status;
  }

  /** Reconnection attempts made since the last successful connection. */
  get reconnectAttempts(): number {
    return this.attempts;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'Leaving');
    }
    this.setStatus('closed');
  }

  /** After giving up (or while waiting), try again now with a fresh count (back online). */
  retryNow(): void {
    if (this.stopped || this.status === 'open' || this.status === 'connecting') return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.attempts = 0;
    this.connect();
  }

  private setStatus(status: SocketStatus) {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private connect() {
    this.setStatus(this.everOpened || this.attempts > 0 ? 'reconnecting' : 'connecting');
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.catchUpPending = this.lost;
      this.lost = false;
      this.everOpened = true;
      this.attempts = 0;
      this.setStatus('open');
    };
    socket.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (message) this.options.onMessage(message);
      // The server sends its first message once the socket receives every new notification.
      if (this.catchUpPending) {
        this.catchUpPending = false;
        this.options.onReconnected?.();
      }
    };
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (FINAL_CODES.has(event.code)) {
        this.setStatus('closed');
        this.options.onEnded?.();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    this.lost = true;
    const max = this.options.maxAttempts ?? WS_MAX_RECONNECT_ATTEMPTS;
    if (this.attempts >= max) {
      this.setStatus('closed');
      return;
    }
    this.attempts += 1;
    this.setStatus('reconnecting');
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, reconnectDelay(this.attempts));
  }
}
