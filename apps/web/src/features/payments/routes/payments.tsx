import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** Payments: the payments feature fills it with the customer's transactions. */
export function PaymentsPage() {
  return (
    <PageShell
      eyebrow="Payments"
      title="Payment history"
      lead="Every MTN and Airtel mobile money payment you have made to us, for orders and for event tickets, with its date, amount and status."
    >
      <LinkCards
        links={[
          { to: '/invoices', title: 'Invoices', description: 'Invoices for paid orders.' },
          { to: '/order-history', title: 'Order history', description: 'All your orders.' },
          { to: '/support', title: 'A payment question?', description: 'We answer around the clock.' },
        ]}
      />
    </PageShell>
  );
}
