import { type StockLedger, stockLedgerSchema } from '@shop/contract/stock';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every stock query of the back office (ledgers and the low-stock list) sits under this key. */
export const STOCK_KEY = ['admin-stock'] as const;
export const STOCK_LEDGER_PAGE_SIZE = 20;

/** `GET /admin/catalog/variants/{id}/stock-movements/` (staff): a size's ledger, newest first. */
export function stockLedgerQuery(variantId: number, page: number) {
  return queryOptions<StockLedger>({
    queryKey: [...STOCK_KEY, 'ledger', variantId, page] as const,
    queryFn: ({ signal }) =>
      api.get(`/admin/catalog/variants/${variantId}/stock-movements/`, {
        query: { page, page_size: STOCK_LEDGER_PAGE_SIZE },
        schema: stockLedgerSchema,
        signal,
        toast: false,
      }),
  });
}

export function useStockLedger(variantId: number, page: number) {
  return useQuery({ ...stockLedgerQuery(variantId, page), placeholderData: keepPreviousData });
}
