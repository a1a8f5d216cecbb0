import type { Fulfilment, OrderStatus, PaymentMethod, PaymentStatus } from '@shop/contract/orders';
import {
  type AssignRiderRequest,
  type ChangeOrderStatusRequest,
  type StaffOrder,
  type StaffOrderListResponse,
  type StaffOrderSort,
  staffOrderListResponseSchema,
  staffOrderSchema,
} from '@shop/contract/staff-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The staff's orders, cached apart from any customer's own. */
export const STAFF_ORDERS_KEY = ['staff-orders'] as const;
export const STAFF_ORDERS_PAGE_SIZE = 20;

/** The desk's search and filters; empty ones are left out of the request. */
export type StaffOrderFilters = {
  q?: string;
  payment_status?: PaymentStatus | '';
  payment_method?: PaymentMethod | '';
  fulfilment?: Fulfilment | '';
  zone?: number | '';
  date_from?: string;
  date_to?: string;
  sort?: StaffOrderSort;
};

/** `GET /orders/admin/orders/`: the orders of a status (all when none) that match the filters. */
export function staffOrdersQuery(status: OrderStatus | null, page: number, filters: StaffOrderFilters = {}) {
  const query = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  ) as Record<string, string | number>;
  return queryOptions<StaffOrderListResponse>({
    queryKey: [...STAFF_ORDERS_KEY, 'list', status ?? 'all', page, query] as const,
    queryFn: ({ signal }) =>
      api.get('/orders/admin/orders/', {
        query: { status, page, page_size: STAFF_ORDERS_PAGE_SIZE, ...query },
        schema: staffOrderListResponseSchema,
        signal,
        toast: false,
      }),
    // Orders move all the time: the desk reads them again every 20 s.
    refetchInterval: 20_000,
  });
}

export function useStaffOrders(
  status: OrderStatus | null,
  page: number,
  enabled: boolean,
  filters: StaffOrderFilters = {},
) {
  return useQuery({ ...staffOrdersQuery(status, page, filters), placeholderData: keepPreviousData, enabled });
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
