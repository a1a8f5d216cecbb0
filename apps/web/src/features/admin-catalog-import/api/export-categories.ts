import { type AdminCategoryList, adminCategoryListSchema } from '@shop/contract/categories-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /admin/catalog/categories/` (staff): the export's category choices, hidden ones too. */
export const exportCategoriesQuery = queryOptions<AdminCategoryList>({
  queryKey: ['admin-categories'],
  queryFn: ({ signal }) =>
    api.get('/admin/catalog/categories/', { schema: adminCategoryListSchema, signal, toast: false }),
});

export function useExportCategories(enabled: boolean) {
  return useQuery({ ...exportCategoriesQuery, enabled });
}
