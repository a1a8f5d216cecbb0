import type { Notification, ServerSocketMessage } from '@shop/contract/notifications';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { type Backoff, backoffDelay, DEFAULT_BACKOFF } from '../../db/backoff';
import { NOTIFY_CHANNEL } from './notifications.repository';

/**
 * Live fan-out across API instances (ARCHITECTURE.md): the instance that writes a notification
 * NOTIFYs in the same transaction; every instance LISTENs on a dedicated connection and pushes
 * what concerns its own sockets to them.
 *
 * - The listening connection is not from the pool (LISTEN belongs to a session). When it drops,
 *   it reconnects (1 s doubled up to 30 s, forever), then tells every local socket to read the
 *   list again, since notifications may have been missed in between.
 * - A health query every 30 s finds a connection that died without a word (a half-open TCP).
 * - Per socket, only an open one is written to; a customer may have several (tabs, devices).
 */

/** What travels on the channel: small, and never more than PostgreSQL's 8000-byte limit. */
export type ChannelMessage =
  | { kind: 'notification'; user_id: string; notification: Notification }
  | { kind: 'read'; user_id: string; read_ids: string[] | null; all_read: boolean };

export type HubOptions = {
  /** How to open the listening connection (the pool's own settings). */
  connection: pg.ClientConfig;
  /** The customer's unread count, read when something is pushed to their sockets. */
  unreadCount: (userId: string) => Promise<number>;
  log: {
    info: (object: object, message: string) => void;
    warn: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  };
  /** Most sockets one customer may hold on this instance; the oldest is closed beyond it. */
  maxSocketsPerUser?: number;
  /** Bounds of the jittered delay between reconnection attempts (DATABASE_RECONNECT_*). */
  backoff?: Backoff;
};

const HEALTH_CHECK_MS = 30_000;
export const LISTENER_APPLICATION_NAME = 'shop-notifications-listener';

export class NotificationHub {
  readonly #sockets = new Map<string, Set<WebSocket>>();
  readonly #options: HubOptions;
  #client: pg.Client | null = null;
  #stopped = false;
  #reconnectAttempt = 0;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #healthTimer: NodeJS.Timeout | null = null;
  #connecting: Promise<void> | null = null;
  /** True after a connection was lost: the next one resynchronises the sockets. */
  #lostOnce = false;

  constructor(options: HubOptions) {
    this.#options = options;
  }

  /**
   * Connects and LISTENs. Resolves after the first attempt, listening or not (at most
   * `timeoutMs`): a database that is down does not hold the start-up, the retries go on behind.
   */
  async start(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#connect(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    if (this.#healthTimer) clearInterval(this.#healthTimer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  /** Sockets of `userId` on this instance. */
  socketsOf(userId: string): number {
    return this.#sockets.get(userId)?.size ?? 0;
  }

  add(userId: string, socket: WebSocket): void {
    let set = this.#sockets.get(userId);
    if (!set) {
      set = new Set();
      this.#sockets.set(userId, set);
    }
    set.add(socket);
    const max = this.#options.maxSocketsPerUser ?? 20;
    if (set.size > max) {
      const oldest = set.values().next().value;
      if (oldest) {
        set.delete(oldest);
        oldest.close(1008, 'Too many connections');
      }
    }
  }

  remove(userId: string, socket: WebSocket): void {
    const set = this.#sockets.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.#sockets.delete(userId);
  }

  /** Sends a message to every open socket of the customer on this instance. */
  send(userId: string, message: ServerSocketMessage): void {
    const set = this.#sockets.get(userId);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const socket of set) {
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  /** Handles one message of the channel (public for tests of the fan-out rules). */
  async dispatch(message: ChannelMessage): Promise<void> {
    if (!this.#sockets.has(message.user_id)) return;
    const unread = await this.#options.unreadCount(message.user_id);
    if (message.kind === 'notification') {
      this.send(message.user_id, {
        type: 'notification',
        notification: message.notification,
        unread_count: unread,
      });
    } else {
      this.send(message.user_id, {
        type: 'notification_update',
        read_ids: message.read_ids,
        all_read: message.all_read,
        unread_count: unread,
      });
    }
  }

  /** After a lost connection: every local customer reads their list again. */
  async #resynchronise(): Promise<void> {
    for (const userId of [...this.#sockets.keys()]) {
      await this.dispatch({ kind: 'read', user_id: userId, read_ids: null, all_read: false }).catch(
        (error: unknown) => this.#options.log.warn({ err: error }, 'could not resynchronise a socket'),
      );
    }
  }

  #connect(): Promise<void> {
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  async #open(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({
      ...this.#options.connection,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    let failed = false;
    const lose = (error?: unknown) => {
      if (failed) return;
      failed = true;
      if (this.#client === client) this.#client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.#stopped) return;
      this.#lostOnce = true;
      this.#options.log.warn({ err: error }, 'notification listener lost its connection; reconnecting');
      this.#scheduleReconnect();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
      let parsed: ChannelMessage;
      try {
        parsed = JSON.parse(message.payload) as ChannelMessage;
      } catch (error) {
        this.#options.log.error({ err: error }, 'unreadable notification on the channel');
        return;
      }
      this.dispatch(parsed).catch((error: unknown) =>
        this.#options.log.error({ err: error }, 'could not push a notification to its sockets'),
      );
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (this.#stopped || failed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#reconnectAttempt = 0;
    this.#startHealthChecks();
    if (this.#lostOnce) {
      this.#options.log.info({}, 'notification listener reconnected');
      await this.#resynchronise();
    }
  }

  #scheduleReconnect(): void {
    if (this.#stopped || this.#reconnectTimer) return;
    const delay = backoffDelay(this.#options.backoff ?? DEFAULT_BACKOFF, this.#reconnectAttempt);
    this.#reconnectAttempt += 1;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      void this.#connect();
    }, delay);
    this.#reconnectTimer.unref();
  }

  #startHealthChecks(): void {
    if (this.#healthTimer) return;
    this.#healthTimer = setInterval(() => {
      const client = this.#client;
      if (!client) return;
      client.query('SELECT 1').catch((error: unknown) => {
        // The 'error'/'end' handlers usually fire too; ending makes sure the loss is noticed.
        this.#options.log.warn({ err: error }, 'notification listener health check failed');
        client.end().catch(() => undefined);
      });
    }, HEALTH_CHECK_MS);
    this.#healthTimer.unref();
  }
}
