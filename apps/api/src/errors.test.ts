import { errorCodes } from '@shop/contract/errors';
import { describe, expect, it } from 'vitest';
import { AppError, conflict, ERROR_STATUS, RelayedClientError, relayedClientError } from './errors';

describe('error code → status', () => {
  it('gives every contract code a status, and an AppError its code’s', () => {
    for (const code of errorCodes) {
      expect(new AppError(code, 'x').statusCode).toBe(ERROR_STATUS[code]);
    }
    expect(conflict('Only 2 left.', 'out_of_stock').statusCode).toBe(409);
    expect(ERROR_STATUS.validation_failed).toBe(422);
    expect(ERROR_STATUS.service_unavailable).toBe(503);
  });

  it('keeps a relayed 4xx that has no code of its own, and uses the table when they agree', () => {
    const gone = relayedClientError(410, 'bad_request', 'Gone');
    expect(gone).toBeInstanceOf(RelayedClientError);
    expect([gone.statusCode, gone.code]).toEqual([410, 'bad_request']);
    const notFound = relayedClientError(404, 'not_found', 'Missing');
    expect(notFound).not.toBeInstanceOf(RelayedClientError);
    expect(notFound.statusCode).toBe(404);
  });
});
