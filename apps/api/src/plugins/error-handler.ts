import type { ErrorEnvelope, FieldError } from '@shop/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  connectionLossReason,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from '../db/connection-loss';
import { uniqueViolationError } from '../db/unique-violations';
import { AppError, relayedClientError } from '../errors';

function envelope(error: AppError): ErrorEnvelope {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields && error.fields.length > 0 ? { fields: error.fields } : {}),
    },
  };
}

function fieldName(context: string | undefined, instancePath: string, params: unknown): string {
  const fromPath = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  const name = [fromPath, missing].filter(Boolean).join('.');
  if (name) return name;
  return context === 'body' ? 'body' : (context ?? 'request');
}

/** Turns any error into the JSON envelope, with a status that says whose fault it was. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;

  if (hasZodFastifySchemaValidationErrors(fastifyError) || fastifyError.validation) {
    const fields: FieldError[] = (fastifyError.validation ?? []).map((issue) => ({
      field: fieldName(fastifyError.validationContext, issue.instancePath, issue.params),
      message: issue.message ?? 'is invalid',
    }));
    return new AppError('validation_failed', 'Please check your input and try again.', fields);
  }

  const status = fastifyError.statusCode;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_json', 'The request body is not valid JSON.', [
        { field: 'body', message: 'is not valid JSON' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_json', 'The request body is empty but says it is JSON.', [
        { field: 'body', message: 'is empty' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large.', [
        { field: 'body', message: 'is larger than the limit' },
      ]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Send the request body as application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('bad_request', 'The Content-Length header does not match the body.');
  }
  if (status === 429) {
    return new AppError('rate_limited', 'Too many requests. Please wait a moment and try again.');
  }
  if (status === 405) return new AppError('method_not_allowed', 'This method is not allowed here.');
  if (status === 404) return new AppError('not_found', 'The requested information could not be found.');
  // Fastify's own 4xx errors describe the client's mistake and are safe to show.
  if (status !== undefined && status >= 400 && status < 500 && fastifyError.code?.startsWith('FST_')) {
    return relayedClientError(status, 'bad_request', fastifyError.message);
  }
  // Database out of reach (cut, refused, timed out): temporary, so a 503 the client may retry.
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  // A write that lost a race to a unique index: the field and the reason, as the service's check says.
  const clash = uniqueViolationError(error);
  if (clash) return clash;
  return new AppError('internal_error', 'Something went wrong. Please try again.');
}

const serviceUnavailable = () =>
  new AppError('service_unavailable', 'The shop is briefly unavailable. Please try again in a moment.');

export function sendError(request: FastifyRequest, reply: FastifyReply, error: FastifyError | Error) {
  const appError = toAppError(error);
  if (appError.code === 'service_unavailable') {
    // Expected while the database is away; the pool reports the lost connections (throttled).
    request.log.info(
      { code: appError.code, statusCode: 503, reason: connectionLossReason(error) },
      'database unavailable',
    );
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  } else if (appError.statusCode >= 500) {
    request.log.error(
      { err: error },
      isResponseSerializationError(error) ? 'response did not match schema' : 'request failed',
    );
  } else {
    request.log.info({ code: appError.code, statusCode: appError.statusCode }, appError.message);
  }
  if (appError.statusCode === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
  return reply.status(appError.statusCode).type('application/json; charset=utf-8').send(envelope(appError));
}

/**
 * One error handler for the whole API: bad input is a 4xx naming the field and the reason; a
 * failure of ours is a bare 500 that never shows its internals.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, error));
  },
  { name: 'error-handler' },
);
