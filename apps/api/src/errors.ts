import type { ErrorCode, FieldError } from '@shop/contract/errors';

/**
 * The HTTP status of each error code, in one table: a throw names what went wrong (the code),
 * never the status. A new code in the contract fails the type check until it has its row here.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  password_change_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  out_of_stock: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/**
 * Errors a service throws on purpose. The error handler turns them into the JSON envelope with
 * their code's status (see {@link ERROR_STATUS}); anything else becomes a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * A client error answered by a component we pass through (Fastify itself, better-auth) whose
 * status has no code of its own (406, 410, …): its status is kept as that component gave it.
 */
export class RelayedClientError extends AppError {
  constructor(
    readonly relayedStatus: number,
    code: ErrorCode,
    message: string,
  ) {
    super(code, message);
    this.name = 'RelayedClientError';
  }

  override get statusCode(): number {
    return this.relayedStatus;
  }
}

/** `code` with a relayed 4xx `status`: the code's own status when they agree, else kept as given. */
export function relayedClientError(status: number, code: ErrorCode, message: string): AppError {
  return ERROR_STATUS[code] === status
    ? new AppError(code, message)
    : new RelayedClientError(status, code, message);
}

export const badRequest = (message: string, fields?: FieldError[]) =>
  new AppError('bad_request', message, fields);

/** Invalid input: names each bad field and the reason. */
export const invalidInput = (fields: FieldError[], message = 'Please check your input and try again.') =>
  new AppError('validation_failed', message, fields);

export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError('unauthorized', message);

export const forbidden = (message = "You don't have permission to perform this action.") =>
  new AppError('forbidden', message);

export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`);

export const gone = (message: string) => new AppError('gone', message);

export const conflict = (
  message: string,
  code: 'conflict' | 'out_of_stock' = 'conflict',
  fields?: FieldError[],
) => new AppError(code, message, fields);
