import pg from 'pg';
import { type Backoff, backoffDelay, DEFAULT_BACKOFF } from '../db/backoff';

type Log = { warn: (message: string) => void; debug?: (message: string) => void };

export type ChannelListener = {
  /** Resolves once the first LISTEN is in place, or the listener is closed (never rejects). */
  ready: Promise<void>;
  /** Whether a LISTEN is in place now: notifications sent meanwhile will arrive. */
  readonly listening: boolean;
  close: () => Promise<void>;
};

/**
 * LISTENs to one channel on a connection of its own. Caches built on notifications must assume
 * they missed some while no LISTEN was in place: `onListening` runs after every (re)connection
 * and `onLost` as soon as the connection fails. A lost connection is retried with a growing,
 * jittered delay within `backoff` (DATABASE_RECONNECT_MIN_MS … _MAX_MS), for as long as it takes.
 */
export function listenToChannel(options: {
  connection: pg.ClientConfig;
  channel: string;
  onNotification: (payload: string) => void;
  onListening?: () => void;
  onLost?: () => void;
  backoff?: Backoff;
  log: Log;
}): ChannelListener {
  const {
    connection,
    channel,
    onNotification,
    onListening,
    onLost,
    log,
    backoff = DEFAULT_BACKOFF,
  } = options;
  let closed = false;
  let listening = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const retry = (client: pg.Client) => {
    if (current !== undefined && current !== client) return;
    if (listening) {
      listening = false;
      onLost?.();
    }
    if (closed || timer) return;
    current = undefined;
    client.end().catch(() => undefined);
    timer = setTimeout(
      () => {
        timer = undefined;
        void connect();
      },
      backoffDelay(backoff, attempt),
    );
    timer.unref();
    attempt += 1;
  };

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ ...connection, connectionTimeoutMillis: 5_000 });
    current = client;
    client.on('error', (error) => {
      log.warn(`${channel} listener lost its connection: ${error.message}`);
      retry(client);
    });
    client.on('end', () => retry(client));
    client.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      if (attempt > 0) log.warn(`${channel} listener is listening again`);
      attempt = 0;
      listening = true;
      onListening?.();
      markReady();
    } catch (error) {
      if (!closed) log.debug?.(`${channel} listener could not connect: ${(error as Error).message}`);
      retry(client);
    }
  };

  void connect();

  return {
    ready,
    get listening() {
      return listening;
    },
    close: async () => {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const client = current;
      current = undefined;
      markReady();
      await client?.end().catch(() => undefined);
    },
  };
}
