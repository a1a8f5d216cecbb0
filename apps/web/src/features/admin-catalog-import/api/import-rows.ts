import { type CatalogImportRowList, catalogImportRowListSchema } from '@shop/contract/categories-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Rows of the preview per page: enough to read through, few enough for a phone. */
export const IMPORT_ROWS_PAGE_SIZE = 25;

/** `GET /admin/catalog/imports/{id}/rows/` (staff): a page of rows, each with what it changes. */
export function useImportRows(id: number, page: number, status: string) {
  return useQuery<CatalogImportRowList>({
    // The status is in the key: once applied, each row says what applying did.
    queryKey: ['catalog-import', id, 'rows', page, status] as const,
    queryFn: ({ signal }) =>
      api.get(`/admin/catalog/imports/${id}/rows/`, {
        query: { page, page_size: IMPORT_ROWS_PAGE_SIZE },
        schema: catalogImportRowListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}
