import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** One event: the events feature fills it with the date, venue, programme, seats and RSVP. */
export function EventDetailPage() {
  return (
    <PageShell
      eyebrow="Event"
      title="Event details"
      lead="The date, venue, programme and price of one evening, the seats still free, and your RSVP."
    >
      <LinkCards
        links={[
          { to: '/events', title: 'All events', description: 'See every upcoming tasting.' },
          { to: '/contact', title: 'Find us', description: 'Address, map and opening hours.' },
          { to: '/faq', title: 'Questions', description: 'Booking, payment and cancellations.' },
        ]}
      />
    </PageShell>
  );
}
