/**
 * The cross-site request forgery cookie and header pair of docs/product.md section 7: every write that a
 * session cookie authenticates carries the cookie's value in the header. Kept apart from
 * `identity.ts` so the storefront's first script can read them without the schemas.
 */
export const CSRF_COOKIE_NAME = 'csrf_token' as const;
export const CSRF_HEADER_NAME = 'X-CSRF-Token' as const;
