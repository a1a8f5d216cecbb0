import crypto from 'node:crypto';

/**
 * Compares a webhook's secret header with ours in constant time: both sides are hashed first,
 * so neither the content nor the length of the secret leaks through timing.
 */
export function secretHeaderMatches(
  headers: Record<string, string | string[] | undefined>,
  name: string,
  secret: string,
): boolean {
  const given = headers[name];
  if (typeof given !== 'string' || given.length === 0 || given.length > 512) return false;
  const left = crypto.createHash('sha256').update(given).digest();
  const right = crypto.createHash('sha256').update(secret).digest();
  return crypto.timingSafeEqual(left, right);
}

/** The header Flutterwave (and the sandbox) send the secret hash in. */
export const WEBHOOK_HASH_HEADER = 'verif-hash';
