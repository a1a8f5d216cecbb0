import {
  type AdminDiscountCode,
  adminDiscountCodeSchema,
  type UpdateDiscountCodeRequest,
} from '@shop/contract/discounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISCOUNT_CODES_KEY } from './discount-codes';

/** `PATCH /admin/discount-codes/{id}/` (staff): what changes; the code itself never does. */
export function updateDiscountCode(id: number, body: UpdateDiscountCodeRequest): Promise<AdminDiscountCode> {
  return api.patch(`/admin/discount-codes/${id}/`, body, { schema: adminDiscountCodeSchema, toast: false });
}

/** Changes a code, then reads the list again. */
export function useUpdateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateDiscountCodeRequest }) =>
      updateDiscountCode(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...DISCOUNT_CODES_KEY, 'list'] }),
  });
}
