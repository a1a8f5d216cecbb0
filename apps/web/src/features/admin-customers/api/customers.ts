import { type CustomerList, customerListSchema } from '@shop/contract/customers-admin';
import type { UserRole } from '@shop/contract/identity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The back office's customers (every query of this feature lives under this key). */
export const CUSTOMERS_KEY = ['admin-customers'] as const;
export const CUSTOMERS_PAGE_SIZE = 25;

/** `GET /admin/customers/` (staff): newest first, or those matching part of a name, e-mail or phone. */
export function customersQuery(search: string, page: number, role: UserRole | null = null) {
  return queryOptions<CustomerList>({
    queryKey: [...CUSTOMERS_KEY, 'list', search, role ?? 'all', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/customers/', {
        query: {
          page,
          page_size: CUSTOMERS_PAGE_SIZE,
          ...(search ? { q: search } : {}),
          ...(role ? { role } : {}),
        },
        schema: customerListSchema,
        signal,
        toast: false,
      }),
  });
}

export function useCustomers(search: string, page: number, role: UserRole | null = null) {
  return useQuery({ ...customersQuery(search, page, role), placeholderData: keepPreviousData });
}
