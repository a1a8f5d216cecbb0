import {
  type AdminDiscountList,
  adminDiscountListSchema,
  type DiscountStatus,
} from '@shop/contract/discounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The back office's discount codes (every query of this feature lives under this key). */
export const DISCOUNT_CODES_KEY = ['admin-discount-codes'] as const;
export const DISCOUNT_CODES_PAGE_SIZE = 20;

/** `GET /admin/discount-codes/` (staff): newest first, one status or all (null), part of a code. */
export function discountCodesQuery(status: DiscountStatus | null, page: number, code = '') {
  return queryOptions<AdminDiscountList>({
    queryKey: [...DISCOUNT_CODES_KEY, 'list', status ?? 'all', page, code] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/discount-codes/', {
        query: { status, page, page_size: DISCOUNT_CODES_PAGE_SIZE, ...(code ? { q: code } : {}) },
        schema: adminDiscountListSchema,
        signal,
        toast: false,
      }),
  });
}

export function useDiscountCodes(status: DiscountStatus | null, page: number, enabled: boolean, code = '') {
  return useQuery({ ...discountCodesQuery(status, page, code), placeholderData: keepPreviousData, enabled });
}
