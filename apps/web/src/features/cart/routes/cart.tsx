import { FREE_SHIPPING_THRESHOLD_UGX } from '@shop/contract/constants';
import { formatUGX } from '@shop/contract/money';
import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** The cart: the cart feature fills it with the items, quantities and totals. */
export function CartPage() {
  return (
    <PageShell
      eyebrow="Cart"
      title="Your cart"
      lead={`The bottles you have chosen, their quantities and the total. Delivery is free on orders over ${formatUGX(FREE_SHIPPING_THRESHOLD_UGX)}.`}
    >
      <LinkCards
        links={[
          { to: '/products', title: 'Continue shopping', description: 'Browse wines and spirits.' },
          { to: '/checkout', title: 'Checkout', description: 'Delivery details and payment.' },
          {
            to: '/orders',
            title: 'How ordering works',
            description: 'Payment, delivery and order statuses.',
          },
        ]}
      />
    </PageShell>
  );
}
