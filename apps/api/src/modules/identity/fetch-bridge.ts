import type { ErrorCode, FieldError } from '@shop/contract/errors';
import { failureMessages } from '@shop/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, relayedClientError } from '../../errors';
import { sendError } from '../../plugins/error-handler';
import { runAuthRequest } from './after-request';
import { CLIENT_IP_HEADER } from './auth';

/**
 * Hands a Fastify request to better-auth as a Fetch `Request`, and its `Response` back to
 * Fastify: status, every header (each Set-Cookie separately) and the body. Errors are rewritten
 * into the API's envelope `{ error: { code, message, fields? } }`.
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function requestBody(request: FastifyRequest, override: unknown): string | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  if (override !== undefined) return JSON.stringify(override);
  if (typeof request.body === 'string') return request.body;
  if (request.body === undefined || request.body === null) return undefined;
  return JSON.stringify(request.body);
}

export type AuthHandler = (request: Request) => Promise<Response>;

export async function forwardToAuth(
  handler: AuthHandler,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { publicUrl: string; body?: unknown } = { publicUrl: '' },
) {
  const headers = toFetchHeaders(request);
  const body = requestBody(request, options.body);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  if (body === undefined) headers.delete('content-type');
  const fetchRequest = new Request(new URL(request.url, options.publicUrl), {
    method: request.method,
    headers,
    body,
  });

  const response = await runAuthRequest(
    () => handler(fetchRequest),
    (error) => request.log.error({ err: error }, 'identity: a post-request task failed'),
  );

  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
    // better-auth's rate limiter says X-Retry-After; HTTP says Retry-After.
    if (name === 'x-retry-after' && !response.headers.has('retry-after')) reply.header('retry-after', value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status >= 400) {
    return sendError(request, reply, toEnvelopeError(request, response.status, text, response.headers));
  }
  reply.status(response.status);
  if (text === '') return reply.send();
  return reply.send(text);
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
};

type BetterAuthErrorBody = { code?: string; message?: string; fields?: FieldError[] };

function parseErrorBody(text: string): BetterAuthErrorBody {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as BetterAuthErrorBody) : {};
  } catch {
    return {};
  }
}

/** better-auth's error codes that name one field of the request. */
function fieldOf(path: string, code: string | undefined): FieldError | null {
  const passwordField = path.endsWith('/sign-up/email') ? 'password' : 'newPassword';
  switch (code) {
    case 'INVALID_EMAIL':
      return { field: 'email', message: 'Please enter a valid email address' };
    case 'PASSWORD_TOO_SHORT':
      return { field: passwordField, message: 'Use at least 8 characters' };
    case 'PASSWORD_TOO_LONG':
      return { field: path.endsWith('/sign-in/email') ? 'password' : passwordField, message: 'is too long' };
    case 'INVALID_PASSWORD':
      return path.endsWith('/change-password')
        ? { field: 'currentPassword', message: 'Your current password is not correct' }
        : null;
    default:
      return null;
  }
}

function toEnvelopeError(request: FastifyRequest, status: number, text: string, headers: Headers): AppError {
  const body = parseErrorBody(text);
  const path = request.url.split('?')[0] ?? '';
  if (status === 429) {
    request.log.info(
      { retryAfter: headers.get('retry-after') ?? headers.get('x-retry-after') },
      'auth rate limit',
    );
    return new AppError(
      'rate_limited',
      body.code === 'TOO_MANY_FAILED_SIGN_INS' && body.message ? body.message : failureMessages[429],
    );
  }
  if (status >= 500) {
    request.log.error({ status, code: body.code }, 'better-auth answered a server error');
    return status === 503
      ? new AppError('service_unavailable', failureMessages.server)
      : new AppError('internal_error', failureMessages.otherwise);
  }

  if (Array.isArray(body.fields) && body.fields.length > 0) {
    return new AppError('validation_failed', failureMessages[422], body.fields);
  }
  const field = fieldOf(path, body.code);
  if (field) return new AppError('validation_failed', field.message, [field]);
  if (body.code === 'INVALID_TOKEN' && path.endsWith('/reset-password')) {
    return new AppError('bad_request', 'This reset link is invalid, used or expired. Ask for a new one.', [
      { field: 'token', message: 'is invalid or expired' },
    ]);
  }
  if (body.code === 'VALIDATION_ERROR') {
    return new AppError('validation_failed', body.message ?? failureMessages[422]);
  }
  const code = STATUS_CODES[status] ?? 'bad_request';
  const message =
    body.message ??
    (status === 404 ? 'The requested information could not be found.' : failureMessages.otherwise);
  return status >= 400 && status < 500
    ? relayedClientError(status, code, message)
    : new AppError('bad_request', message);
}
