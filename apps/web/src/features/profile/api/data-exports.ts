import { type DataExport, dataExportSchema, latestDataExportSchema } from '@shop/contract/data-exports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** How often the profile looks again while the export is being prepared. */
const PENDING_POLL_MS = 5_000;

/** `GET /users/users/data-exports/latest/`: the customer's latest request (under ['profile']). */
export const latestDataExportQuery = queryOptions({
  queryKey: ['profile', 'data-export'],
  queryFn: ({ signal }) =>
    api.get('/users/users/data-exports/latest/', { schema: latestDataExportSchema, signal, toast: false }),
});

export function useLatestDataExport() {
  return useQuery({
    ...latestDataExportQuery,
    refetchInterval: (query) => (query.state.data?.export?.state === 'queued' ? PENDING_POLL_MS : false),
  });
}

/** `POST /users/users/data-exports/`: asks for a copy (409 while one is being prepared). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/users/users/data-exports/', undefined, { schema: dataExportSchema, toast: false }),
    onSuccess: (created) => queryClient.setQueryData(latestDataExportQuery.queryKey, { export: created }),
  });
}

/** The ZIP, once: afterwards the request shows as downloaded. */
export function useDownloadDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ready: DataExport) =>
      downloadFile(ready.download_url ?? '', 'my-data.zip', 'application/zip'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: latestDataExportQuery.queryKey }),
  });
}
