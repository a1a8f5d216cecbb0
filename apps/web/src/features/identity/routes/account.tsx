import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** The customer's account overview: the identity feature adds the summary of their details. */
export function AccountPage() {
  return (
    <PageShell
      eyebrow="Account"
      title="Your account"
      lead="Everything about your shopping with us in one place."
    >
      <LinkCards
        links={[
          { to: '/order-history', title: 'Order history', description: 'Every order and its status.' },
          {
            to: '/delivery-tracking',
            title: 'Delivery tracking',
            description: 'Where your bottles are now.',
          },
          { to: '/invoices', title: 'Invoices', description: 'Download invoices for your records.' },
          { to: '/payments', title: 'Payment history', description: 'Mobile money and cash payments.' },
          { to: '/wishlist', title: 'Wishlist', description: 'Bottles you saved for later.' },
          { to: '/profile', title: 'Profile', description: 'Your name, phone number and addresses.' },
        ]}
      />
    </PageShell>
  );
}
