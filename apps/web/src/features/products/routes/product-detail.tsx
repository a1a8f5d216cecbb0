import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** One bottle: the products feature fills it with the picture, tasting notes, price, reviews and Add to Cart. */
export function ProductDetailPage() {
  return (
    <PageShell
      eyebrow="Product"
      title="Product details"
      lead="Everything about one bottle: where it comes from, the grape or the still, the vintage, how it tastes, what it costs and what other customers thought of it."
    >
      <LinkCards
        links={[
          {
            to: '/products',
            title: 'Back to the cellar',
            description: 'Browse every wine and spirit we stock.',
          },
          { to: '/shipping', title: 'Delivery', description: 'Areas, fees and times across Kampala.' },
          {
            to: '/returns',
            title: 'Returns',
            description: 'What to do if a bottle arrives damaged or corked.',
          },
        ]}
      />
    </PageShell>
  );
}
