import { type DeliveryZoneList, deliveryZoneListSchema } from '@shop/contract/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /orders/delivery-zones/`: the Kampala-area zones with their fees and times (staff change them). */
export const deliveryZonesQuery = queryOptions<DeliveryZoneList>({
  queryKey: ['delivery-zones'],
  queryFn: ({ signal }) =>
    api.get('/orders/delivery-zones/', { schema: deliveryZoneListSchema, signal, toast: false }),
  staleTime: 5 * 60_000,
});

export function useDeliveryZones() {
  return useQuery(deliveryZonesQuery);
}
