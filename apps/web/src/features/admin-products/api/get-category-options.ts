import { type CategoryListResponse, categoryListResponseSchema } from '@shop/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

/** `GET /products/categories/`: the categories a product can be put in (the form's and filter's choices). */
export const categoryOptionsQuery = queryOptions<CategoryListResponse>({
  queryKey: [...ADMIN_PRODUCTS_KEY, 'categories'] as const,
  queryFn: ({ signal }) =>
    api.get('/products/categories/', { schema: categoryListResponseSchema, signal, toast: false }),
  staleTime: 60_000,
});

export function useCategoryOptions() {
  return useQuery(categoryOptionsQuery);
}
