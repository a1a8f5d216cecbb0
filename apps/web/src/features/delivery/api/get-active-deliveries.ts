import { type DeliveryListResponse, deliveryListResponseSchema } from '@shop/contract/delivery-tracking';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveryKeys } from './delivery-keys';

/** Deliveries shown per page of the tracking page. */
export const ACTIVE_DELIVERIES_PAGE_SIZE = 10;

/** `GET /orders/delivery-tracking/active_deliveries/`: the deliveries on their way. */
export function activeDeliveriesQuery(userId: string, page = 1) {
  return queryOptions<DeliveryListResponse>({
    queryKey: deliveryKeys.active(userId, page),
    queryFn: ({ signal }) =>
      api.get('/orders/delivery-tracking/active_deliveries/', {
        query: { page, page_size: ACTIVE_DELIVERIES_PAGE_SIZE },
        schema: deliveryListResponseSchema,
        signal,
        toast: false,
      }),
  });
}

export function useActiveDeliveries(userId: string, page: number) {
  return useQuery({ ...activeDeliveriesQuery(userId, page), placeholderData: keepPreviousData });
}
