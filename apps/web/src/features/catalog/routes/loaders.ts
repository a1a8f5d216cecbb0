import type { QueryClient } from '@tanstack/react-query';
import { catalogStatsQueryOptions } from '../api/get-catalog-stats';
import { productQueryOptions } from '../api/get-product';
import { productFacetsQueryOptions } from '../api/get-product-facets';
import { productsQueryOptions } from '../api/get-products';
import { sectionProductsQueryOptions } from '../api/get-section-products';
import type { ProductsSearch } from '../lib/products-search';

/*
 * The route loaders warm TanStack Query's cache: they start the page's requests as soon as the
 * route is chosen (or a link to it is hovered), in parallel with loading its code, and do not wait
 * for them, so that the page paints at once with its placeholders. What is already in the cache and
 * fresh is not asked for again. A failed request is the page's to show (with a Retry button).
 */

/**
 * The home page's first screen: the featured product of the hero (the first page of Featured
 * Selections) and the statistics. The category grid and the sections further down ask for theirs
 * when the visitor scrolls near them, which keeps the first load short.
 */
export function warmHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(sectionProductsQueryOptions('featured'));
  void queryClient.prefetchQuery(catalogStatsQueryOptions());
}

export function warmProducts(queryClient: QueryClient, search: ProductsSearch): void {
  void queryClient.prefetchQuery(productsQueryOptions(search));
  void queryClient.prefetchQuery(productFacetsQueryOptions(search));
}

export function warmProduct(queryClient: QueryClient, idOrSlug: string): void {
  void queryClient.prefetchQuery(productQueryOptions(idOrSlug));
}
