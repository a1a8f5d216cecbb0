import {
  API_BASE_PATH,
  CLIENT_APP_VERSION,
  CLIENT_PLATFORM,
  REQUEST_RETRIES,
  REQUEST_TIMEOUT_MS,
  TOAST_DURATION_MS,
} from '@shop/contract/constants';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '@shop/contract/csrf';

import {
  type ErrorEnvelope,
  errorCodes,
  type FieldError,
  failureMessage,
  type RequestFailure,
} from '@shop/contract/errors';
import type { z } from 'zod';
import { toast } from './toast';

/**
 * The one way the storefront talks to the API (docs/product.md sections 7 and 8): JSON under /api/v1, the
 * platform and version headers, the bearer token when there is one, a 10 s timeout, one retry
 * where a retry is safe, one session refresh on 401, and the toast table for failures.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is with its own content type (a CSV file the user picked), instead of `body`. */
  raw?: { body: Blob | string; contentType: string };
  /** How long to wait for the answer (default REQUEST_TIMEOUT_MS): longer for a big upload. */
  timeoutMs?: number;
  /** Appended as the query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Parses (and types) the successful answer. */
  schema?: z.ZodType<T>;
  /** 'blob' answers the successful body as a Blob (a PDF to download) instead of parsed JSON. */
  responseType?: 'json' | 'blob';
  /** Show the toast of docs/product.md section 8 on failure (default). Pass false when the caller shows its own message. */
  toast?: boolean;
  /**
   * Lets a non-GET request be retried once: the server treats repeats with the same key as one
   * request. Without it, POST, PUT, PATCH and DELETE are never retried.
   */
  idempotencyKey?: string;
  /** Cancels the request (TanStack Query passes one). A cancelled request throws its AbortError, silently. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * On 401, refresh the session and retry once (default). The session's own calls
   * (get-session, sign-in, sign-out) pass false: a 401 there is an answer, not an expired session.
   */
  refreshOn401?: boolean;
};

/** A failed request: what went wrong, the server's envelope when it sent one, and the user's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly failure: RequestFailure;
  /** The HTTP status, or null when there was no answer. */
  readonly status: number | null;
  /** The server's error envelope, when it sent one. */
  readonly envelope: ErrorEnvelope['error'] | null;
  /** The message of docs/product.md section 8's table, for the user. */
  readonly userMessage: string;

  constructor(failure: RequestFailure, envelope: ErrorEnvelope['error'] | null = null, cause?: unknown) {
    const userMessage = failureMessage(failure);
    super(userMessage, cause === undefined ? undefined : { cause });
    this.failure = failure;
    this.status = failure.kind === 'status' ? failure.status : null;
    this.envelope = envelope;
    this.userMessage = userMessage;
  }

  get code(): ErrorEnvelope['error']['code'] | null {
    return this.envelope?.code ?? null;
  }

  /** Per-field reasons of a 400/422 answer, for forms. */
  get fields(): FieldError[] {
    return this.envelope?.fields ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A request refused because the session is over (401 after the refresh). The session (lib/session)
 * has said so already ('Your session has expired. Please log in again.'): callers with their own
 * failure message stay quiet, so one cause shows one toast.
 */
export function isSessionFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

type TokenProvider = () => string | null | Promise<string | null>;
type UnauthorizedHandler = () => Promise<boolean>;
type SessionExpiredHandler = () => void | Promise<void>;
type NoResponseListener = () => void;

let tokenProvider: TokenProvider | null = null;
let unauthorizedHandler: UnauthorizedHandler | null = null;
let sessionExpiredHandler: SessionExpiredHandler | null = null;
const noResponseListeners = new Set<NoResponseListener>();
/** The browser's fetch, or the server's in-process one while it renders a page (entry-server.tsx). */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Sends the API requests through `fetchImpl` instead of the browser's fetch (server rendering). */
export function setApiTransport(fetchImpl: typeof fetch): void {
  transport = fetchImpl;
}

/** The double-submit pair of docs/product.md section 7. */
export const CSRF_COOKIE = CSRF_COOKIE_NAME;
export const CSRF_HEADER = CSRF_HEADER_NAME;

/** The `csrf_token` cookie's value, or null (also outside a browser). */
export function readCsrfCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === CSRF_COOKIE) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value) || null;
      } catch {
        return value || null;
      }
    }
  }
  return null;
}

