import { probeStatus } from '../../lib/api-client';

/** docs/product.md section 7: the connection test asks for the categories; 200 or 401 means the shop is there. */
export const CONNECTION_TEST_PATH = '/products/categories/';
/** While the shop is unreachable, the test runs again this often. */
export const CONNECTION_RETRY_MS = 5_000;

export type ConnectionState = 'unknown' | 'reachable' | 'unreachable';

type Probe = (path: string) => Promise<number | null>;

export function isReachableStatus(status: number | null): boolean {
  return status === 200 || status === 401;
}

/**
 * Knows whether the API answers. It runs the connection test at start-up and whenever a request
 * gets no answer; while the API is unreachable it tries again every 5 seconds until it answers.
 */
export class ConnectionMonitor {
  private state: ConnectionState = 'unknown';
  private readonly listeners = new Set<() => void>();
  private inFlight: Promise<ConnectionState> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly probe: Probe = probeStatus,
    private readonly retryMs: number = CONNECTION_RETRY_MS,
  ) {}

  getState = (): ConnectionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Runs the test at start-up. */
  start(): void {
    this.stopped = false;
    void this.check();
  }

  /** Stops the retries (tests, hot reload). */
  stop(): void {
    this.stopped = true;
    this.clearRetry();
  }

  /** Runs the connection test now, unless one is already running. */
  check = (): Promise<ConnectionState> => {
    if (this.inFlight) return this.inFlight;
    this.clearRetry();
    this.inFlight = this.probe(CONNECTION_TEST_PATH)
      .catch(() => null)
      .then((status) => {
        this.inFlight = null;
        this.setState(isReachableStatus(status) ? 'reachable' : 'unreachable');
        if (this.state === 'unreachable' && !this.stopped) {
          this.retryTimer = setTimeout(() => void this.check(), this.retryMs);
        }
        return this.state;
      });
    return this.inFlight;
  };

  private clearRetry() {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setState(next: ConnectionState) {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** The app's monitor; main.tsx starts it and points the API client's "no answer" signal at it. */
export const connectionMonitor = new ConnectionMonitor();
