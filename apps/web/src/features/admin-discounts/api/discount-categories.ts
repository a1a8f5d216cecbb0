import { type AdminCategoryList, adminCategoryListSchema } from '@shop/contract/categories-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISCOUNT_CODES_KEY } from './discount-codes';

/** `GET /admin/catalog/categories/` (staff): the categories a code may be limited to, hidden ones too. */
export const discountCategoriesQuery = queryOptions<AdminCategoryList>({
  queryKey: [...DISCOUNT_CODES_KEY, 'categories'] as const,
  queryFn: ({ signal }) =>
    api.get('/admin/catalog/categories/', { schema: adminCategoryListSchema, signal, toast: false }),
  staleTime: 60_000,
});

export function useDiscountCategories(enabled: boolean) {
  return useQuery({ ...discountCategoriesQuery, enabled });
}