/** The session (lib/session) registers where the bearer token comes from. */
export function setAuthTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

/**
 * The session (lib/session) registers what to do on a 401: refresh the session of a signed-in user
 * and answer true to have the request retried once, or answer false (nobody signed in).
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/**
 * The session (lib/session) registers what to do when the retry after a refresh answers 401 again: sign
 * out to an anonymous session, clear the cart and say 'Your session has expired. Please log in again.'
 */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  sessionExpiredHandler = handler;
}

/** Called whenever a request gets no answer at all (the connection monitor listens). */
export function onNoResponse(listener: NoResponseListener): () => void {
  noResponseListeners.add(listener);
  return () => {
    noResponseListeners.delete(listener);
  };
}

const SAFE_METHODS = new Set<HttpMethod>(['GET', 'HEAD']);
const RETRY_STATUSES = new Set([502, 503, 504]);

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE_PATH}${normalised}${search ? `?${search}` : ''}`;
}

type Answer = { kind: 'answer'; status: number; ok: boolean; text: string; blob?: Blob };
type Attempt = Answer | { kind: 'no_response'; error: unknown } | { kind: 'timeout' };

/** One fetch with the 10 s timeout covering the answer's body too (read as a Blob when `binary` and ok). */
async function attempt(
  url: string,
  init: RequestInit,
  callerSignal: AbortSignal | undefined,
  binary = false,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Attempt> {
  callerSignal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await transport(url, { ...init, signal: controller.signal });
    if (binary && response.ok) {
      return { kind: 'answer', status: response.status, ok: true, text: '', blob: await response.blob() };
    }
    const text = await response.text();
    return { kind: 'answer', status: response.status, ok: response.ok, text };
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason ?? error;
    if (timedOut) return { kind: 'timeout' };
    return { kind: 'no_response', error };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  return JSON.parse(text);
}

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { field, message } = value as Record<string, unknown>;
  return typeof field === 'string' && typeof message === 'string';
}

/**
 * The server's `{ error: { code, message, fields? } }`, or null. Checked by hand rather than with the
 * contract's zod schema so that zod stays out of the first page's JavaScript.
 */
export function envelopeOf(text: string): ErrorEnvelope['error'] | null {
  let body: unknown;
  try {
    body = parseJson(text);
  } catch {
    return null;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || !knownCodes.has(code) || typeof message !== 'string') return null;
  if (fields !== undefined && !(Array.isArray(fields) && fields.every(isFieldError))) return null;
  return {
    code: code as ErrorEnvelope['error']['code'],
    message,
    ...(fields === undefined ? {} : { fields: fields as FieldError[] }),
  };
}

/** A 403 whose envelope names the CSRF token (the cookie was missing or stale). */
function isCsrfRefusal(text: string): boolean {
  const envelope = envelopeOf(text);
  return envelope?.code === 'forbidden' && /csrf/i.test(envelope.message);
}

async function buildHeaders(options: RequestOptions<unknown>, hasBody: boolean, method: HttpMethod = 'GET') {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Platform': CLIENT_PLATFORM,
    'X-App-Version': CLIENT_APP_VERSION,
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (!SAFE_METHODS.has(method)) {
    const csrf = readCsrfCookie();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  const token = tokenProvider ? await tokenProvider() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return { ...headers, ...options.headers };
}

function notifyNoResponse() {
  for (const listener of noResponseListeners) listener();
}

/**
 * Sends a request to `/api/v1<path>` and answers the parsed JSON (or undefined for an empty
 * answer). Throws an ApiError, after showing its toast unless `toast: false`.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  const url = apiUrl(path, options.query);
  const retryable = SAFE_METHODS.has(method) || Boolean(options.idempotencyKey);
  let retriesLeft = retryable ? REQUEST_RETRIES : 0;
  let refreshed = false;
  let csrfRetried = false;

  const fail = (failure: RequestFailure, envelope: ErrorEnvelope['error'] | null, cause?: unknown) => {
    const error = new ApiError(failure, envelope, cause);
    if (options.toast !== false) {
      // The id keeps one toast per message when several requests fail together.
      toast.error(error.userMessage, { id: error.userMessage, duration: TOAST_DURATION_MS });
    }
    return error;
  };

  for (;;) {
    const headers = await buildHeaders(options as RequestOptions<unknown>, hasBody, method);
    if (options.raw) headers['Content-Type'] = options.raw.contentType;
    const init: RequestInit = {
      method,
      headers,
      credentials: 'include',
      body: options.raw ? options.raw.body : hasBody ? JSON.stringify(options.body) : undefined,
    };
    const result = await attempt(
      url,
      init,
      options.signal,
      options.responseType === 'blob',
      options.timeoutMs,
    );

    if (result.kind === 'answer') {
      if (result.ok) {
        if (result.blob) return result.blob as T;
        let data: unknown;
        try {
          data = parseJson(result.text);
        } catch (error) {
          throw fail({ kind: 'unknown' }, null, error);
        }
        if (!options.schema) return data as T;
        const parsed = options.schema.safeParse(data);
        if (parsed.success) return parsed.data;
        throw fail({ kind: 'unknown' }, null, parsed.error);
      }
      if (result.status === 401 && options.refreshOn401 !== false && unauthorizedHandler) {
        if (!refreshed) {
          // A signed-in customer's session is read again (force) and the request retried once.
          refreshed = true;
          if (await unauthorizedHandler().catch(() => false)) continue;
        } else {
          // The retry was refused too: the session is over.
          await Promise.resolve(sessionExpiredHandler?.()).catch(() => undefined);
        }
      }
      if (result.status === 403 && !csrfRetried && isCsrfRefusal(result.text)) {
        // The refusal set a fresh csrf_token cookie: send it once more.
        csrfRetried = true;
        continue;
      }
      if (RETRY_STATUSES.has(result.status) && retriesLeft > 0) {
        retriesLeft -= 1;
        continue;
      }
      throw fail({ kind: 'status', status: result.status }, envelopeOf(result.text));
    }

    if (result.kind === 'no_response') notifyNoResponse();
    if (retriesLeft > 0) {
      retriesLeft -= 1;
      continue;
    }
    throw fail({ kind: result.kind }, null, result.kind === 'no_response' ? result.error : undefined);
  }
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** Shorthands: `api.get('/products/categories/', { schema })`, `api.post('/newsletter/subscriptions/', { email })`. */
export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * One bare attempt for health checks: the HTTP status, or null when there was no answer or it
 * timed out. No retry, no toast, no listeners.
 */
export async function probeStatus(path: string): Promise<number | null> {
  const result = await attempt(
    apiUrl(path),
    { method: 'GET', headers: await buildHeaders({}, false), credentials: 'include' },
    undefined,
  );
  return result.kind === 'answer' ? result.status : null;
}

export type UploadOptions<T> = {
  schema?: z.ZodType<T>;
  /** Called as the body goes out: bytes sent and the total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a multipart form (files) with POST to `/api/v1<path>`, reporting upload progress, which
 * fetch cannot do: XMLHttpRequest with the same headers as every other call (CSRF token, bearer
 * token, platform). No retry and no toast: the caller shows each file's outcome. Throws an
 * ApiError with the server's envelope on failure.
 */
export async function apiUpload<T = unknown>(
  path: string,
  form: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  const headers = await buildHeaders({}, false, 'POST');
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          const body = parseJson(request.responseText);
          resolve(options.schema ? options.schema.parse(body) : (body as T));
        } catch (error) {
          reject(new ApiError({ kind: 'unknown' }, null, error));
        }
        return;
      }
      reject(new ApiError({ kind: 'status', status: request.status }, envelopeOf(request.responseText)));
    };
    request.onerror = () => reject(new ApiError({ kind: 'no_response' }));
    request.ontimeout = () => reject(new ApiError({ kind: 'timeout' }));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
