import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** Where the payment page sends the customer back: the checkout feature verifies the payment here. */
export function PaymentReturnPage() {
  return (
    <PageShell
      eyebrow="Payment"
      title="Confirming your payment"
      lead="You are back from the payment page. This is where we check your mobile money payment with the provider before your order goes to the cellar."
    >
      <LinkCards
        links={[
          { to: '/order-history', title: 'Your orders', description: 'See each order and its status.' },
          { to: '/payments', title: 'Payment history', description: 'Every payment you have made.' },
          { to: '/support', title: 'Need help?', description: 'Talk to us about a payment.' },
        ]}
      />
    </PageShell>
  );
}
