import { useEffect, useState } from 'react';
import { useRequireSignIn } from '../../../lib/session/use-require-sign-in';
import { useSession } from '../../../lib/session/use-session';
import { useWishlistSummary } from '../api/get-wishlist-summary';
import { saveForVisitor, useAddToWishlist, useRemoveFromWishlist } from '../api/wishlist-mutations';

/**
 * The heart of a bottle (the catalog's cards and product page): whether it is on the signed-in
 * customer's wishlist, and a toggle. A visitor who is not signed in is asked to sign in ('Please
 * sign in to add to wishlist', docs/product.md section 5) and comes back after login; the bottle is kept on
 * their anonymous session meanwhile, so it is on the wishlist once they have signed in. A press made
 * while the session is still starting waits for it, so that it is not lost.
 */
export function useWishlistHeart(product: { id: number; name: string }, variant: number | null = null) {
  const { status } = useSession();
  const summary = useWishlistSummary();
  const requireSignIn = useRequireSignIn();
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const [queued, setQueued] = useState(false);

  const entries =
    status === 'customer' ? (summary.data?.items ?? []).filter((item) => item.product === product.id) : [];
  const saved = entries.length > 0;

  const run = () => {
    if (!requireSignIn('add to wishlist')) {
      if (status === 'anonymous') void saveForVisitor({ product: product.id, variant });
      return;
    }
    if (saved) remove.mutate({ ids: entries.map((entry) => entry.id), name: product.name });
    else add.mutate({ product: product.id, variant, name: product.name });
  };

  useEffect(() => {
    if (queued && status !== 'loading') {
      setQueued(false);
      run();
    }
  });

  const toggle = () => {
    if (status === 'loading') setQueued(true);
    else run();
  };

  return { saved, toggle, pending: queued || add.isPending || remove.isPending };
}
