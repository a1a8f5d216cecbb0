import type { CartItem } from '@shop/contract/cart';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, Trash2 } from 'lucide-react';
import { BottleThumbnail } from '../../../components/bottle-thumbnail';
import { useRemoveCartItem, useUpdateCartItem } from '../api/cart-mutations';
import { lineName, lineProblem, lowStockNote, maxQuantity } from '../lib/cart-line';
import { QuantityStepper } from './quantity-stepper';

/**
 * One line of the cart: the bottle, its size and price, its quantity (bounded by the stock), its
 * subtotal and Remove. A line that cannot be ordered (withdrawn, sold out, short) says why.
 */
export function CartLine({ item }: { item: CartItem }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const busy = update.isPending || remove.isPending;
  // The quantity being sent is shown at once; a refused change falls back to the cart's own.
  const quantity = update.isPending ? (update.variables.quantity ?? item.quantity) : item.quantity;
  const problem = lineProblem(item);
  const lowStock = lowStockNote(item);
  const name = lineName(item);
  const struck = item.original_price !== null && item.original_price > item.unit_price;

  return (
    <li
      aria-label={name}
      aria-busy={busy || undefined}
      className={`flex gap-4 py-6 transition-opacity sm:gap-6 ${busy ? 'opacity-60' : ''}`}
    >
      <Link to="/products/$id" params={{ id: item.product_slug }} tabIndex={-1} aria-hidden="true">
        <BottleThumbnail src={item.image} alt="" size={96} className="h-30 w-24" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 className="font-serif text-lg leading-snug">
              <Link
                to="/products/$id"
                params={{ id: item.product_slug }}
                className="text-wine-900 hover:text-wine-700 hover:underline"
              >
                {item.product_name}
              </Link>
            </h3>
            <p className="text-sm text-ink-soft">{item.variant_name}</p>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold text-ink">
                {formatUGX(item.unit_price)} <span className="font-normal text-ink-soft">each</span>
              </span>
              {struck ? (
                <s className="text-ink-soft">
                  <span className="sr-only">Was </span>
                  {formatUGX(item.original_price ?? 0)}
                </s>
              ) : null}
            </p>
          </div>
          <p className="text-right font-semibold text-wine-900">
            <span className="sr-only">Line total </span>
            {formatUGX(item.subtotal)}
          </p>
        </div>

        {problem ? (
          <p className="flex items-start gap-2 text-sm font-semibold text-wine-700">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {problem.message}
          </p>
        ) : lowStock ? (
          <p className="text-sm font-semibold text-gold-700">{lowStock}</p>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          {item.is_available && item.stock > 0 ? (
            <QuantityStepper
              value={quantity}
              max={maxQuantity(item)}
              itemName={name}
              disabled={busy}
              onChange={(quantity) => update.mutate({ item_id: item.id, quantity })}
            />
          ) : (
            <p className="text-sm text-ink-soft">Quantity {item.quantity}</p>
          )}
          {problem?.kind === 'short' ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => update.mutate({ item_id: item.id, quantity: item.stock })}
              className="rounded-full border border-wine-800 px-3 py-1.5 text-sm font-semibold text-wine-800 transition hover:bg-wine-50 disabled:opacity-60"
            >
              Change to {item.stock}
            </button>
          ) : null}
          <button
            type="button"
            disabled={busy}
            onClick={() => remove.mutate({ item_id: item.id })}
            className="ml-auto inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-wine-800 transition hover:bg-wine-50 disabled:opacity-60"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove<span className="sr-only"> {name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
