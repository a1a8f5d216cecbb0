import {
  type StockMovementRequest,
  type StockMovementResponse,
  stockMovementResponseSchema,
} from '@shop/contract/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STOCK_KEY } from './stock-ledger';

/** `POST /admin/catalog/variants/{id}/stock-movements/` (staff): received, correction, breakage, returned. */
export function recordStockMovement(
  variantId: number,
  body: StockMovementRequest,
): Promise<StockMovementResponse> {
  return api.post(`/admin/catalog/variants/${variantId}/stock-movements/`, body, {
    schema: stockMovementResponseSchema,
    toast: false,
  });
}

/** Records a movement, then reads the ledgers, the low-stock list and the catalog again. */
export function useRecordStockMovement(variantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StockMovementRequest) => recordStockMovement(variantId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STOCK_KEY }),
        // The storefront's pages of this bottle show its stock.
        queryClient.invalidateQueries({ queryKey: ['catalog'] }),
      ]),
  });
}
