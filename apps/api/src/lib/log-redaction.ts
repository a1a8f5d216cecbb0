import type { FastifyServerOptions } from 'fastify';

/**
 * What the logs may never carry: customers' personal data (dates of birth, phone numbers,
 * addresses, names) arrives in query parameters and request bodies, and a failed query used to
 * be logged with all of them. Every error logged goes through `redactedError` first:
 *
 * - Drizzle's `DrizzleQueryError` keeps its SQL (placeholders only) but loses `params`, which it
 *   also spells out in its message ("Failed query: … params: …") and so in its stack;
 * - PostgreSQL's errors lose `detail` ("Key (phone)=(+256…) already exists"), `where` and
 *   `parameters`, and quoted values in their message ('invalid input syntax for type date: "…"');
 * - the same holds along the `cause` chain.
 *
 * Plain objects logged under `body`, `params`, `parameters` or as a request's body are censored
 * by pino's `redact`, as are credentials in headers.
 */

const CENSOR = '[redacted]';
const DROPPED_KEYS = new Set(['params', 'parameters', 'detail', 'where', 'body']);
const MAX_CAUSES = 8;

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { message?: unknown }).message === 'string' &&
      typeof (value as { stack?: unknown }).stack === 'string')
  );
}

/** PostgreSQL errors have a five-character SQLSTATE `code` and quote the offending value. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error;
}

function redactText(text: string, error: Record<string, unknown>): string {
  let result = text;
  if ('params' in error && error.params !== undefined) {
    // Drizzle writes `params: ${params}` into its message; cut from there to the end of that text.
    const spelled = `params: ${String(error.params)}`;
    result = result.split(spelled).join(`params: ${CENSOR}`);
  }
  if (isDatabaseError(error)) result = result.replace(/"(?:[^"\\]|\\.)*"/g, `"${CENSOR}"`);
  return result;
}

/** A copy of the error (same type and name) without parameters, values or details. */
export function redactedError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const source = error as Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(error)) as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) {
    if (DROPPED_KEYS.has(key)) continue;
    const value = source[key];
    if (key === 'message' || key === 'stack') {
      copy[key] = typeof value === 'string' ? redactText(value, source) : value;
    } else if (key === 'cause') {
      copy[key] = depth < MAX_CAUSES ? redactedError(value, depth + 1) : undefined;
    } else {
      copy[key] = value;
    }
  }
  for (const key of DROPPED_KEYS) if (key in source) copy[key] = CENSOR;
  return copy;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Like pino's `err` serializer (type, message, stack, own fields, causes), after redaction. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const redacted = redactedError(error) as Error & Record<string, unknown>;
  const serialized: SerializedError = {
    type: redacted.constructor?.name ?? redacted.name,
    message: redacted.message,
    stack: redacted.stack ?? '',
  };
  for (const key of Object.keys(redacted)) {
    if (key === 'cause' || key in serialized) continue;
    serialized[key] = redacted[key];
  }
  if (redacted.cause !== undefined && depth < MAX_CAUSES) {
    serialized.cause = serializeError(redacted.cause, depth + 1);
  }
  return serialized;
}

type LoggerObjectOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export const logRedaction: Pick<LoggerObjectOptions, 'redact' | 'serializers'> = {
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      'req.body',
      'body',
      'params',
      'parameters',
      '*.body',
      '*.params',
      '*.parameters',
      '*.password',
    ],
    censor: CENSOR,
  },
  serializers: {
    err: (value) => serializeError(value) as SerializedError,
    error: (value: unknown) => serializeError(value),
    // better-auth's logger passes its arguments (errors among them) as `details`.
    details: (value: unknown) => (Array.isArray(value) ? value.map((item) => serializeError(item)) : value),
  },
};
