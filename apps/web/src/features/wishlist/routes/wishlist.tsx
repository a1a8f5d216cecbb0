import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** Saved bottles: the wishlist feature fills it with the customer's list. */
export function WishlistPage() {
  return (
    <PageShell
      eyebrow="Wishlist"
      title="Your wishlist"
      lead="Bottles you have saved for later, for a celebration, a gift or the next time you restock. Add them to your cart from here when you are ready."
    >
      <LinkCards
        links={[
          { to: '/products', title: 'Discover', description: 'Find bottles to save.' },
          { to: '/cart', title: 'Your cart', description: 'What you are about to order.' },
        ]}
      />
    </PageShell>
  );
}
