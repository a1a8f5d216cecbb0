import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** After a successful order: the checkout feature shows the order summary here. */
export function OrderSuccessPage() {
  return (
    <PageShell
      eyebrow="Order placed"
      title="Thank you for your order"
      lead="This page sums up an order once it is placed: what you bought, where it is going and when to expect it. You can follow the delivery from your account."
    >
      <LinkCards
        links={[
          {
            to: '/delivery-tracking',
            title: 'Track the delivery',
            description: 'Follow your order to the door.',
          },
          { to: '/order-history', title: 'Order history', description: 'All your orders in one place.' },
          { to: '/products', title: 'Keep browsing', description: 'Back to the cellar.' },
        ]}
      />
    </PageShell>
  );
}
