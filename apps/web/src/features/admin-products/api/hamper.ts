import { type Hamper, type HamperPartsRequest, hamperSchema } from '@shop/contract/hampers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const hamperKey = (variantId: number) => [...ADMIN_PRODUCTS_KEY, 'hamper', variantId] as const;

/** `GET /admin/catalog/variants/{id}/hamper/` (staff): a size's parts and the stock they allow. */
export function hamperQuery(variantId: number) {
  return queryOptions<Hamper>({
    queryKey: hamperKey(variantId),
    queryFn: ({ signal }) =>
      api.get(`/admin/catalog/variants/${variantId}/hamper/`, { schema: hamperSchema, signal, toast: false }),
  });
}

export function useHamper(variantId: number) {
  return useQuery(hamperQuery(variantId));
}

/** `PUT /admin/catalog/variants/{id}/hamper/`: every part at once (none: no longer a hamper). */
export function useSaveHamper(variantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HamperPartsRequest) =>
      api.put(`/admin/catalog/variants/${variantId}/hamper/`, body, { schema: hamperSchema, toast: false }),
    onSuccess: (hamper) => {
      queryClient.setQueryData(hamperKey(variantId), hamper);
      // The size's stock is now what its parts allow: the product and the lists show it.
      // (Not the hampers read: this one was just answered, and no other hamper's parts changed.)
      void queryClient.invalidateQueries({
        queryKey: ADMIN_PRODUCTS_KEY,
        predicate: (query) => query.queryKey[1] !== 'hamper',
      });
    },
  });
}
