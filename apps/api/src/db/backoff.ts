/** Bounds of the delay between two attempts to reach the database again. */
export type Backoff = { minMs: number; maxMs: number };

export const DEFAULT_BACKOFF: Backoff = { minMs: 250, maxMs: 5_000 };

/**
 * The delay before attempt `attempt` (0 for the first retry): doubling from `minMs`, capped at
 * `maxMs`, and jittered to between half and all of that, so that many instances (and the
 * several connections of one) do not knock on a returning database at the same instant.
 */
export function backoffDelay(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
