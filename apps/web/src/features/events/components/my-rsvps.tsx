import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { textLinkClass } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { useMyRsvps } from '../api/get-my-rsvps';
import { eventWhen, guestsText, rsvpStatusLabels, rsvpStatusTone } from '../lib/event-display';

/**
 * The customer's RSVPs (for /account): upcoming or past events, each with its status, guests and
 * ticket code, linking to the event page where the ticket, payment and changes are.
 */
export function MyRsvps() {
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useMyRsvps({ when, page });
  const choose = (next: 'upcoming' | 'past') => {
    setWhen(next);
    setPage(1);
  };
  const tab = (value: 'upcoming' | 'past', label: string) => (
    <button
      type="button"
      aria-pressed={when === value}
      onClick={() => choose(value)}
      className="rounded-full border border-cream-300 px-4 py-1.5 text-sm font-semibold text-ink aria-pressed:border-wine-800 aria-pressed:bg-wine-800 aria-pressed:text-cream-50"
    >
      {label}
    </button>
  );

  return (
    <div className="space-y-4">
      <div className="flex gap-2">
        {tab('upcoming', 'Upcoming')}
        {tab('past', 'Past')}
      </div>
      {isPending || isError ? (
        <QueryStatus pending={isPending} onRetry={refetch} what="Your RSVPs" loading="Loading your RSVPs…" />
      ) : data.results.length === 0 ? (
        <p className="text-ink-soft">
          {when === 'upcoming' ? 'No upcoming RSVPs. ' : 'No past RSVPs. '}
          <Link to="/events" className={textLinkClass}>
            Discover our tastings and events
          </Link>
        </p>
      ) : (
        <>
          <ul
            aria-label="Your RSVPs"
            className="divide-y divide-cream-200 rounded-2xl border border-cream-200 bg-white"
          >
            {data.results.map((rsvp) => (
              <li key={rsvp.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
                <div>
                  <Link
                    to="/events/$id"
                    params={{ id: rsvp.event.slug }}
                    className="font-semibold text-wine-900 hover:underline"
                  >
                    {rsvp.event.title}
                  </Link>
                  <p className="text-sm text-ink-soft">{eventWhen(rsvp.event)}</p>
                  <p className="text-sm text-ink">
                    {guestsText(rsvp.guests)}
                    {rsvp.ticket ? (
                      <>
                        {' · ticket '}
                        <span className="font-mono font-semibold">{rsvp.ticket.display_code}</span>
                      </>
                    ) : null}
                    {rsvp.status === 'waitlisted' && rsvp.waitlist_position
                      ? ` · number ${rsvp.waitlist_position} in line`
                      : ''}
                  </p>
                </div>
                <span
                  className={`rounded-full border px-3 py-1 text-sm font-semibold ${rsvpStatusTone[rsvp.status]}`}
                >
                  {rsvpStatusLabels[rsvp.status]}
                </span>
              </li>
            ))}
          </ul>
          {data.total_pages > 1 ? (
            <div className="flex items-center gap-3">
              <button
                type="button"
                className={textLinkClass}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </button>
              <span className="text-sm text-ink-soft">
                Page {page} of {data.total_pages}
              </span>
              <button
                type="button"
                className={textLinkClass}
                disabled={!data.next}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
