import { randomBytes } from 'node:crypto';

/**
 * Marks the API requests the server makes to itself while rendering a page (plugins/server-render):
 * they are on behalf of a visitor already counted, so the rate limit lets them through. The token
 * is new on every start and never leaves the process, so no client can send it.
 */
export const INTERNAL_REQUEST_HEADER = 'x-shop-internal-render';
export const INTERNAL_REQUEST_TOKEN = randomBytes(24).toString('hex');

export function isInternalRequest(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[INTERNAL_REQUEST_HEADER] === INTERNAL_REQUEST_TOKEN;
}
