import { type LowStockList, type LowStockState, lowStockListSchema } from '@shop/contract/stock';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STOCK_KEY } from './stock-ledger';

export const LOW_STOCK_PAGE_SIZE = 25;

/** `GET /admin/catalog/stock/low/` (staff): sizes low (`low`), sold out (`out`) or both (null). */
export function lowStockQuery(state: LowStockState | null, page: number) {
  return queryOptions<LowStockList>({
    queryKey: [...STOCK_KEY, 'low', state ?? 'all', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/catalog/stock/low/', {
        query: { state, page, page_size: LOW_STOCK_PAGE_SIZE },
        schema: lowStockListSchema,
        signal,
        toast: false,
      }),
    // Checkouts move stock all day: the list is read again every minute.
    refetchInterval: 60_000,
  });
}

export function useLowStock(state: LowStockState | null, page: number, enabled: boolean) {
  return useQuery({ ...lowStockQuery(state, page), placeholderData: keepPreviousData, enabled });
}
