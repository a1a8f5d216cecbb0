import type { AppRouteName } from '@shop/contract/pages';

/**
 * What every page route carries in `staticData`: its name in the contract (the page title is made
 * from it) and whether it needs a signed-in customer (the identity feature's guard reads it).
 */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    routeName?: AppRouteName;
    requiresAuth?: boolean;
  }
}
