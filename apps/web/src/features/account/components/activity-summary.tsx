import { countOf } from '@shop/contract/plural';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import {
  type activityQuery,
  ordersCountQuery,
  rsvpsCountQuery,
  wishlistCountQuery,
} from '../api/get-activity';

type Card = {
  title: string;
  query: ReturnType<typeof activityQuery>;
  none: string;
  some: (count: number) => string;
  link: { to: NonNullable<LinkProps['to']>; label: string };
  emptyLink: { to: NonNullable<LinkProps['to']>; label: string };
};

const cards: Card[] = [
  {
    title: 'Recent orders',
    query: ordersCountQuery,
    none: 'No orders yet.',
    some: (count) => `You have ${countOf(count, 'order')}.`,
    link: { to: '/order-history', label: 'See your order history' },
    emptyLink: { to: '/products', label: 'Browse the cellar' },
  },
  {
    title: 'Event RSVPs',
    query: rsvpsCountQuery,
    none: 'No RSVPs yet.',
    some: (count) => `You have ${countOf(count, 'RSVP')}.`,
    link: { to: '/events', label: 'See the events' },
    emptyLink: { to: '/events', label: 'Discover our tastings and events' },
  },
  {
    title: 'Wishlist',
    query: wishlistCountQuery,
    none: 'Your wishlist is empty.',
    some: (count) => `${countOf(count, 'bottle')} saved for later.`,
    link: { to: '/wishlist', label: 'Open your wishlist' },
    emptyLink: { to: '/products', label: 'Find bottles to save' },
  },
];

function ActivityCard({ card }: { card: Card }) {
  const { data, isPending, isError } = useQuery(card.query);
  const link = data && data.count > 0 ? card.link : card.emptyLink;
  return (
    <section aria-label={card.title} className="rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
      <h3 className="font-serif text-lg text-wine-900">{card.title}</h3>
      <p className="mt-2 text-sm text-ink-soft" aria-live="polite">
        {isPending
          ? 'Loading…'
          : isError
            ? 'We could not load this just now.'
            : data.count > 0
              ? card.some(data.count)
              : card.none}
      </p>
      <Link
        to={link.to}
        className="mt-3 inline-block text-sm font-semibold text-wine-800 underline underline-offset-4"
      >
        {link.label}
      </Link>
    </section>
  );
}

/** Recent orders, RSVPs and the wishlist count on the account overview. */
export function ActivitySummary() {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {cards.map((card) => (
        <ActivityCard key={card.title} card={card} />
      ))}
    </div>
  );
}
