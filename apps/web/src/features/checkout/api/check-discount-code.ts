import { type DiscountCheck, discountCheckSchema } from '@shop/contract/discounts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /orders/cart/discount-check/`: the saving of a code on the cart as it is now, or why it
 * does not apply (422, field `discount_code`). Nothing is reserved: checkout applies it again.
 */
export function checkDiscountCode(code: string): Promise<DiscountCheck> {
  return api.post(
    '/orders/cart/discount-check/',
    { discount_code: code },
    { schema: discountCheckSchema, toast: false },
  );
}

export function useCheckDiscountCode() {
  return useMutation({ mutationFn: checkDiscountCode });
}
