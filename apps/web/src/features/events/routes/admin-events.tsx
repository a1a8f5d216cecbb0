import { EVENT_STATUSES, eventStatusLabels, type Guest, type StaffEvent } from '@shop/contract/events';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { inputClass, primaryButtonClass, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { eventKeys, STAFF_EVENTS_KEY } from '../api/event-keys';
import { useStaffEvents } from '../api/staff-events';
import { EventEditor } from '../components/staff/event-editor';
import { StaffEventPanel } from '../components/staff/staff-event-panel';
import { eventWhen, guestsText } from '../lib/event-display';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'event'; id: number };

/**
 * /admin/events, the back office's events (staff and admins; the API refuses anyone else too):
 * every event with its bookings, a new event, and one event's actions, guests and check-in.
 */
/** Parts of the events page that other features own, composed by its route in src/app. */
export type AdminEventsSlots = {
  /** Beside each guest of the guest list: the refund of a paid ticket (admin-refunds). */
  guestActions?: (guest: Guest) => ReactNode;
};

export function AdminEventsPage({ slots = {} }: { slots?: AdminEventsSlots } = {}) {
  return (
    <PageShell eyebrow="Back office" title="Events">
      <StaffOnly>
        <StaffEvents slots={slots} />
      </StaffOnly>
    </PageShell>
  );
}

function StaffEvents({ slots }: { slots: AdminEventsSlots }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [statusFilter, setStatusFilter] = useState('');
  const [page, setPage] = useState(1);
  const list = useStaffEvents({ status: statusFilter || undefined, page }, view.kind === 'list');
  const filterId = useId();

  if (view.kind === 'new') {
    return (
      <EventEditor
        onSaved={(created: StaffEvent) => {
          queryClient.setQueryData(eventKeys.staffEvent(created.id), created);
          void queryClient.invalidateQueries({ queryKey: STAFF_EVENTS_KEY });
          setView({ kind: 'event', id: created.id });
        }}
        onClose={() => setView({ kind: 'list' })}
      />
    );
  }
  if (view.kind === 'event') {
    return (
      <StaffEventPanel
        eventId={view.id}
        onClose={() => setView({ kind: 'list' })}
        guestActions={slots.guestActions}
      />
    );
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <label htmlFor={filterId} className="mb-1.5 block text-sm font-semibold text-ink">
            Show
          </label>
          <select
            id={filterId}
            value={statusFilter}
            onChange={(changed) => {
              setStatusFilter(changed.currentTarget.value);
              setPage(1);
            }}
            className={inputClass}
          >
            <option value="">Every event</option>
            {EVENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {eventStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={`${primaryButtonClass} gap-2`}
          onClick={() => setView({ kind: 'new' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          New event
        </button>
      </div>
      {list.isPending || list.isError ? (
        <QueryStatus
          pending={list.isPending}
          onRetry={list.refetch}
          what="The events"
          loading="Loading events…"
        />
      ) : list.data.results.length === 0 ? (
        <p className="text-ink-soft">No events here yet.</p>
      ) : (
        <ul
          aria-label="Events"
          className="divide-y divide-cream-200 rounded-2xl border border-cream-200 bg-white"
        >
          {list.data.results.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <button
                  type="button"
                  className="text-left font-semibold text-wine-900 hover:underline"
                  onClick={() => setView({ kind: 'event', id: event.id })}
                >
                  {event.title}
                </button>
                <p className="text-sm text-ink-soft">{eventWhen(event)}</p>
              </div>
              <div className="text-right text-sm">
                <p className="font-semibold">{eventStatusLabels[event.status]}</p>
                <p className="text-ink-soft">
                  {guestsText(event.counts.confirmed_guests + event.counts.attended_guests)} booked ·{' '}
                  {event.seats_left} left
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total_pages > 1 ? (
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
            Page {page} of {list.data.total_pages}
          </span>
          <button
            type="button"
            className={textLinkClass}
            disabled={!list.data.next}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </div>
      ) : null}
    </div>
  );
}
