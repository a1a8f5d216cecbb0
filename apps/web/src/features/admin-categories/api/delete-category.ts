import { api } from '../../../lib/api-client';

/** `DELETE /admin/catalog/categories/{id}/` (staff): refused (409) while products use the category. */
export async function deleteCategory(id: number): Promise<void> {
  await api.delete(`/admin/catalog/categories/${id}/`, { toast: false });
}
