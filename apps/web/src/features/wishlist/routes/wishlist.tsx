import { countOf } from '@shop/contract/plural';
import type { WishlistItem } from '@shop/contract/wishlist';
import { Link } from '@tanstack/react-router';
import { Heart, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { PageShell } from '../../../components/page-shell';
import { useWishlist } from '../api/get-wishlist';
import { type AddToCart, useMoveToCart, useRemoveFromWishlist } from '../api/wishlist-mutations';
import { WishlistItemCard } from '../components/wishlist-item';

export const WISHLIST_LOAD_ERROR = 'Failed to load your wishlist';

function EmptyWishlist() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-cream-200 bg-white px-6 py-12 text-center">
      <Heart aria-hidden="true" className="size-10 text-wine-700" />
      <p className="text-lg font-semibold text-wine-900">Your wishlist is empty</p>
      <p className="max-w-md text-ink-soft">
        Tap the heart on any bottle to save it here. We will let you know when a saved bottle goes on sale or
        comes back in stock.
      </p>
      <Link
        to="/products"
        className="rounded-full bg-wine-800 px-5 py-2.5 font-semibold text-cream-50 transition hover:bg-wine-900"
      >
        Discover wines and spirits
      </Link>
    </div>
  );
}

function WishlistSkeleton() {
  return (
    <div role="status" className="grid gap-4 md:grid-cols-2">
      <span className="sr-only">Loading your wishlist…</span>
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-40 animate-pulse rounded-2xl bg-cream-100 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

/**
 * /wishlist (customers only): the saved bottles with current price, stock and sale badge; Add to
 * Cart moves a bottle to the cart (with the cart's `addToCart`, handed in by src/app), Remove takes
 * it off. Paged, newest first.
 */
export function WishlistPage({ addToCart }: { addToCart: AddToCart }) {
  const [page, setPage] = useState(1);
  const query = useWishlist(page);
  const moveToCart = useMoveToCart(addToCart);
  const remove = useRemoveFromWishlist();
  const busyId = moveToCart.isPending
    ? moveToCart.variables?.id
    : remove.isPending
      ? remove.variables?.ids[0]
      : undefined;

  const data = query.data;
  const pageEmptied = data !== undefined && data.results.length === 0 && page > 1 && !query.isFetching;
  useEffect(() => {
    // The last entry of a later page was removed: show the page before.
    if (pageEmptied) setPage((current) => Math.max(1, current - 1));
  }, [pageEmptied]);

  const onMoveToCart = (item: WishlistItem & { cart_variant: number }) =>
    moveToCart.mutate({
      id: item.id,
      product: item.product,
      variant: item.cart_variant,
      name: item.product_name,
    });
  const onRemove = (item: WishlistItem) => remove.mutate({ ids: [item.id], name: item.product_name });

  let body: ReactNode;
  if (data) {
    body =
      data.count === 0 ? (
        <EmptyWishlist />
      ) : (
        <>
          <p className="mb-4 text-sm text-ink-soft" aria-live="polite">
            {countOf(data.count, 'bottle')} saved
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-busy={query.isFetching}>
            {data.results.map((item) => (
              <li key={item.id}>
                <WishlistItemCard
                  item={item}
                  busy={busyId === item.id}
                  onMoveToCart={onMoveToCart}
                  onRemove={onRemove}
                />
              </li>
            ))}
          </ul>
          {data.total_pages > 1 ? (
            <nav aria-label="Wishlist pages" className="mt-6 flex items-center justify-center gap-3">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                className="rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800 disabled:opacity-40"
              >
                Previous
              </button>
              <span className="text-sm text-ink-soft">
                Page {page} of {data.total_pages}
              </span>
              <button
                type="button"
                disabled={data.next === null}
                onClick={() => setPage(page + 1)}
                className="rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800 disabled:opacity-40"
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      );
  } else if (query.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-wine-200 bg-wine-50 px-6 py-8 text-center"
      >
        <p className="font-semibold text-wine-900">{WISHLIST_LOAD_ERROR}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="inline-flex items-center gap-2 rounded-full bg-wine-800 px-5 py-2.5 text-sm font-semibold text-cream-50"
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Retry
        </button>
      </div>
    );
  } else {
    body = <WishlistSkeleton />;
  }

  return (
    <PageShell
      eyebrow="Wishlist"
      title="Your wishlist"
      lead="Bottles you have saved for later, for a celebration, a gift or the next time you restock. Add them to your cart from here when you are ready."
    >
      {body}
    </PageShell>
  );
}
