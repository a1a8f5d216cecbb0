import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** Past orders: the orders feature fills it with the customer's orders and their statuses. */
export function OrderHistoryPage() {
  return (
    <PageShell
      eyebrow="Orders"
      title="Order history"
      lead="Every order you have placed with us, newest first, with its items, total, payment and delivery status."
    >
      <LinkCards
        links={[
          { to: '/delivery-tracking', title: 'Delivery tracking', description: 'Orders on their way.' },
          { to: '/invoices', title: 'Invoices', description: 'Invoices for your orders.' },
          { to: '/returns', title: 'Returns', description: 'A problem with a bottle?' },
        ]}
      />
    </PageShell>
  );
}
