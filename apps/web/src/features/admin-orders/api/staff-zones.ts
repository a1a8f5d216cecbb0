import { type DeliveryZoneList, deliveryZoneListSchema } from '@shop/contract/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /orders/delivery-zones/?include_inactive=true`: every zone, for the desk's zone filter. */
export const staffZonesQuery = queryOptions<DeliveryZoneList>({
  queryKey: ['staff-orders-zones'],
  queryFn: ({ signal }) =>
    api.get('/orders/delivery-zones/', {
      query: { include_inactive: 'true' },
      schema: deliveryZoneListSchema,
      signal,
      toast: false,
    }),
  staleTime: 5 * 60_000,
});

export function useStaffZones(enabled: boolean) {
  return useQuery({ ...staffZonesQuery, enabled });
}
