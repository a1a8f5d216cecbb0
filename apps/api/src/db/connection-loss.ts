/**
 * Losing the database is not a bug of ours: connections are cut (a restart, a failover, an
 * operator's `pg_terminate_backend`), refused while it is down, or time out while it is busy.
 * Such failures become a 503 with Retry-After, not a 500, and are logged once in a while, not
 * once per request.
 */

/** Socket errors of a connection that is gone or cannot be made. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for "the server is going or not there": 57P01 admin_shutdown (also what
 * pg_terminate_backend sends), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), and class 08, connection exceptions.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);

/** node-postgres's own words for a connection it lost or could not open in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
];

function isConnectionLossItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, syscall, message } = error as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // A Unix socket that is not there (the server removed it on the way down).
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  // Only the driver's own error (the innermost): a wrapper's message quotes the query's values.
  if ((error as { cause?: unknown }).cause !== undefined) return false;
  return typeof message === 'string' && DRIVER_MESSAGES.some((words) => message.includes(words));
}

function connectionLossIn(error: unknown): Error | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (isConnectionLossItself(current)) return current as Error;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether `error` (or one of its causes: Drizzle wraps the driver's error) is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return connectionLossIn(error) !== undefined;
}

/**
 * What to log about a database failure: the driver's code and words, never the wrapper's
 * message (Drizzle's quotes the query and its parameters, which may be personal data).
 */
export function connectionLossReason(error: unknown): string {
  const loss = connectionLossIn(error);
  if (!loss) return 'database error';
  const code = (loss as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${loss.message}` : loss.message;
}

/** Seconds a client is asked to wait (Retry-After) while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Logs the first of a burst of connection losses at once and then at most one line per
 * `intervalMs`, with how many were left out: a lost database must not flood the log.
 */
export function throttledReporter(report: (message: string) => void, intervalMs = 10_000) {
  let lastAt = 0;
  let skipped = 0;
  return (message: string) => {
    const now = Date.now();
    if (now - lastAt < intervalMs) {
      skipped += 1;
      return;
    }
    report(skipped > 0 ? `${message} (and ${skipped} more since the last report)` : message);
    lastAt = now;
    skipped = 0;
  };
}

/**
 * pg-boss 10 settles each fetched batch with `complete`/`fail` calls it neither awaits nor
 * catches (manager.js, `onFetch`): when the database is cut at that instant, the rejection is
 * unhandled, and Node ends the process on an unhandled rejection. Those, and only those that
 * are a lost database, are logged instead; the job stays active, expires and is retried (job
 * handlers are idempotent). Any other unhandled rejection still ends the process as before.
 */
export function survivePgBossConnectionLoss(warn: (message: string) => void): void {
  const report = throttledReporter(warn);
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    report(`a background query lost the database (${connectionLossReason(reason)}); it will be retried`);
  });
}
