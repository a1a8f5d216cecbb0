import {
  type AdminDiscountCode,
  adminDiscountCodeSchema,
  type DiscountStatus,
} from '@shop/contract/discounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISCOUNT_CODES_KEY } from './discount-codes';

/** `POST /admin/discount-codes/{id}/status/` (staff): pause, resume (active) or end for good. */
export function changeDiscountStatus(id: number, status: DiscountStatus): Promise<AdminDiscountCode> {
  return api.post(
    `/admin/discount-codes/${id}/status/`,
    { status },
    { schema: adminDiscountCodeSchema, toast: false },
  );
}

/** Changes a code's status, then reads the list again. */
export function useChangeDiscountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: DiscountStatus }) => changeDiscountStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...DISCOUNT_CODES_KEY, 'list'] }),
  });
}
