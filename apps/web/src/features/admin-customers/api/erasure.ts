import {
  customerErasureSchema,
  erasureRequestSchema,
  type StaffCancelErasure,
  type StaffRequestErasure,
} from '@shop/contract/erasure';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /admin/customers/{id}/erasure/`: the customer's request to delete their account, if any. */
export const customerErasureQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'customers', id, 'erasure'],
    queryFn: ({ signal }) =>
      api.get(`/admin/customers/${id}/erasure/`, { schema: customerErasureSchema, signal, toast: false }),
  });

export const useCustomerErasure = (id: string) => useQuery(customerErasureQuery(id));

/** Enters a request made by e-mail or phone, or cancels the pending one (reason required, audited). */
export function useStaffErasure(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: customerErasureQuery(id).queryKey });
  return {
    request: useMutation({
      mutationFn: (body: StaffRequestErasure) =>
        api.post(`/admin/customers/${id}/erasure/`, body, { schema: erasureRequestSchema, toast: false }),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: (body: StaffCancelErasure) =>
        api.post(`/admin/customers/${id}/erasure/cancel/`, body, {
          schema: erasureRequestSchema,
          toast: false,
        }),
      onSuccess,
    }),
  };
}
