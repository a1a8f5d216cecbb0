import { formatUGX } from '@shop/contract/money';
import { countOf } from '@shop/contract/plural';
import { Link, useRouterState } from '@tanstack/react-router';
import { ShoppingBag } from 'lucide-react';

export type MiniCartBarProps = {
  /** Bottles in the cart (sum of quantities). */
  itemCount: number;
  /** Cart total in whole shillings. */
  total: number;
};

export function itemCountLabel(count: number): string {
  return countOf(count, 'item');
}

/** The pages that show the cart themselves: the bar would only repeat them (or link to itself). */
const PAGES_WITHOUT_BAR = new Set(['/cart', '/checkout']);

/**
 * Sits at the bottom of the window while the cart has something in it (docs/product.md section 2), except on
 * the cart and checkout pages.
 */
export function MiniCartBar({ itemCount, total }: MiniCartBarProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (itemCount <= 0 || PAGES_WITHOUT_BAR.has(pathname.replace(/\/+$/, '') || '/')) return null;
  return (
    <section
      aria-label="Cart summary"
      className="on-dark sticky bottom-0 z-30 bg-wine-900 text-cream-50 shadow-[0_-4px_16px_rgba(46,11,21,0.25)]"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <p className="flex items-center gap-2 text-sm">
          <ShoppingBag aria-hidden="true" className="size-5 text-gold-300" />
          <span className="font-semibold">{itemCountLabel(itemCount)}</span>
          <span aria-hidden="true" className="text-cream-200">
            ·
          </span>
          <span>
            <span className="sr-only">Total </span>
            <span className="font-semibold">{formatUGX(total)}</span>
          </span>
        </p>
        <div className="ml-auto flex gap-2">
          <Link
            to="/cart"
            className="rounded-full border border-cream-200 px-4 py-2 text-sm font-semibold text-cream-50 transition hover:bg-wine-800"
          >
            View Cart
          </Link>
          <Link
            to="/checkout"
            className="rounded-full bg-gold-300 px-4 py-2 text-sm font-semibold text-wine-950 transition hover:bg-gold-200"
          >
            Checkout
          </Link>
        </div>
      </div>
    </section>
  );
}
