import type { EventDetail } from '@shop/contract/events';
import { countOf } from '@shop/contract/plural';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CalendarDays, MapPin, Shirt, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { textLinkClass } from '../../../components/form-field';
import { IconFact } from '../../../components/icon-fact';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { ProductImage } from '../../../components/product-image';
import { isApiError } from '../../../lib/api-client';
import { useNamedPageTitle } from '../../../lib/use-named-page-title';
import { useEvent } from '../api/get-event';
import { EventBadges } from '../components/event-badges';
import { FeaturedWines } from '../components/featured-wines';
import { RsvpPanel } from '../components/rsvp-panel';
import { eventTypeLabels, eventWhen, priceLabel, seatsText } from '../lib/event-display';

const route = getRouteApi('/events/$id');

export const EVENT_NOT_FOUND = 'We could not find this event. It may have been moved or never published.';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <IconFact
      icon={<span className="text-wine-700">{icon}</span>}
      term={label}
      className="pl-8"
      termClassName="text-xs font-semibold tracking-wide text-ink-soft uppercase"
      detailClassName="text-ink"
    >
      {children}
    </IconFact>
  );
}

function EventView({ event }: { event: EventDetail }) {
  const seats = seatsText(event);
  useNamedPageTitle(event.title);
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <p className="text-sm">
        <Link to="/events" className={textLinkClass}>
          All events
        </Link>
      </p>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <div className="relative overflow-hidden rounded-2xl bg-cream-100">
          <ProductImage
            src={event.image}
            alt=""
            width={600}
            height={400}
            loading="eager"
            className="aspect-[3/2] w-full"
          />
          <EventBadges event={event} className="absolute top-4 left-4" />
        </div>
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">
            {eventTypeLabels[event.type]}
          </p>
          <h1 className="mt-2 text-4xl sm:text-5xl">{event.title}</h1>
          <p className="mt-3 text-lg text-ink-soft">{event.summary}</p>
          {event.status === 'cancelled' ? (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-wine-200 bg-wine-50 px-4 py-3 text-wine-900"
            >
              This event has been cancelled{event.cancel_reason ? `: ${event.cancel_reason}` : '.'}
            </p>
          ) : null}
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <Fact icon={<CalendarDays aria-hidden="true" className="size-5" />} label="When">
              {eventWhen(event)}
            </Fact>
            <Fact icon={<MapPin aria-hidden="true" className="size-5" />} label="Where">
              {event.venue_name}
              <br />
              <span className="text-sm text-ink-soft">{event.venue_address}</span>
              {event.map_url ? (
                <>
                  <br />
                  <a
                    href={event.map_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`${textLinkClass} text-sm`}
                  >
                    Open the map
                  </a>
                </>
              ) : null}
            </Fact>
            <Fact icon={<Ticket aria-hidden="true" className="size-5" />} label="Price">
              {priceLabel(event)}
            </Fact>
            <Fact icon={<Users aria-hidden="true" className="size-5" />} label="Seats">
              {seats ?? countOf(event.capacity, 'seat')}
              <br />
              <span className="text-sm text-ink-soft">Guests aged {event.minimum_age} and over</span>
            </Fact>
            {event.dress_code ? (
              <Fact icon={<Shirt aria-hidden="true" className="size-5" />} label="Dress code">
                {event.dress_code}
              </Fact>
            ) : null}
          </dl>
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <section aria-labelledby="about-event">
            <h2 id="about-event" className="text-2xl">
              About the evening
            </h2>
            <div className="mt-3 space-y-3 text-ink">
              {event.description.split(/\n{2,}/).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
          {event.food_pairing ? (
            <section aria-labelledby="food-pairing">
              <h2 id="food-pairing" className="text-2xl">
                Food pairing
              </h2>
              <p className="mt-3 text-ink">{event.food_pairing}</p>
            </section>
          ) : null}
          <FeaturedWines wines={event.featured_wines} />
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <RsvpPanel event={event} />
        </div>
      </div>
    </article>
  );
}

/** /events/{id}: everything about one event, the seats left and the RSVP. */
export function EventDetailPage() {
  const { id } = route.useParams();
  const { data, isPending, isError, error, refetch, isRefetching } = useEvent(id);

  if (isPending) {
    return (
      <PageShell eyebrow="Event" title="Event details">
        <p role="status" className="text-ink-soft">
          Loading the event…
        </p>
      </PageShell>
    );
  }
  if (isError) {
    const missing = isApiError(error) && error.status === 404;
    return (
      <PageShell eyebrow="Event" title={missing ? 'Event not found' : 'Event details'}>
        {missing ? (
          <p className="text-ink">
            {EVENT_NOT_FOUND}{' '}
            <Link to="/events" className={textLinkClass}>
              See every event
            </Link>
          </p>
        ) : (
          <LoadError
            message="We could not load this event"
            onRetry={() => void refetch()}
            retrying={isRefetching}
          />
        )}
      </PageShell>
    );
  }
  return <EventView event={data} />;
}
