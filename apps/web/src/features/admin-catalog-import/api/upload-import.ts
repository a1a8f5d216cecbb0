import { type CatalogImport, catalogImportSchema } from '@shop/contract/categories-admin';
import { api } from '../../../lib/api-client';

/** A big file is checked row by row on the server: give it time. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** `POST /admin/catalog/imports/` (staff): the CSV as it is; answers the preview (nothing written yet). */
export function uploadImport(file: File): Promise<CatalogImport> {
  return api.post('/admin/catalog/imports/', undefined, {
    query: { file_name: file.name.slice(0, 200) },
    raw: { body: file, contentType: 'text/csv' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
    schema: catalogImportSchema,
    toast: false,
  });
}
