import type { Guest } from '@shop/contract/events';
import { type ReactNode, useId, useState } from 'react';
import { PagedDataTable } from '../../../../components/data-table';
import { inputClass } from '../../../../components/form-field';
import { useGuests } from '../../api/staff-events';
import { guestsText, rsvpStatusLabels, rsvpStatusTone } from '../../lib/event-display';

/** An event's guests: the booked first, then the waitlist; search by name, e-mail or code. */
export function GuestList({
  eventId,
  guestActions,
}: {
  eventId: number;
  /** What staff may do for a guest that other features own (the refund of a paid ticket). */
  guestActions?: (guest: Guest) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useGuests(eventId, { search: search.trim(), page });
  const { data } = query;
  const searchId = useId();

  return (
    <section aria-labelledby="guests-heading" className="space-y-3">
      <h3 id="guests-heading" className="text-xl">
        Guest list {data ? <span className="text-base text-ink-soft">({data.count})</span> : null}
      </h3>
      <div>
        <label htmlFor={searchId} className="sr-only">
          Search guests
        </label>
        <input
          id={searchId}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          placeholder="Search by name, e-mail or ticket code"
          className={inputClass}
        />
      </div>
      <PagedDataTable
        caption="Guests"
        columns={[
          {
            header: 'Guest',
            cell: (guest) => (
              <div>
                <span className="font-semibold text-ink">{guest.customer_name}</span>
                <span className="block text-ink-soft">{guest.phone ?? guest.email}</span>
                {guest.dietary_needs ? <p className="text-ink-soft">Dietary: {guest.dietary_needs}</p> : null}
                {guest.note ? <p className="text-ink-soft">Note: {guest.note}</p> : null}
              </div>
            ),
          },
          {
            header: 'Party',
            cell: (guest) => (
              <div>
                {guestsText(guest.guests)}
                {guest.guest_names.length > 0 ? (
                  <p className="text-ink-soft">{guest.guest_names.join(', ')}</p>
                ) : null}
              </div>
            ),
          },
          {
            header: 'Status',
            cell: (guest) => (
              <div>
                <span
                  className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${rsvpStatusTone[guest.status]}`}
                >
                  {rsvpStatusLabels[guest.status]}
                  {guest.waitlist_position ? ` #${guest.waitlist_position}` : ''}
                </span>
                {guest.paid ? <p className="text-xs text-ink-soft">Paid</p> : null}
                {guestActions?.(guest)}
              </div>
            ),
          },
          { header: 'Ticket', className: 'font-mono', cell: (guest) => guest.ticket_code ?? '—' },
        ]}
        rowKey={(guest) => guest.rsvp_id}
        query={query}
        what="The guests"
        loading="Loading guests…"
        empty={`No guests${search ? ' match this search' : ' yet'}.`}
        pagerLabel="Guest list pages"
        page={page}
        onPage={setPage}
      />
    </section>
  );
}
