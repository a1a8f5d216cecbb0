import {
  type DeliveryListResponse,
  deliveryListResponseSchema,
  RECENT_DELIVERIES_DAYS,
} from '@shop/contract/delivery-tracking';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deliveryKeys } from './delivery-keys';

/** Delivered orders shown per page below the active ones. */
export const RECENT_DELIVERIES_PAGE_SIZE = 5;
export { RECENT_DELIVERIES_DAYS };

/** `GET /orders/delivery-tracking/recent_deliveries/`: delivered in the last 30 days, newest first. */
export function recentDeliveriesQuery(userId: string, page = 1) {
  return queryOptions<DeliveryListResponse>({
    queryKey: deliveryKeys.recent(userId, page),
    queryFn: ({ signal }) =>
      api.get('/orders/delivery-tracking/recent_deliveries/', {
        query: { page, page_size: RECENT_DELIVERIES_PAGE_SIZE },
        schema: deliveryListResponseSchema,
        signal,
        toast: false,
      }),
  });
}

export function useRecentDeliveries(userId: string, page: number) {
  return useQuery({ ...recentDeliveriesQuery(userId, page), placeholderData: keepPreviousData });
}
