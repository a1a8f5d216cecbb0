import { type CatalogImport, catalogImportSchema } from '@shop/contract/categories-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const catalogImportKey = (id: number) => ['catalog-import', id] as const;

/** How often the page asks for progress while an import is applied. */
export const IMPORT_POLL_MS = 1_000;

/** `GET /admin/catalog/imports/{id}/` (staff): the preview, status and progress. */
export const catalogImportQuery = (id: number) =>
  queryOptions<CatalogImport>({
    queryKey: catalogImportKey(id),
    queryFn: ({ signal }) =>
      api.get(`/admin/catalog/imports/${id}/`, { schema: catalogImportSchema, signal, toast: false }),
  });

/** The import, polled while it is being applied (so the bar moves, and a reload picks it up again). */
export function useCatalogImport(id: number | undefined) {
  return useQuery({
    ...catalogImportQuery(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'applying' ? IMPORT_POLL_MS : false),
  });
}
