import { type RiderAccount, riderAccountListSchema } from '@shop/contract/rider';
import { type StaffOrder, staffOrderSchema } from '@shop/contract/staff-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /orders/admin/riders/`: the shop's rider accounts, asked once for every card on the page. */
export function ridersQuery() {
  return queryOptions<RiderAccount[]>({
    queryKey: ['staff-riders'] as const,
    queryFn: async ({ signal }) =>
      (await api.get('/orders/admin/riders/', { schema: riderAccountListSchema, signal, toast: false }))
        .results,
    staleTime: 5 * 60_000,
  });
}

export const useRiders = (enabled: boolean) => useQuery({ ...ridersQuery(), enabled });

/** `POST /orders/admin/orders/{id}/rider-account/`: the order goes on that rider's run. */
export function assignRiderAccount(orderId: string, riderId: string): Promise<StaffOrder> {
  return api.post(
    `/orders/admin/orders/${encodeURIComponent(orderId)}/rider-account/`,
    { rider_id: riderId },
    { schema: staffOrderSchema, toast: false },
  );
}
