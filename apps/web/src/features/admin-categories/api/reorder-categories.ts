import { type AdminCategoryList, adminCategoryListSchema } from '@shop/contract/categories-admin';
import { api } from '../../../lib/api-client';

/** `PUT /admin/catalog/categories/order/` (staff): every category's id in the new order. */
export function reorderCategories(ids: number[]): Promise<AdminCategoryList> {
  return api.put(
    '/admin/catalog/categories/order/',
    { ids },
    { schema: adminCategoryListSchema, toast: false },
  );
}
