import {
  type CreateDeliveryZoneRequest,
  type DeliveryZone,
  type DeliveryZoneList,
  deliveryZoneListSchema,
  deliveryZoneSchema,
  type UpdateDeliveryZoneRequest,
} from '@shop/contract/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The staff's view of the zones (withdrawn ones too), cached apart from the checkout's list. */
export const STAFF_DELIVERY_ZONES_KEY = ['staff-delivery-zones'] as const;

/** `GET /orders/delivery-zones/?include_inactive=true` (staff): every zone, withdrawn ones too. */
export const staffDeliveryZonesQuery = queryOptions<DeliveryZoneList>({
  queryKey: STAFF_DELIVERY_ZONES_KEY,
  queryFn: ({ signal }) =>
    api.get('/orders/delivery-zones/', {
      query: { include_inactive: 'true' },
      schema: deliveryZoneListSchema,
      signal,
      toast: false,
    }),
});

export function useStaffDeliveryZones(enabled: boolean) {
  return useQuery({ ...staffDeliveryZonesQuery, enabled });
}

/** `POST /orders/delivery-zones/` (staff). */
export function createDeliveryZone(body: CreateDeliveryZoneRequest): Promise<DeliveryZone> {
  return api.post('/orders/delivery-zones/', body, { schema: deliveryZoneSchema, toast: false });
}

/** `PATCH /orders/delivery-zones/{id}/` (staff): only what changes; placed orders keep theirs. */
export function updateDeliveryZone(id: number, body: UpdateDeliveryZoneRequest): Promise<DeliveryZone> {
  return api.patch(`/orders/delivery-zones/${id}/`, body, { schema: deliveryZoneSchema, toast: false });
}
