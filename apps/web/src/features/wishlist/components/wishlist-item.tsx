import { formatUGX } from '@shop/contract/money';
import type { WishlistItem } from '@shop/contract/wishlist';
import { Link } from '@tanstack/react-router';
import { ShoppingBag, Trash2 } from 'lucide-react';
import { BottleThumbnail } from '../../../components/bottle-thumbnail';
import { availabilityText, canMoveToCart, originLine, saleBadgeText } from '../lib/wishlist-display';

export type WishlistItemCardProps = {
  item: WishlistItem;
  onMoveToCart: (item: WishlistItem & { cart_variant: number }) => void;
  onRemove: (item: WishlistItem) => void;
  /** A change of this entry is on its way. */
  busy?: boolean;
};

/**
 * One saved bottle: picture, name, where from, the size, the current price (the original struck
 * through and the sale badge when on sale), stock, Add to Cart (which moves it) and Remove.
 */
export function WishlistItemCard({ item, onMoveToCart, onRemove, busy = false }: WishlistItemCardProps) {
  const origin = originLine(item);
  const available = availabilityText(item);
  const onSale = item.on_sale && item.price !== null;
  return (
    <article
      aria-label={item.product_name}
      className="flex gap-4 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm"
    >
      <Link to="/products/$id" params={{ id: item.product_slug }} tabIndex={-1} aria-hidden="true">
        <BottleThumbnail src={item.image} alt="" size={88} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="text-xs font-semibold tracking-wider text-gold-700 uppercase">{item.category_name}</p>
        <h2 className="mt-0.5 text-lg leading-snug">
          <Link
            to="/products/$id"
            params={{ id: item.product_slug }}
            className="hover:text-wine-700 hover:underline"
          >
            {item.product_name}
          </Link>
        </h2>
        <p className="text-sm text-ink-soft">{[origin, item.variant_name].filter(Boolean).join(' · ')}</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {item.price !== null ? (
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-wine-900">
                {onSale ? <span className="sr-only">Now </span> : null}
                {formatUGX(item.price)}
              </span>
              {onSale && item.original_price !== null ? (
                <s className="text-sm text-ink-soft">
                  <span className="sr-only">Was </span>
                  {formatUGX(item.original_price)}
                </s>
              ) : null}
            </p>
          ) : null}
          {onSale ? (
            <span
              data-testid="sale-badge"
              className="rounded-full bg-wine-700 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white"
            >
              {saleBadgeText(item)}
            </span>
          ) : null}
        </div>
        <p
          className={`mt-1 text-sm font-semibold ${canMoveToCart(item) ? 'text-wine-800' : 'text-ink-soft'}`}
        >
          {available}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            aria-label={`Add to Cart: ${item.product_name}`}
            disabled={busy || !canMoveToCart(item)}
            onClick={() => {
              if (canMoveToCart(item)) onMoveToCart(item);
            }}
            className="inline-flex items-center gap-1.5 rounded-full bg-wine-800 px-4 py-2 text-sm font-semibold text-cream-50 transition hover:bg-wine-900 disabled:cursor-not-allowed disabled:bg-cream-300 disabled:text-ink-soft"
          >
            <ShoppingBag aria-hidden="true" className="size-4" />
            Add to Cart
          </button>
          <button
            type="button"
            aria-label={`Remove ${item.product_name} from your wishlist`}
            disabled={busy}
            onClick={() => onRemove(item)}
            className="inline-flex items-center gap-1.5 rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800 transition hover:bg-wine-50 disabled:opacity-60"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </button>
        </div>
      </div>
    </article>
  );
}
