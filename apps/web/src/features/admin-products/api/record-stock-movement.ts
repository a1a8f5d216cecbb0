import {
  type StockMovementRequest,
  type StockMovementResponse,
  stockMovementResponseSchema,
} from '@shop/contract/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

export const recordStockMovementKey = [...ADMIN_PRODUCTS_KEY, 'stock-movement'] as const;

/**
 * `POST /admin/catalog/variants/{id}/stock-movements/` (the stock feature's endpoint): a delta with
 * its reason, applied in SQL with its ledger row. The list's inline stock edit sends new − shown.
 */
export function recordStockMovement(
  variantId: number,
  body: StockMovementRequest,
): Promise<StockMovementResponse> {
  return api.post(`/admin/catalog/variants/${variantId}/stock-movements/`, body, {
    schema: stockMovementResponseSchema,
    toast: false,
  });
}

export function useRecordStockMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: recordStockMovementKey,
    mutationFn: ({ variantId, body }: { variantId: number; body: StockMovementRequest }) =>
      recordStockMovement(variantId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }),
  });
}
