import { pagedListSchema } from '@shop/contract/pagination';
import {
  breachSchema,
  type CreateBreachRequest,
  processorListSchema,
  retentionSettingsSchema,
  type UpdateRetentionRequest,
} from '@shop/contract/privacy';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const breachPageSchema = pagedListSchema(breachSchema);

export const processorsQuery = queryOptions({
  queryKey: ['admin', 'privacy', 'processors'],
  queryFn: ({ signal }) => api.get('/admin/privacy/processors/', { schema: processorListSchema, signal }),
});

export const retentionQuery = queryOptions({
  queryKey: ['admin', 'privacy', 'retention'],
  queryFn: ({ signal }) => api.get('/admin/privacy/retention/', { schema: retentionSettingsSchema, signal }),
});

export const breachesQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'privacy', 'breaches', page],
    queryFn: ({ signal }) =>
      api.get('/admin/privacy/breaches/', {
        schema: breachPageSchema,
        signal,
        query: { page, page_size: 20 },
      }),
  });

export const useProcessors = () => useQuery(processorsQuery);
export const useRetention = () => useQuery(retentionQuery);
export const useBreaches = (page: number) => useQuery(breachesQuery(page));

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRetentionRequest) =>
      api.put('/admin/privacy/retention/', body, { schema: retentionSettingsSchema, toast: false }),
    onSuccess: (saved) => queryClient.setQueryData(retentionQuery.queryKey, saved),
  });
}

export function useRecordBreach() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBreachRequest) =>
      api.post('/admin/privacy/breaches/', body, { schema: breachSchema, toast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'privacy', 'breaches'] }),
  });
}
