import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { cartMessages } from '@shop/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';

export type AddToCartInput = {
  product: number;
  variant: number;
  quantity: number;
  /** For the toast: "{name} added to cart!". */
  name: string;
};

/**
 * `POST /orders/cart/add_item/` (SPEC.md section 7) for a signed-in customer, with the toasts of
 * section 8. The cart's own queries (key `['cart', …]`) are refreshed afterwards.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, variant, quantity }: AddToCartInput) =>
      api.post('/orders/cart/add_item/', { product, quantity, variant }, { toast: false }),
    onSuccess: (_answer, { name }) => {
      toast.success(cartMessages.added(name), { duration: TOAST_DURATION_MS });
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
    },
    onError: () => {
      toast.error(cartMessages.addToast, { id: cartMessages.addToast, duration: TOAST_DURATION_MS });
    },
  });
}
