import { type AdminCategoryList, adminCategoryListSchema } from '@shop/contract/categories-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

/**
 * `GET /admin/catalog/categories/`: every category a product can be put in, hidden ones too (a
 * new bottle may go into a category not yet shown), in the shop's order. The form's and the
 * filter's choices.
 */
export const categoryOptionsQuery = queryOptions<AdminCategoryList>({
  queryKey: [...ADMIN_PRODUCTS_KEY, 'categories'] as const,
  queryFn: ({ signal }) =>
    api.get('/admin/catalog/categories/', { schema: adminCategoryListSchema, signal, toast: false }),
  staleTime: 60_000,
});

export function useCategoryOptions() {
  return useQuery(categoryOptionsQuery);
}
