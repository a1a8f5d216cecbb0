import type { EventSummary, Rsvp } from '@shop/contract/events';
import { useState } from 'react';
import { FormMessage, secondaryButtonClass, textLinkClass } from '../../../components/form-field';
import { type EmailDelivery, useEmailDelivery } from '../../../lib/email/email-delivery';
import { formErrorMessage } from '../../../lib/form-errors';
import { cancelRsvp, useRememberRsvp } from '../api/rsvp-mutations';
import { guestsText, rsvpStatusLabels, rsvpStatusTone } from '../lib/event-display';
import { PayForRsvp } from './pay-for-rsvp';
import { RsvpForm } from './rsvp-form';
import { TicketCard } from './ticket-card';

/** What the waitlist leads to; an e-mail is promised only when the shop's e-mail is sent. */
export function waitlistPromise(isFree: boolean, delivery: EmailDelivery | 'unknown'): string {
  if (delivery === 'sent') {
    return isFree
      ? 'book you automatically and e-mail your ticket'
      : 'hold them for you and e-mail you to pay';
  }
  return isFree
    ? 'book you automatically, and your ticket appears on this page'
    : 'hold them for you, and you can pay for them on this page';
}

/**
 * The customer's RSVP on the event page: its status, the ticket once confirmed, the payment while
 * seats are held, the place in the waitlist; and changing or cancelling it while that is allowed.
 */
export function RsvpStatusCard({ rsvp, event }: { rsvp: Rsvp; event: EventSummary }) {
  const remember = useRememberRsvp();
  const emailDelivery = useEmailDelivery();
  const [editing, setEditing] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const cancel = async () => {
    setCancelling(true);
    setProblem(null);
    try {
      remember(await cancelRsvp(rsvp.id));
      setConfirmingCancel(false);
    } catch (error) {
      setProblem(formErrorMessage(error));
    } finally {
      setCancelling(false);
    }
  };

  if (editing) {
    return (
      <RsvpForm
        event={event}
        rsvp={rsvp}
        guestsLocked={!rsvp.can_change_guests}
        onDone={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  }

  return (
    <div className="space-y-5">
      <div>
        <span
          className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${rsvpStatusTone[rsvp.status]}`}
        >
          {rsvpStatusLabels[rsvp.status]}
        </span>
        <p className="mt-3 text-ink">
          {guestsText(rsvp.guests)}
          {rsvp.guest_names.length > 0 ? `: you, ${rsvp.guest_names.join(', ')}` : ''}
        </p>
        {rsvp.dietary_needs ? (
          <p className="text-sm text-ink-soft">Dietary needs: {rsvp.dietary_needs}</p>
        ) : null}
        {rsvp.note ? <p className="text-sm text-ink-soft">Note: {rsvp.note}</p> : null}
      </div>

      {rsvp.status === 'waitlisted' && rsvp.waitlist_position ? (
        <p className="text-ink">
          You are number <strong>{rsvp.waitlist_position}</strong> on the waitlist. When seats open up we{' '}
          {waitlistPromise(event.is_free, emailDelivery)}.
        </p>
      ) : null}
      {rsvp.status === 'pending_payment' ? <PayForRsvp rsvp={rsvp} /> : null}
      <TicketCard rsvp={rsvp} />

      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {confirmingCancel ? (
        <div className="rounded-xl border border-wine-200 bg-wine-50 p-4">
          <p className="font-semibold text-wine-900">
            Cancel your RSVP? Your seats go to the next person waiting.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => void cancel()}
              disabled={cancelling}
              className="inline-flex h-11 items-center rounded-full bg-wine-800 px-6 font-semibold text-cream-50 disabled:opacity-70"
            >
              {cancelling ? 'Cancelling…' : 'Yes, cancel my RSVP'}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirmingCancel(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {event.rsvp_open &&
          (rsvp.status === 'confirmed' ||
            rsvp.status === 'waitlisted' ||
            rsvp.status === 'pending_payment') ? (
            <button type="button" className={textLinkClass} onClick={() => setEditing(true)}>
              Change {rsvp.can_change_guests ? 'guests or details' : 'details'}
            </button>
          ) : null}
          {rsvp.can_cancel ? (
            <button type="button" className={textLinkClass} onClick={() => setConfirmingCancel(true)}>
              Cancel RSVP
            </button>
          ) : null}
        </div>
      )}
      {rsvp.status === 'confirmed' && rsvp.paid && !rsvp.can_cancel ? (
        <p className="text-sm text-ink-soft">
          Paid tickets are cancelled by phone: call us and we arrange the refund.
        </p>
      ) : null}
    </div>
  );
}
