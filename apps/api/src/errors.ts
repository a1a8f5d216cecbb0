import type { ErrorCode, FieldError } from '@shop/contract/errors';

/**
 * Errors a service throws on purpose. The error handler turns them into the JSON envelope with
 * their status; anything else becomes a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: FieldError[]) =>
  new AppError(400, 'bad_request', message, fields);

/** Invalid input: names each bad field and the reason. */
export const invalidInput = (fields: FieldError[], message = 'Please check your input and try again.') =>
  new AppError(422, 'validation_failed', message, fields);

export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'unauthorized', message);

export const forbidden = (message = "You don't have permission to perform this action.") =>
  new AppError(403, 'forbidden', message);

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} was not found.`);

export const conflict = (message: string, code: ErrorCode = 'conflict', fields?: FieldError[]) =>
  new AppError(409, code, message, fields);
