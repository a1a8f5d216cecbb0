import { dashboardRoutes } from './lib/bench-dashboard.mjs';
import { distinctRoutes } from './lib/bench-distinct.mjs';
import { notificationRoutes } from './lib/bench-notifications.mjs';
import { cartRoutes } from './lib/bench-orders.mjs';
import { paymentRoutes } from './lib/bench-payments.mjs';
import { productPageRoutes } from './lib/bench-product-pages.mjs';
import { signedInRoutes } from './lib/bench-signed-in.mjs';
import { staffRoutes } from './lib/bench-staff.mjs';

// The routes `npm run bench` measures. Add yours here: a route that answers 404 when probed is
// skipped with a note (a feature that is not built yet), so an entry can land before its code.
//
// `setup({ baseUrl })` runs once before the route is measured (after the server is ready) and
// may return overrides ({ path, headers, body, method }), e.g. to create a product and point
// the path at it, or to sign in and add an Authorization header. It also gets `dataDir`, the
// server's data directory (its embedded database, for fixtures that have no API).
//
// `requests` (autocannon's) replaces the single request with a sequence each connection repeats;
// `report({ baseUrl, dataDir, result, durationSeconds })` runs after the measure and answers
// `{ summary, ...figures }` (printed and saved), e.g. orders per second and an invariant checked.

/**
 * @typedef {{ baseUrl: string, dataDir: string }} SetupContext
 * @typedef {{ summary: string, [figure: string]: unknown }} RouteReport
 * @typedef {{
 *   name: string,
 *   method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
 *   path: string,
 *   headers?: Record<string, string>,
 *   body?: string,
 *   requests?: Array<Record<string, unknown>>,
 *   setup?: (context: SetupContext) => Promise<Partial<Omit<BenchRoute, 'name' | 'setup'>> | undefined>,
 *   report?: (context: SetupContext & { result: any, durationSeconds: number }) => Promise<RouteReport>,
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
  // Pages and JSON details of every product in turn (each once at 100,000 products): see
  // scripts/lib/bench-product-pages.mjs.
  ...productPageRoutes,
  // add_item (each connection holds an anonymous visitor's cart) and checkout throughput with
  // the stock invariant checked: see scripts/lib/bench-orders.mjs.
  ...cartRoutes,
  // The payment history, and the whole sandbox payment flow with its invariant checked: see
  // scripts/lib/bench-payments.mjs.
  ...paymentRoutes,
  // The bell's list (and the websocket's live path) and the tracking page's deliveries: see
  // scripts/lib/bench-notifications.mjs.
  ...notificationRoutes,
  // Searches and list pages that no cache answers, and a customer's own pages read by many
  // customers in turn: see scripts/lib/bench-distinct.mjs and scripts/lib/bench-signed-in.mjs.
  ...distinctRoutes,
  ...signedInRoutes,
  // The back office's product list (search, filters, sorts, pages), every request a different
  // one, as staff: see scripts/lib/bench-staff.mjs.
  ...staffRoutes,
  // The day's figures and the staff's order desk over 100,000 orders seeded by SQL: see
  // scripts/lib/bench-dashboard.mjs.
  ...dashboardRoutes,
];

export default benchRoutes;
