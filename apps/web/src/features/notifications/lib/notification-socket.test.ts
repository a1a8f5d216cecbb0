import { SOCKET_CLOSE_CODES } from '@shop/contract/notification-constants';
import type { ServerSocketMessage } from '@shop/contract/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NotificationSocket,
  notificationSocketUrl,
  reconnectDelay,
  type SocketLike,
  type SocketStatus,
} from './notification-socket';

/** A fake WebSocket the test opens, feeds and closes by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {}

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(data: unknown) {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }

  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
}

let created: FakeSocket[];
let messages: ServerSocketMessage[];
let statuses: SocketStatus[];
let reconnected: number;

function client(overrides: { maxAttempts?: number; onEnded?: () => void } = {}) {
  return new NotificationSocket({
    ...overrides,
    url: 'ws://shop.test/api/v1/ws/notifications',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      created.push(socket);
      return socket;
    },
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
    onReconnected: () => {
      reconnected += 1;
    },
  });
}

const last = () => created.at(-1) as FakeSocket;
/** What the server sends first, once it has taken the socket in. */
const hello: ServerSocketMessage = {
  type: 'notification_update',
  read_ids: [],
  all_read: false,
  unread_count: 0,
};

beforeEach(() => {
  vi.useFakeTimers();
  created = [];
  messages = [];
  statuses = [];
  reconnected = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay (docs/product.md section 9)', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(reconnectDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('NotificationSocket', () => {
  it('connects to the socket of this host', () => {
    expect(notificationSocketUrl({ protocol: 'https:', host: 'shop.example' })).toBe(
      'wss://shop.example/api/v1/ws/notifications',
    );
    expect(notificationSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      'ws://127.0.0.1:3000/api/v1/ws/notifications',
    );
  });

  it('hands on the messages of both types and ignores anything else', () => {
    const socket = client();
    socket.start();
    last().open();
    const update = { type: 'notification_update', read_ids: [], all_read: false, unread_count: 2 };
    last().receive(update);
    last().receive('not json');
    last().receive({ type: 'something_else' });
    expect(messages).toEqual([update]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects after 1, 2, 4, 8 and 16 s, then gives up after 5 attempts', async () => {
    const socket = client();
    socket.start();
    last().open();
    last().drop();
    expect(statuses.at(-1)).toBe('reconnecting');

    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) {
      const before = created.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(created).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(created).toHaveLength(before + 1);
      last().drop();
    }
    expect(socket.reconnectAttempts).toBe(5);
    expect(statuses.at(-1)).toBe('closed');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(created).toHaveLength(6);
  });

  it('resets the count once connected again, and asks for what it missed once the server speaks', async () => {
    const socket = client();
    socket.start();
    last().open();
    last().receive(hello);
    expect(reconnected).toBe(0);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    last().drop();
    await vi.advanceTimersByTimeAsync(2_000);
    last().open();
    expect(socket.reconnectAttempts).toBe(0);
    // Open is not enough: the server has not registered the socket for new notifications yet.
    expect(reconnected).toBe(0);
    last().receive(hello);
    expect(reconnected).toBe(1);
    expect(messages).toEqual([hello, hello]);
    last().receive(hello);
    expect(reconnected).toBe(1);
    // The next drop starts again from 1 s.
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(created).toHaveLength(4);
  });

  it('does not reconnect when the server ends it for the session (4401, 4403)', async () => {
    for (const code of [SOCKET_CLOSE_CODES.unauthorized, SOCKET_CLOSE_CODES.sessionEnded]) {
      created = [];
      const socket = client();
      socket.start();
      last().open();
      last().drop(code);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(created).toHaveLength(1);
      expect(socket.currentStatus).toBe('closed');
    }
  });

  it('asks for the session to be read again when the server ends it, and only then', async () => {
    const ended = vi.fn();
    const socket = client({ onEnded: ended });
    socket.start();
    last().open();
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ended).not.toHaveBeenCalled();
    last().open();
    last().drop(SOCKET_CLOSE_CODES.sessionEnded);
    expect(ended).toHaveBeenCalledTimes(1);
    socket.stop();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('tries again at once when back online after giving up', async () => {
    const socket = client({ maxAttempts: 1 });
    socket.start();
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    last().drop();
    expect(socket.currentStatus).toBe('closed');
    socket.retryNow();
    expect(created).toHaveLength(3);
    last().open();
    last().receive(hello);
    expect(reconnected).toBe(1);
  });

  it('stops cleanly: closes the socket and never reconnects', async () => {
    const socket = client();
    socket.start();
    last().open();
    const first = last();
    socket.stop();
    expect(first.closedWith).toBe(1000);
    first.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(created).toHaveLength(1);
  });
});
