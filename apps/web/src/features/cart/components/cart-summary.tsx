import type { Cart } from '@shop/contract/cart';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { itemCountText } from '../lib/cart-line';
import { FreeDeliveryProgress } from './free-delivery-progress';

const checkoutClass =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-wine-800 px-6 font-semibold text-cream-50 transition hover:bg-wine-900';

/** The cart's totals, the free-delivery progress and the way to checkout. */
export function CartSummary({ cart }: { cart: Cart }) {
  return (
    <section
      aria-labelledby="cart-summary-heading"
      className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm lg:sticky lg:top-24"
    >
      <h2 id="cart-summary-heading" className="text-2xl">
        Summary
      </h2>
      <dl className="mt-5 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Subtotal ({itemCountText(cart.item_count)})</dt>
          <dd className="font-semibold text-ink">{formatUGX(cart.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Delivery</dt>
          <dd className="text-right text-ink">
            {cart.free_delivery_remaining <= 0 ? 'Free' : 'Set by your area at checkout'}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-cream-200 pt-3 text-base">
          <dt className="font-semibold text-ink">Total</dt>
          <dd data-testid="cart-total" className="font-serif text-xl font-semibold text-wine-900">
            {formatUGX(cart.total)}
          </dd>
        </div>
      </dl>
      <div className="mt-5">
        <FreeDeliveryProgress
          subtotal={cart.subtotal}
          threshold={cart.free_delivery_threshold}
          remaining={cart.free_delivery_remaining}
        />
      </div>
      <div className="mt-6">
        {cart.can_checkout ? (
          <Link to="/checkout" className={checkoutClass}>
            <Lock aria-hidden="true" className="size-4" />
            Checkout
          </Link>
        ) : (
          <>
            <button
              type="button"
              disabled
              aria-describedby="cart-blocked"
              className={`${checkoutClass} cursor-not-allowed bg-cream-300 text-ink-soft hover:bg-cream-300`}
            >
              <Lock aria-hidden="true" className="size-4" />
              Checkout
            </button>
            <p id="cart-blocked" className="mt-3 text-sm text-wine-700">
              Some bottles above can no longer be ordered as they are. Remove them or lower their quantity to
              check out.
            </p>
          </>
        )}
      </div>
      <p className="mt-4 text-center text-xs text-ink-soft">
        Pay with MTN or Airtel mobile money, or cash on delivery.
      </p>
    </section>
  );
}
