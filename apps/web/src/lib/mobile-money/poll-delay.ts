import { PAYMENT_STATUS_POLL_MS } from '@shop/contract/payments';

/**
 * How long the waiting screen waits before its `attempt`-th check (from 0): 3 s, then half as
 * long again each time, up to 15 s — quick while the customer is typing their PIN, gentle after.
 */
export function pollDelay(attempt: number): number {
  const { first, factor, max } = PAYMENT_STATUS_POLL_MS;
  return Math.min(Math.round(first * factor ** Math.max(0, attempt)), max);
}
