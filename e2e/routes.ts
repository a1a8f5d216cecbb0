import { BRAND } from '@shop/contract/brand';
import { type AppRoute, appRoutes, pageTitle } from '@shop/contract/pages';

/** The id used for routes with a `$id` parameter. */
export const SAMPLE_ID = '1';

/** A browser path for a route: `$id` (or any `$param`) replaced by a sample value. */
export function samplePath(route: AppRoute): string {
  return route.path.replace(/\$[A-Za-z_]+/g, SAMPLE_ID);
}

export type Landing = { path: string; title: string | RegExp };

/**
 * Where a signed-out visitor lands when opening a route, and the title expected there: a
 * protected route (`requiresAuth`) sends them to /login (with `?redirect=` the route), every other
 * route shows itself.
 */
export function signedOutLanding(route: AppRoute): Landing {
  if (route.requiresAuth) {
    return { path: '/login', title: pageTitle('login') };
  }
  // A product page is titled with the bottle's name, an event page with the event's, once loaded
  // (docs/product.md section 10).
  if (route.name === 'product_detail') {
    return { path: samplePath(route), title: new RegExp(`^(?!Product Detail).+ \\| ${BRAND.name}$`) };
  }
  if (route.name === 'event_detail') {
    return { path: samplePath(route), title: new RegExp(`^(?!Event Detail).+ \\| ${BRAND.name}$`) };
  }
  return { path: samplePath(route), title: pageTitle(route.name) };
}

/** Footer link name -> the route it opens. */
export const footerLinks = {
  Guide: 'guide',
  Orders: 'orders',
  Contact: 'contact',
  Shipping: 'shipping',
  Returns: 'returns',
  FAQ: 'faq',
  Terms: 'terms',
  Cookies: 'cookies',
  About: 'about',
  Support: 'support',
  Privacy: 'privacy',
} as const satisfies Record<string, (typeof appRoutes)[number]['name']>;

export function routeNamed(name: string): AppRoute {
  const route = appRoutes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name} in appRoutes`);
  return route;
}

export { appRoutes, pageTitle };
