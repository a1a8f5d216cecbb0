import type { Rsvp } from '@shop/contract/events';
import { CalendarPlus } from 'lucide-react';
import { secondaryButtonClass } from '../../../components/form-field';
import { guestsText } from '../lib/event-display';
import { TicketInvoice } from './ticket-invoice';

/**
 * The ticket of a confirmed RSVP: its QR code and its code in large type (staff scan or type it at
 * the door; it works once, for the whole party), and the event for the calendar.
 */
export function TicketCard({ rsvp }: { rsvp: Rsvp }) {
  const { ticket } = rsvp;
  if (!ticket) return null;
  return (
    <section
      aria-label="Your ticket"
      className="rounded-2xl border-2 border-dashed border-wine-300 bg-white p-5 text-center"
    >
      <p className="text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">Your ticket</p>
      <img
        src={ticket.qr_svg_url}
        alt={`QR code of ticket ${ticket.display_code}`}
        width={176}
        height={176}
        className="mx-auto mt-3 size-44"
      />
      <p
        className="mt-3 font-mono text-2xl font-semibold tracking-widest text-wine-900"
        data-testid="ticket-code"
      >
        {ticket.display_code}
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        {guestsText(rsvp.guests)} · show this at the door. It works once, for your whole party.
      </p>
      {rsvp.calendar_url ? (
        <a href={rsvp.calendar_url} download className={`${secondaryButtonClass} mt-4`}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Add to calendar
        </a>
      ) : null}
      {rsvp.invoice ? <TicketInvoice invoice={rsvp.invoice} /> : null}
    </section>
  );
}
