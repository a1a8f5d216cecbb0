import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';
import { WISHLIST_KEY } from './get-wishlist';

export type RemoveFromWishlistInput = { id: number; name: string };

/** `DELETE /orders/wishlist/{id}/`; the wishlist's queries are refreshed. */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: RemoveFromWishlistInput) => api.delete(`/orders/wishlist/${id}/`),
    onSuccess: (_answer, { name }) => {
      toast.success(`${name} removed from your wishlist`, { duration: TOAST_DURATION_MS });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}
