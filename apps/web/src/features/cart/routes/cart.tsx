import { cartMessages } from '@shop/contract/errors';
import { Link } from '@tanstack/react-router';
import { RotateCw, ShoppingBag } from 'lucide-react';
import { useCart } from '../api/get-cart';
import { CartLine } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';
import { ClearCartButton } from '../components/clear-cart-button';
import { itemCountText } from '../lib/cart-line';

const container = 'mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8';
const primaryLinkClass =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-wine-800 px-6 font-semibold text-cream-50 transition hover:bg-wine-900';

function CartHeading({ lead }: { lead?: string }) {
  return (
    <div className="max-w-3xl">
      <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">Cart</p>
      <h1 className="text-4xl sm:text-5xl">Your cart</h1>
      {lead ? <p className="mt-4 text-lg text-ink-soft">{lead}</p> : null}
    </div>
  );
}

function EmptyCart({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-cream-300 bg-white px-6 py-14 text-center">
      <ShoppingBag aria-hidden="true" className="size-12 text-wine-700" />
      <h2 className="mt-4 text-2xl">Your cart is empty</h2>
      <p className="mt-2 max-w-md text-ink-soft">
        {signedIn
          ? 'Find a bottle for tonight or a case for the celebration: our cellar has wines and spirits from every corner of the world.'
          : 'Sign in to fill your cart: it keeps your bottles until you check out.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/products" className={primaryLinkClass}>
          Browse wines and spirits
        </Link>
        {signedIn ? null : (
          <Link
            to="/login"
            search={{ redirect: '/cart' }}
            className="inline-flex h-11 items-center justify-center rounded-full border border-wine-800 px-6 font-semibold text-wine-800 transition hover:bg-cream-100"
          >
            Sign in
          </Link>
        )}
      </div>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_22rem]">
      <div role="status" className="flex flex-col gap-6">
        <span className="sr-only">Loading your cart…</span>
        {[0, 1].map((key) => (
          <div key={key} aria-hidden="true" className="flex gap-6">
            <div className="h-30 w-24 animate-pulse rounded-xl bg-cream-100 motion-reduce:animate-none" />
            <div className="flex flex-1 flex-col gap-3">
              <div className="h-5 w-2/3 rounded bg-cream-200" />
              <div className="h-4 w-1/3 rounded bg-cream-100" />
              <div className="h-10 w-32 rounded-full bg-cream-100" />
            </div>
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="h-72 rounded-2xl bg-cream-100" />
    </div>
  );
}

/**
 * /cart (docs/product.md section 2): the lines with their quantities, Remove and Clear cart, the totals and
 * how much more qualifies for free delivery. Lines that cannot be ordered as they are stop the checkout.
 */
export function CartPage() {
  const { cart, session, query } = useCart({ fresh: true });

  if (cart === undefined && query.isError) {
    return (
      <div className={container}>
        <CartHeading />
        <div
          role="alert"
          className="mt-10 flex flex-col items-center gap-3 rounded-2xl border border-wine-200 bg-wine-50 px-6 py-8 text-center"
        >
          <p className="font-semibold text-wine-900">{cartMessages.load}</p>
          <p className="text-sm text-ink-soft">Check your connection, then try again.</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className="inline-flex items-center gap-2 rounded-full bg-wine-800 px-5 py-2.5 text-sm font-semibold text-cream-50 transition hover:bg-wine-900 disabled:opacity-60"
          >
            <RotateCw
              aria-hidden="true"
              className={`size-4 ${query.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
            />
            {query.isFetching ? 'Retrying…' : 'Retry'}
          </button>
        </div>
      </div>
    );
  }

  if (cart === undefined) {
    return (
      <div className={container}>
        <CartHeading />
        <CartSkeleton />
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className={container}>
        <CartHeading />
        <EmptyCart signedIn={session === 'customer'} />
      </div>
    );
  }

  return (
    <div className={container}>
      <CartHeading lead={`${itemCountText(cart.item_count)} in your cart, at today’s prices.`} />
      <div className="mt-10 grid items-start gap-10 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="cart-lines-heading">
          <div className="flex items-center justify-between gap-4 border-b border-cream-200 pb-3">
            <h2 id="cart-lines-heading" className="text-2xl">
              Bottles
            </h2>
            <ClearCartButton itemCount={cart.item_count} />
          </div>
          <ul className="divide-y divide-cream-200">
            {cart.items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          <p className="mt-6">
            <Link to="/products" className="font-semibold text-wine-800 underline underline-offset-4">
              Continue shopping
            </Link>
          </p>
        </section>
        <CartSummary cart={cart} />
      </div>
    </div>
  );
}
