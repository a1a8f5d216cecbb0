import { type EventDetail, rsvpCancelReasonLabels } from '@shop/contract/events';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormMessage, primaryButtonClass } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { useSession } from '../../../lib/session/use-session';
import { useMyRsvpForEvent } from '../api/get-my-rsvps';
import { closedReason, seatsText } from '../lib/event-display';
import { RsvpForm } from './rsvp-form';
import { RsvpStatusCard } from './rsvp-status-card';

/**
 * The RSVP side of the event page: the customer's RSVP when they have one, otherwise the form
 * (or why RSVPs are closed); visitors are asked to sign in first.
 */
export function RsvpPanel({ event }: { event: EventDetail }) {
  const { status } = useSession();
  const location = useLocation();
  const signedIn = status === 'customer';
  const mine = useMyRsvpForEvent(event.id, signedIn);
  const closed = closedReason(event);
  const holdsRsvp =
    signedIn && mine.data !== undefined && mine.data !== null && mine.data.status !== 'cancelled';
  // "Sold out: join the waitlist" is not for someone whose own RSVP is right below it.
  const seats = holdsRsvp && event.is_full ? null : seatsText(event);

  let body: ReactNode;
  if (status === 'loading' || (signedIn && (mine.isPending || mine.isError))) {
    body = (
      <QueryStatus
        pending={status === 'loading' || mine.isPending}
        onRetry={mine.refetch}
        what="Your RSVP"
        loading="Loading…"
      />
    );
  } else if (holdsRsvp && mine.data) {
    body = <RsvpStatusCard rsvp={mine.data} event={event} />;
  } else if (closed) {
    body = <p className="text-ink">{closed}</p>;
  } else if (!signedIn) {
    body = (
      <div className="space-y-3">
        <p className="text-ink">Sign in to RSVP and receive your ticket.</p>
        <Link to="/login" search={{ redirect: location.href }} className={primaryButtonClass}>
          Sign in to RSVP
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        {mine.data?.status === 'cancelled' && mine.data.cancel_reason ? (
          <FormMessage kind="info">
            {rsvpCancelReasonLabels[mine.data.cancel_reason]} You can RSVP again below.
          </FormMessage>
        ) : null}
        {event.is_full ? (
          <p className="text-ink">
            Every seat is taken. Join the waitlist: when seats open up, the first guests waiting who fit get
            them.
          </p>
        ) : null}
        <RsvpForm event={event} />
      </div>
    );
  }

  return (
    <section
      aria-labelledby="rsvp-heading"
      className="rounded-2xl border border-cream-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="rsvp-heading" className="text-2xl">
        Your RSVP
      </h2>
      {seats ? <p className="mt-1 font-semibold text-wine-800">{seats}</p> : null}
      <div className="mt-4">{body}</div>
    </section>
  );
}
