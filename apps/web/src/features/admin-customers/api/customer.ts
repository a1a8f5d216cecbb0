import { type CustomerDetail, customerDetailSchema } from '@shop/contract/customers-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CUSTOMERS_KEY } from './customers';

/** `GET /admin/customers/{id}/` (staff): the account, orders, RSVPs, reviews, wishlist, newsletter. */
export function customerQuery(id: string) {
  return queryOptions<CustomerDetail>({
    queryKey: [...CUSTOMERS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) =>
      api.get(`/admin/customers/${encodeURIComponent(id)}/`, {
        schema: customerDetailSchema,
        signal,
        toast: false,
      }),
  });
}

export function useCustomer(id: string) {
  return useQuery(customerQuery(id));
}
