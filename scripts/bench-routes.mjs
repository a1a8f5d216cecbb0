// The routes `npm run bench` measures. Add yours here: a route that answers 404 when probed is
// skipped with a note (a feature that is not built yet), so an entry can land before its code.
//
// `setup({ baseUrl })` runs once before the route is measured (after the server is ready) and
// may return overrides ({ path, headers, body, method }), e.g. to create a product and point
// the path at it, or to sign in and add an Authorization header.

/**
 * @typedef {{
 *   name: string,
 *   method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
 *   path: string,
 *   headers?: Record<string, string>,
 *   body?: string,
 *   setup?: (context: { baseUrl: string }) => Promise<Partial<Omit<BenchRoute, 'name' | 'setup'>> | undefined>,
 * }} BenchRoute
 */

/** The bare route every other route is compared with; always measured. */
export const BASELINE = 'health';

/** @type {BenchRoute[]} */
export const benchRoutes = [
  { name: BASELINE, method: 'GET', path: '/api/v1/health' },
  { name: 'ready', method: 'GET', path: '/api/v1/ready' },
  {
    name: 'storefront-index',
    method: 'GET',
    path: '/',
    headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  },
  {
    name: 'products-list',
    method: 'GET',
    path: '/api/v1/products/products/?page_size=12',
    headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' },
  },
  {
    name: 'categories',
    method: 'GET',
    path: '/api/v1/products/categories/',
    headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' },
  },
  {
    name: 'product-detail',
    method: 'GET',
    path: '/api/v1/products/products/chateau-margaux-2015/',
    headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' },
  },
  {
    name: 'typo-search',
    method: 'GET',
    path: '/api/v1/products/products/?search=jonnie%20walker&page_size=12',
    headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' },
  },
  {
    name: 'product-page-html',
    method: 'GET',
    path: '/products/chateau-margaux-2015',
    headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  },
];

export default benchRoutes;
