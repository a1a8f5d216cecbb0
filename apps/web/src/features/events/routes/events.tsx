import { BRAND } from '@shop/contract/brand';
import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** The events calendar: the events feature fills it with the upcoming tastings and RSVPs. */
export function EventsPage() {
  return (
    <PageShell
      eyebrow="Events"
      title="Tastings & events"
      lead={`Wine flights, whisky masterclasses and dinners with visiting winemakers at our shop in Kololo and at partner venues around ${BRAND.city}. Reserve a seat here; some evenings are free, others are paid when you RSVP.`}
    >
      <LinkCards
        links={[
          { to: '/products', title: 'Shop the cellar', description: 'Take home what you tasted.' },
          { to: '/faq', title: 'Events FAQ', description: 'Booking, payment and private tastings.' },
          {
            to: '/contact',
            title: 'Private and corporate tastings',
            description: 'Ask us to host your group.',
          },
        ]}
      />
    </PageShell>
  );
}
