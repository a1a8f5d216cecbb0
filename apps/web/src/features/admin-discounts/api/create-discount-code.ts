import {
  type AdminDiscountCode,
  adminDiscountCodeSchema,
  type CreateDiscountCodeRequest,
} from '@shop/contract/discounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { DISCOUNT_CODES_KEY } from './discount-codes';

/** `POST /admin/discount-codes/` (staff). */
export function createDiscountCode(body: CreateDiscountCodeRequest): Promise<AdminDiscountCode> {
  return api.post('/admin/discount-codes/', body, { schema: adminDiscountCodeSchema, toast: false });
}

/** Creates a code, then reads the list again. */
export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscountCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...DISCOUNT_CODES_KEY, 'list'] }),
  });
}
