import { BRAND } from '@shop/contract/brand';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { useEvents } from '../api/get-events';
import { EventCard } from '../components/event-card';

const route = getRouteApi('/events');

const tabClass =
  'rounded-full border px-5 py-2 text-sm font-semibold transition aria-[current=page]:border-wine-800 aria-[current=page]:bg-wine-800 aria-[current=page]:text-cream-50';

/** /events: upcoming events (soonest first) or past ones (latest first), a page at a time. */
export function EventsPage() {
  const search = route.useSearch();
  const when = search.when ?? 'upcoming';
  const page = search.page ?? 1;
  const { data, isPending, isError, refetch, isRefetching } = useEvents({ when, page });

  return (
    <PageShell
      eyebrow="Events"
      title="Tastings & events"
      lead={`Wine flights, whisky masterclasses and dinners with visiting winemakers at our shop in Kololo and at partner venues around ${BRAND.city}. Reserve a seat here: some evenings are free, others are paid by mobile money when you RSVP.`}
    >
      <nav aria-label="Upcoming or past events" className="flex gap-2">
        <Link
          to="/events"
          search={{}}
          aria-current={when === 'upcoming' ? 'page' : undefined}
          activeOptions={{ includeSearch: true }}
          className={`${tabClass} border-cream-300 text-ink hover:bg-cream-100`}
        >
          Upcoming
        </Link>
        <Link
          to="/events"
          search={{ when: 'past' }}
          aria-current={when === 'past' ? 'page' : undefined}
          activeOptions={{ includeSearch: true }}
          className={`${tabClass} border-cream-300 text-ink hover:bg-cream-100`}
        >
          Past events
        </Link>
      </nav>

      <div className="mt-8">
        {isPending ? (
          <p role="status" className="text-ink-soft">
            Loading events…
          </p>
        ) : isError ? (
          <LoadError
            message="We could not load the events"
            onRetry={() => void refetch()}
            retrying={isRefetching}
          />
        ) : data.results.length === 0 ? (
          <p className="rounded-2xl border border-cream-200 bg-white p-8 text-center text-ink-soft">
            {when === 'upcoming'
              ? 'No events are planned just now. Come back soon, or subscribe to our newsletter to hear first.'
              : 'No past events yet.'}
          </p>
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.results.map((event, index) => (
                <li key={event.id}>
                  <EventCard event={event} imageLoading={index < 3 ? 'eager' : 'lazy'} />
                </li>
              ))}
            </ul>
            {data.total_pages > 1 ? (
              <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-3">
                {page > 1 ? (
                  <Link
                    to="/events"
                    search={{ ...(when === 'past' ? { when } : {}), ...(page > 2 ? { page: page - 1 } : {}) }}
                    className="inline-flex items-center gap-1 rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800"
                  >
                    <ChevronLeft aria-hidden="true" className="size-4" />
                    Previous
                  </Link>
                ) : null}
                <span className="text-sm text-ink-soft">
                  Page {page} of {data.total_pages}
                </span>
                {data.next ? (
                  <Link
                    to="/events"
                    search={{ ...(when === 'past' ? { when } : {}), page: data.next }}
                    className="inline-flex items-center gap-1 rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800"
                  >
                    Next
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </div>
    </PageShell>
  );
}
