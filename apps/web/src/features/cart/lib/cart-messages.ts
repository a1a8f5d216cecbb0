import { isApiError } from '../../../lib/api-client';

/** Statuses whose envelope says, for the customer, why a cart change was refused. */
const SPEAKING_STATUSES = new Set([400, 404, 409, 422]);

/**
 * The server's reason for a refused cart change, shown under the message of SPEC.md section 8
 * ("Failed to update cart item" — "Only 3 left of this size"), or undefined.
 */
export function refusalReason(error: unknown): string | undefined {
  if (!isApiError(error) || error.status === null || !SPEAKING_STATUSES.has(error.status)) return undefined;
  return error.fields[0]?.message ?? error.envelope?.message ?? undefined;
}
