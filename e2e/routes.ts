import { type AppRoute, appRoutes, pageTitle } from '@shop/contract/pages';

/** The id used for routes with a `$id` parameter. */
export const SAMPLE_ID = '1';

/** A browser path for a route: `$id` (or any `$param`) replaced by a sample value. */
export function samplePath(route: AppRoute): string {
  return route.path.replace(/\$[A-Za-z_]+/g, SAMPLE_ID);
}

export type Landing = { path: string; title: string };

/**
 * Where a signed-out visitor lands when opening a route, and the title expected there.
 * Today every route shows itself. Once sign-in exists, a protected route (`requiresAuth`) sends
 * a signed-out visitor to /login: change the branch below to
 * `{ path: '/login', title: pageTitle('login') }` (and keep the rest of the suite as it is).
 */
export function signedOutLanding(route: AppRoute): Landing {
  if (route.requiresAuth) {
    return { path: samplePath(route), title: pageTitle(route.name) };
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
