import { BRAND } from '@shop/contract/brand';
import { pageTitle } from '@shop/contract/pages';
import type { AnyRouteMatch } from '@tanstack/react-router';
import { useRouterState } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';

/** The title of the page the matches show: the 404 page's, or the deepest named route's. */
export function titleForMatches(matches: readonly AnyRouteMatch[]): string {
  if (matches.some((match) => match.status === 'notFound' || match._notFound)) {
    return pageTitle('page_not_found');
  }
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const routeName = matches[index]?.staticData.routeName;
    if (routeName) return pageTitle(routeName);
  }
  return BRAND.name;
}

/** Keeps document.title in step with the route (docs/product.md section 2). */
export function useDocumentTitle(): void {
  const title = useRouterState({ select: (state) => titleForMatches(state.matches) });
  // In the commit that shows the page: Preact runs effects a frame later, when the heading has long
  // been announced under the old title.
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
