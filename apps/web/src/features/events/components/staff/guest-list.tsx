import type { Guest } from '@shop/contract/events';
import { type ReactNode, useId, useState } from 'react';
import { FormMessage, inputClass, textLinkClass } from '../../../../components/form-field';
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
  const { data, isPending, isError, refetch } = useGuests(eventId, { search: search.trim(), page });
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
      {isPending ? (
        <p role="status" className="text-ink-soft">
          Loading guests…
        </p>
      ) : isError ? (
        <FormMessage kind="error">
          We could not load the guests.{' '}
          <button type="button" className={textLinkClass} onClick={() => void refetch()}>
            Try again
          </button>
        </FormMessage>
      ) : data.results.length === 0 ? (
        <p className="text-ink-soft">No guests{search ? ' match this search' : ' yet'}.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-cream-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-cream-100 text-xs tracking-wide text-ink-soft uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Guest
                </th>
                <th scope="col" className="px-3 py-2">
                  Party
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Ticket
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-cream-200">
              {data.results.map((guest) => (
                <tr key={guest.rsvp_id}>
                  <td className="px-3 py-2">
                    <span className="font-semibold text-ink">{guest.customer_name}</span>
                    <br />
                    <span className="text-ink-soft">{guest.phone ?? guest.email}</span>
                    {guest.dietary_needs ? (
                      <p className="text-ink-soft">Dietary: {guest.dietary_needs}</p>
                    ) : null}
                    {guest.note ? <p className="text-ink-soft">Note: {guest.note}</p> : null}
                  </td>
                  <td className="px-3 py-2">
                    {guestsText(guest.guests)}
                    {guest.guest_names.length > 0 ? (
                      <p className="text-ink-soft">{guest.guest_names.join(', ')}</p>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${rsvpStatusTone[guest.status]}`}
                    >
                      {rsvpStatusLabels[guest.status]}
                      {guest.waitlist_position ? ` #${guest.waitlist_position}` : ''}
                    </span>
                    {guest.paid ? <p className="text-xs text-ink-soft">Paid</p> : null}
                    {guestActions?.(guest)}
                  </td>
                  <td className="px-3 py-2 font-mono">{guest.ticket_code ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total_pages > 1 ? (
        <div className="flex items-center gap-3 text-sm">
          <button
            type="button"
            className={textLinkClass}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span className="text-ink-soft">
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
    </section>
  );
}
