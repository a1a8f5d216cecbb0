import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** Checkout: the checkout feature fills it with the delivery form and the payment choice. */
export function CheckoutPage() {
  return (
    <PageShell
      eyebrow="Checkout"
      title="Checkout"
      lead="Tell us where and when to deliver, then pay with MTN or Airtel mobile money, or choose cash on delivery. We confirm every order by SMS."
    >
      <LinkCards
        links={[
          { to: '/cart', title: 'Back to your cart', description: 'Change quantities before you pay.' },
          {
            to: '/shipping',
            title: 'Delivery areas and fees',
            description: 'Where we deliver and how fast.',
          },
          { to: '/terms', title: 'Terms of sale', description: 'Payment, delivery and cancellations.' },
        ]}
      />
    </PageShell>
  );
}
