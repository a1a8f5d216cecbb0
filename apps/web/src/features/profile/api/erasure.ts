import { erasureRequestSchema, myErasureSchema, type RequestErasure } from '@shop/contract/erasure';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /users/users/erasure/`: the pending (or latest) request and how to confirm it is them. */
export const myErasureQuery = queryOptions({
  queryKey: ['profile', 'erasure'],
  queryFn: ({ signal }) =>
    api.get('/users/users/erasure/', { schema: myErasureSchema, signal, toast: false }),
});

export function useMyErasure() {
  return useQuery(myErasureQuery);
}

/** `POST /users/users/erasure/`: asks to delete the account (422 naming `password`; 409 if pending). */
export function useRequestErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestErasure) =>
      api.post('/users/users/erasure/', body, { schema: erasureRequestSchema, toast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myErasureQuery.queryKey }),
  });
}

/** `DELETE /users/users/erasure/`: cancels the pending request. */
export function useCancelErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/users/users/erasure/', { schema: erasureRequestSchema, toast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myErasureQuery.queryKey }),
  });
}
