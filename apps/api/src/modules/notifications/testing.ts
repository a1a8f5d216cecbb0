import type { ServerSocketMessage } from '@shop/contract/notifications';
import WebSocket from 'ws';

/**
 * A websocket client for tests: keeps every message it receives, and waits for the one a test
 * expects (or for the close) with a deadline, so that a missing message fails instead of hanging.
 */
export class TestSocket {
  readonly messages: ServerSocketMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly #waiters = new Set<() => void>();
  readonly socket: WebSocket;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(url, { headers });
    this.socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as ServerSocketMessage);
      for (const wake of this.#waiters) wake();
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.#waiters) wake();
      });
    });
    this.socket.on('error', () => undefined);
  }

  opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (from index `from`) matching `match`, within `timeoutMs`. */
  async next<T extends ServerSocketMessage>(
    match: (message: ServerSocketMessage) => message is T,
    { timeoutMs = 5_000, from = 0 } = {},
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `no matching socket message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.#waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.#waiters.add(done);
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}

export const isNotification = (
  message: ServerSocketMessage,
): message is Extract<ServerSocketMessage, { type: 'notification' }> => message.type === 'notification';

export const isUpdate = (
  message: ServerSocketMessage,
): message is Extract<ServerSocketMessage, { type: 'notification_update' }> =>
  message.type === 'notification_update';
