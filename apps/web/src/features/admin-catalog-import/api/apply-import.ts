import { type CatalogImport, catalogImportSchema } from '@shop/contract/categories-admin';
import { api } from '../../../lib/api-client';

/** `POST /admin/catalog/imports/{id}/apply/` (staff): starts the background job (202). */
export function applyImport(id: number): Promise<CatalogImport> {
  return api.post(`/admin/catalog/imports/${id}/apply/`, undefined, {
    schema: catalogImportSchema,
    toast: false,
  });
}
