import type { Cart } from '@shop/contract/cart';
import { cartMessages } from '@shop/contract/errors';
import type { Order } from '@shop/contract/orders';
import type { Profile } from '@shop/contract/profile';
import { Link } from '@tanstack/react-router';
import { ShoppingBag } from 'lucide-react';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { useDeliveryZones } from '../api/get-delivery-zones';
import { NO_RECENT_DETAILS, useRecentDetails } from '../api/get-recent-details';
import { type CheckoutCompany, CheckoutForm } from '../components/checkout-form';

const lead =
  'Tell us where and when to deliver, or collect from our shop, then pay with MTN or Airtel mobile money or in cash.';

export type CheckoutPageProps = {
  /** The cart, read afresh (undefined while it loads). */
  cart: Cart | undefined;
  /** The cart could not be read, and how to try again. */
  cartFailed: boolean;
  retryCart: () => void;
  /** The profile the form is filled from. */
  profile: { data: Profile | undefined; isPending: boolean };
  /** Keeps the placed order for the page that follows. */
  rememberOrder: (order: Order) => void;
  /** The approved company accounts the customer may order for (none: the choice is not shown). */
  companies?: readonly CheckoutCompany[];
};

/**
 * /checkout (signed in): the form, filled from the profile, beside the order summary. The cart,
 * the profile and the orders belong to other features: the route in src/app hands them in.
 */
export function CheckoutPage({
  cart,
  cartFailed,
  retryCart,
  profile,
  rememberOrder,
  companies = [],
}: CheckoutPageProps) {
  const zones = useDeliveryZones();
  const recent = useRecentDetails();

  if (cart === undefined && cartFailed) {
    return (
      <PageShell eyebrow="Checkout" title="Checkout">
        <FormMessage kind="error">
          {cartMessages.load}.{' '}
          <button type="button" className={textLinkClass} onClick={retryCart}>
            Try again
          </button>
        </FormMessage>
      </PageShell>
    );
  }

  if (cart === undefined || profile.isPending || zones.isPending || recent.isPending) {
    return (
      <PageShell eyebrow="Checkout" title="Checkout" lead={lead}>
        <p role="status" className="text-ink-soft">
          Preparing your checkout…
        </p>
      </PageShell>
    );
  }

  if (cart.items.length === 0) {
    return (
      <PageShell eyebrow="Checkout" title="Checkout">
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-cream-300 bg-white px-6 py-12 text-center">
          <ShoppingBag aria-hidden="true" className="size-10 text-wine-700" />
          <h2 className="mt-4 text-2xl">Your cart is empty</h2>
          <p className="mt-2 text-ink-soft">Add a bottle or two, then come back to check out.</p>
          <Link
            to="/products"
            className="mt-6 inline-flex h-11 items-center rounded-full bg-wine-800 px-6 font-semibold text-cream-50 hover:bg-wine-900"
          >
            Browse wines and spirits
          </Link>
        </div>
      </PageShell>
    );
  }

  if (!cart.can_checkout) {
    return (
      <PageShell eyebrow="Checkout" title="Checkout">
        <FormMessage kind="error">
          Some bottles in your cart can no longer be ordered as they are (sold out, fewer left, or withdrawn).{' '}
          <Link to="/cart" className={textLinkClass}>
            Review your cart
          </Link>
        </FormMessage>
      </PageShell>
    );
  }

  return (
    <PageShell eyebrow="Checkout" title="Checkout" lead={lead}>
      <CheckoutForm
        cart={cart}
        profile={profile.data}
        zones={zones.data?.results ?? []}
        zonesFailed={zones.isError}
        recent={recent.data ?? NO_RECENT_DETAILS}
        rememberOrder={rememberOrder}
        companies={companies}
      />
    </PageShell>
  );
}
