import type { ProductListResponse } from '@shop/contract/catalog';
import { HOME_PAGE_SIZE } from '@shop/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CATALOG_KEY, CATALOG_STALE_TIME_MS } from './catalog-query';

/** The home page's sections: `GET /products/products/featured/`, `/new/` and `/on_sale/`. */
export type ProductSection = 'featured' | 'new' | 'on_sale';

/** One page of a section, six products a page (docs/product.md section 9). */
export function sectionProductsQueryOptions(section: ProductSection, page = 1) {
  const query = { page, page_size: HOME_PAGE_SIZE };
  return queryOptions({
    queryKey: [CATALOG_KEY, 'section', section, query] as const,
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>(`/products/products/${section}/`, { query, signal }),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

/** A page of a section. Paging keeps the page on screen until the next one is there; a page seen is not fetched again. */
export function useSectionProducts(section: ProductSection, page: number, enabled = true) {
  return useQuery({
    ...sectionProductsQueryOptions(section, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}
