import type { ProductCard } from '@shop/contract/catalog';
import type { PagedList } from '@shop/contract/pagination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /products/products/?search=`: products on sale, for a campaign's product cards. */
export function productSearchQuery(search: string) {
  return queryOptions({
    queryKey: ['admin-newsletter', 'product-search', search] as const,
    queryFn: ({ signal }) =>
      api.get<PagedList<ProductCard>>('/products/products/', {
        query: { search, page_size: 6 },
        signal,
        toast: false,
      }),
  });
}

export function useProductSearch(search: string) {
  return useQuery({ ...productSearchQuery(search), enabled: search.trim().length >= 2 });
}
