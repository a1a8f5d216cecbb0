import { isApiError } from '../../../lib/api-client';

/**
 * Statuses that say for certain the order was not placed (bad input, out of stock, cart changed):
 * the next submit is a new attempt with a new key. After any other failure (no answer, timeout,
 * 429, 5xx) the order may exist, so a retry keeps the key and the server answers that order.
 */
const REFUSED_STATUSES = new Set([400, 403, 404, 409, 422]);

export function orderCertainlyNotPlaced(error: unknown): boolean {
  return isApiError(error) && error.status !== null && REFUSED_STATUSES.has(error.status);
}

/** A new idempotency key: a random UUID (122 random bits), within the contract's 16–100 characters. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * One checkout attempt's idempotency key, kept until the attempt is over: reused by every submit
 * of the same attempt (a retry, a double click), replaced once the server has answered for certain.
 */
export class CheckoutAttempt {
  private key: string | null = null;

  /** The current attempt's key, made on first use. */
  currentKey(): string {
    this.key ??= newIdempotencyKey();
    return this.key;
  }

  /** The attempt is over (order placed, or certainly refused): the next submit gets a new key. */
  finish(): void {
    this.key = null;
  }
}
