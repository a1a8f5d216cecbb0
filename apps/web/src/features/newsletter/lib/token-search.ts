/**
 * The query of the newsletter e-mails' pages: `?token=…` (43 characters, base64url). Anything
 * else answers undefined, and the page says the link is not valid. Plain code, without zod: the
 * router imports it on the first page.
 */
export function validateTokenSearch(search: Record<string, unknown>): { token?: string | undefined } {
  const token = search.token;
  return { token: typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined };
}
