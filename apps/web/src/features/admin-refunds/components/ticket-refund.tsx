import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { RefundPanel } from './refund-panel';

/**
 * A paid ticket's refunds, in the staff's guest list: closed until asked for, so that a page of
 * guests reads nothing more until staff open one. Not shown to staff who may not refund.
 */
export function TicketRefund({ rsvpId, guestName }: { rsvpId: string; guestName: string }) {
  const [open, setOpen] = useState(false);
  // Offered only to those who may refund (the API refuses the others).
  if (!useBackOffice().mayUse('refunds')) return null;
  if (!open) {
    return (
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        aria-label={`Refund ${guestName}'s ticket…`}
        onClick={() => setOpen(true)}
      >
        Refund…
      </button>
    );
  }
  return (
    <div className="mt-2 min-w-72">
      <RefundPanel purpose="event_rsvp" subjectId={rsvpId} />
    </div>
  );
}
