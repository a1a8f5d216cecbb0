import type { Cart } from '@shop/contract/cart';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from '../../../lib/api-client';
import { CART_KEY, CART_MUTATION_SCOPE } from '../api/get-cart';
import { refusalReason } from './cart-messages';

/**
 * A cart change: it runs after the ones before it, its answer (the whole cart) replaces the cached
 * cart, and a failure says `failureMessage` (SPEC.md section 8) with the server's reason.
 */
export function useCartMutation<Input>(request: (input: Input) => Promise<Cart>, failureMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    scope: CART_MUTATION_SCOPE,
    onSuccess: async (cart) => {
      // A cart read still on its way is older than this answer.
      await queryClient.cancelQueries({ queryKey: CART_KEY });
      queryClient.setQueryData(CART_KEY, cart);
    },
    onError: (error) => {
      const description = refusalReason(error);
      toast.error(failureMessage, {
        id: failureMessage,
        duration: TOAST_DURATION_MS,
        ...(description ? { description } : {}),
      });
      // The server's cart is not the one on screen (a line gone, stock changed): show it.
      if (isApiError(error) && error.status !== null && error.status < 500) {
        void queryClient.invalidateQueries({ queryKey: CART_KEY });
      }
    },
  });
}
