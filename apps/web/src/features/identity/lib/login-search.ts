/**
 * The login page's query: `?redirect=/path` (where to land after signing in; the route guard and
 * the catalog's 'Please sign in to …' set it), `?error=` (a failed Google or OpenID Connect
 * sign-in), `?mode=forgot` (the forgotten-password form) and `?reset=done` (after a reset).
 * Plain functions, without zod: the router imports them on the first page.
 */
export type LoginSearch = {
  redirect?: string | undefined;
  error?: string | undefined;
  mode?: 'forgot' | undefined;
  reset?: 'done' | undefined;
};

/** Where a customer lands after signing in when nothing was remembered. */
export const DEFAULT_AFTER_SIGN_IN = '/account';

const AUTH_PAGES = new Set(['/login', '/register', '/reset-password']);

/**
 * A remembered destination that is safe to go to: a path of this shop (never another site, never
 * `//host` or `/\host`), and not one of the sign-in pages themselves. Anything else answers undefined.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || path.length > 2000) {
    return undefined;
  }
  if ([...path].some((character) => character.charCodeAt(0) < 0x20)) return undefined;
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (AUTH_PAGES.has(pathname.replace(/\/+$/, '') || '/')) return undefined;
  return path;
}

const text = (value: unknown, max = 200) =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, max) : undefined;

// Every key is answered, undefined when refused: the router merges the raw query under the result.

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    redirect: safeRedirect(search.redirect),
    error: text(search.error),
    mode: search.mode === 'forgot' ? 'forgot' : undefined,
    reset: search.reset === 'done' ? 'done' : undefined,
  };
}

/** `/register` keeps the remembered destination too. */
export function validateRedirectSearch(search: Record<string, unknown>): { redirect?: string | undefined } {
  return { redirect: safeRedirect(search.redirect) };
}

export function validateResetSearch(search: Record<string, unknown>): { token?: string | undefined } {
  return { token: text(search.token) };
}
