import type { OrderStatus } from '@shop/contract/orders';
import {
  type AssignRiderRequest,
  type ChangeOrderStatusRequest,
  type StaffOrder,
  type StaffOrderListResponse,
  staffOrderListResponseSchema,
  staffOrderSchema,
} from '@shop/contract/staff-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The staff's orders, cached apart from any customer's own. */
export const STAFF_ORDERS_KEY = ['staff-orders'] as const;
export const STAFF_ORDERS_PAGE_SIZE = 20;

/** `GET /orders/admin/orders/`: every order of a status (all when none), newest first. */
export function staffOrdersQuery(status: OrderStatus | null, page: number) {
  return queryOptions<StaffOrderListResponse>({
    queryKey: [...STAFF_ORDERS_KEY, status ?? 'all', page] as const,
    queryFn: ({ signal }) =>
      api.get('/orders/admin/orders/', {
        query: { status, page, page_size: STAFF_ORDERS_PAGE_SIZE },
        schema: staffOrderListResponseSchema,
        signal,
        toast: false,
      }),
    // Orders move all the time: the desk reads them again every 20 s.
    refetchInterval: 20_000,
  });
}

export function useStaffOrders(status: OrderStatus | null, page: number, enabled: boolean) {
  return useQuery({ ...staffOrdersQuery(status, page), placeholderData: keepPreviousData, enabled });
}

/** `POST /orders/admin/orders/{id}/status/`. */
export function moveOrder(orderId: string, body: ChangeOrderStatusRequest): Promise<StaffOrder> {
  return api.post(`/orders/admin/orders/${encodeURIComponent(orderId)}/status/`, body, {
    schema: staffOrderSchema,
    toast: false,
  });
}

/** `POST /orders/admin/orders/{id}/rider/`. */
export function assignRider(orderId: string, body: AssignRiderRequest): Promise<StaffOrder> {
  return api.post(`/orders/admin/orders/${encodeURIComponent(orderId)}/rider/`, body, {
    schema: staffOrderSchema,
    toast: false,
  });
}
