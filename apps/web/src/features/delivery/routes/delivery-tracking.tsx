import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** Deliveries: the delivery feature fills it with active deliveries, progress and instructions. */
export function DeliveryTrackingPage() {
  return (
    <PageShell
      eyebrow="Deliveries"
      title="Delivery tracking"
      lead="Follow each order from confirmed to processing, ready, out for delivery and delivered, look one up by its order number, and tell the rider when and how you would like it left."
    >
      <LinkCards
        links={[
          { to: '/order-history', title: 'Order history', description: 'All your orders.' },
          { to: '/shipping', title: 'Delivery areas', description: 'Fees and times across Kampala.' },
          { to: '/support', title: 'Delivery help', description: 'Call or WhatsApp the dispatch desk.' },
        ]}
      />
    </PageShell>
  );
}
