import { type AdminCategoryList, adminCategoryListSchema } from '@shop/contract/categories-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The back office's categories, hidden ones too (cached apart from the storefront's list). */
export const ADMIN_CATEGORIES_KEY = ['admin-categories'] as const;

/** `GET /admin/catalog/categories/` (staff): every category with its product counts. */
export const adminCategoriesQuery = queryOptions<AdminCategoryList>({
  queryKey: ADMIN_CATEGORIES_KEY,
  queryFn: ({ signal }) =>
    api.get('/admin/catalog/categories/', { schema: adminCategoryListSchema, signal, toast: false }),
});

export function useAdminCategories(enabled: boolean) {
  return useQuery({ ...adminCategoriesQuery, enabled });
}
