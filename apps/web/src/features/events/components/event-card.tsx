import type { EventSummary } from '@shop/contract/events';
import { Link } from '@tanstack/react-router';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { ProductImage } from '../../../components/product-image';
import { eventTypeLabels, eventWhen, priceLabel, seatsText } from '../lib/event-display';
import { EventBadges } from './event-badges';

/**
 * An event in the list: its picture, free or paid, sold out or nearly full, the type, title,
 * when (Kampala time), where, the price per guest and the seats left.
 */
export function EventCard({
  event,
  imageLoading = 'lazy',
}: {
  event: EventSummary;
  imageLoading?: 'lazy' | 'eager';
}) {
  const seats = seatsText(event);
  return (
    <article
      aria-label={event.title}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="relative aspect-[3/2] bg-cream-100">
        <ProductImage
          src={event.image}
          alt=""
          width={600}
          height={400}
          loading={imageLoading}
          className="size-full"
        />
        <EventBadges event={event} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <p className="text-xs font-semibold tracking-wider text-gold-700 uppercase">
          {eventTypeLabels[event.type]}
        </p>
        <h2 className="text-xl leading-snug">
          <Link to="/events/$id" params={{ id: event.slug }} className="hover:text-wine-700 hover:underline">
            {event.title}
          </Link>
        </h2>
        <p className="text-sm text-ink-soft">{event.summary}</p>
        <ul className="mt-1 space-y-1.5 text-sm text-ink">
          <li className="flex items-start gap-2">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-wine-700" />
            {eventWhen(event)}
          </li>
          <li className="flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-wine-700" />
            {event.venue_name}
          </li>
          {seats ? (
            <li className="flex items-start gap-2 font-semibold">
              <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-wine-700" />
              {seats}
            </li>
          ) : null}
        </ul>
        <p className="mt-auto pt-3 text-lg font-semibold text-wine-900">{priceLabel(event)}</p>
      </div>
    </article>
  );
}
