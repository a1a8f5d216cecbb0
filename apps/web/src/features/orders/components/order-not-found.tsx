import { Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/page-shell';

/** An order id that is not one of the customer's orders (or not an order id at all). */
export function OrderNotFound() {
  return (
    <PageShell
      eyebrow="Orders"
      title="Order not found"
      lead="We could not find this order among yours. It may belong to another account, or the link may be incomplete."
    >
      <Link
        to="/order-history"
        className="inline-flex h-11 items-center rounded-full bg-wine-800 px-6 font-semibold text-cream-50 hover:bg-wine-900"
      >
        See your orders
      </Link>
    </PageShell>
  );
}
