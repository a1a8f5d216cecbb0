import { TOAST_DURATION_MS } from '@shop/contract/constants';
import type { WishlistSummary } from '@shop/contract/wishlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';
import { WISHLIST_KEY, wishlistSummaryQuery } from './get-wishlist-summary';

export type RemoveFromWishlistInput = { ids: number[]; name: string };

/**
 * `DELETE /orders/wishlist/{id}/` for each entry of a bottle (all its saved sizes): the heart empties
 * at once, then every wishlist query is refreshed.
 */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids }: RemoveFromWishlistInput) => {
      await Promise.all(ids.map((id) => api.delete(`/orders/wishlist/${id}/`)));
    },
    onSuccess: (_answer, { ids, name }) => {
      queryClient.setQueryData(wishlistSummaryQuery.queryKey, (summary: WishlistSummary | undefined) => {
        if (!summary) return summary;
        const items = summary.items.filter((item) => !ids.includes(item.id));
        return { count: items.length, items };
      });
      toast.success(`${name} removed from your wishlist`, { duration: TOAST_DURATION_MS });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}
