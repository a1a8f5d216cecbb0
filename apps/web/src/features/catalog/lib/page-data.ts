import type { CatalogStats, ProductDetail, ProductFacets, ProductListResponse } from '@shop/contract/catalog';
import type { QueryClient } from '@tanstack/react-query';
import { catalogStatsQueryOptions } from '../api/get-catalog-stats';
import { productQueryOptions } from '../api/get-product';
import { productFacetsQueryOptions } from '../api/get-product-facets';
import { productsQueryOptions } from '../api/get-products';

/**
 * The catalog answers a page carries for its first screen (apps/api catalog-pages.ts), each the
 * API's own answer: home's statistics, the default view of /products and its facets, or a product
 * as asked for by id or slug.
 */
type CatalogPageData = {
  stats?: CatalogStats;
  products?: ProductListResponse;
  facets?: ProductFacets;
  product?: { id: string; detail: ProductDetail };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Puts the page's catalog answers in the query cache, under the keys the page's queries use, so
 * that its loader finds them fresh and asks for nothing.
 */
export function seedCatalogPageData(queryClient: QueryClient, pageData: unknown): void {
  if (!isObject(pageData)) return;
  const data = pageData as CatalogPageData;
  if (isObject(data.stats)) queryClient.setQueryData(catalogStatsQueryOptions().queryKey, data.stats);
  // The server sends /products' data only for the view without search or filter.
  if (isObject(data.products)) queryClient.setQueryData(productsQueryOptions({}).queryKey, data.products);
  if (isObject(data.facets)) queryClient.setQueryData(productFacetsQueryOptions({}).queryKey, data.facets);
  if (isObject(data.product) && typeof data.product.id === 'string' && isObject(data.product.detail))
    queryClient.setQueryData(productQueryOptions(data.product.id).queryKey, data.product.detail);
}
