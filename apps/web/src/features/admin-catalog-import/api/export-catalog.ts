import { apiUrl } from '../../../lib/api-client';

/** `GET /admin/catalog/export.csv` (staff): a download link, all products or one category's. */
export function exportCatalogUrl(filters: { category?: string | undefined; q?: string | undefined }): string {
  return apiUrl('/admin/catalog/export.csv', {
    category: filters.category || undefined,
    q: filters.q || undefined,
  });
}
