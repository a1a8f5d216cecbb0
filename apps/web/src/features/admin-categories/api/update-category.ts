import {
  type AdminCategory,
  adminCategorySchema,
  type UpdateCategoryRequest,
} from '@shop/contract/categories-admin';
import { api } from '../../../lib/api-client';

/** `PATCH /admin/catalog/categories/{id}/` (staff): only what changes (hiding is `is_active: false`). */
export function updateCategory(id: number, body: UpdateCategoryRequest): Promise<AdminCategory> {
  return api.patch(`/admin/catalog/categories/${id}/`, body, { schema: adminCategorySchema, toast: false });
}
