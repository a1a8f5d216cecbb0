import {
  type AdminCategory,
  adminCategorySchema,
  type CreateCategoryRequest,
} from '@shop/contract/categories-admin';
import { api } from '../../../lib/api-client';

/** `POST /admin/catalog/categories/` (staff): the slug is made from the name when left empty. */
export function createCategory(body: CreateCategoryRequest): Promise<AdminCategory> {
  return api.post('/admin/catalog/categories/', body, { schema: adminCategorySchema, toast: false });
}
