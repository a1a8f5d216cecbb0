import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';

export type AddToWishlistInput = { product: number; name: string };

/** `POST /orders/wishlist/` for a signed-in customer; the wishlist's queries (key `['wishlist', …]`) are refreshed. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product }: AddToWishlistInput) => api.post('/orders/wishlist/', { product }),
    onSuccess: (_answer, { name }) => {
      toast.success(`${name} added to your wishlist`, { duration: TOAST_DURATION_MS });
      void queryClient.invalidateQueries({ queryKey: ['wishlist'] });
    },
  });
}
