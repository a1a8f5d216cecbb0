import { type LowStockList, type LowStockState, lowStockListSchema } from '@shop/contract/stock';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STOCK_KEY } from './stock-ledger';

export const LOW_STOCK_PAGE_SIZE = 25;

/**
 * `GET /admin/catalog/stock/low/` (staff): sizes low (`low`), sold out (`out`) or both (null), those
 * whose SKU starts with `search` or whose product's name holds it when it is not empty.
 */
export function lowStockQuery(state: LowStockState | null, page: number, search = '') {
  return queryOptions<LowStockList>({
    queryKey: [...STOCK_KEY, 'low', state ?? 'all', search, page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/catalog/stock/low/', {
        query: { state, page, page_size: LOW_STOCK_PAGE_SIZE, ...(search ? { q: search } : {}) },
        schema: lowStockListSchema,
        signal,
        toast: false,
      }),
    // Checkouts move stock all day: the list is read again every minute.
    refetchInterval: 60_000,
  });
}

export function useLowStock(state: LowStockState | null, page: number, enabled: boolean, search = '') {
  return useQuery({ ...lowStockQuery(state, page, search), placeholderData: keepPreviousData, enabled });
}
