import { eventStatusLabels, type Guest, type StaffEvent } from '@shop/contract/events';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  textLinkClass,
} from '../../../../components/form-field';
import { QueryStatus } from '../../../../components/query-state';
import { formErrorMessage } from '../../../../lib/form-errors';
import { EVENTS_KEY, eventKeys, STAFF_EVENTS_KEY } from '../../api/event-keys';
import { staffEventCalls, useStaffEvent } from '../../api/staff-events';
import { eventWhen, guestsText, priceLabel } from '../../lib/event-display';
import { CheckIn } from './check-in';
import { EventEditor } from './event-editor';
import { GuestList } from './guest-list';

/** One event in the back office: its figures, publish / cancel / complete, edit, guests, check-in. */
export function StaffEventPanel({
  eventId,
  onClose,
  guestActions,
}: {
  eventId: number;
  onClose: () => void;
  guestActions?: (guest: Guest) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const { data: event, isPending, isError, refetch } = useStaffEvent(eventId);
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();

  const saved = (next: StaffEvent) => {
    queryClient.setQueryData(eventKeys.staffEvent(next.id), next);
    void queryClient.invalidateQueries({ queryKey: STAFF_EVENTS_KEY });
    void queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
  };
  const act = async (call: () => Promise<StaffEvent>) => {
    setBusy(true);
    setProblem(null);
    try {
      saved(await call());
      setCancelling(false);
    } catch (error) {
      setProblem(formErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (isPending || isError) {
    return (
      <QueryStatus pending={isPending} onRetry={refetch} what="This event" loading="Loading the event…" />
    );
  }
  if (editing) {
    return (
      <EventEditor
        event={event}
        onSaved={(next) => {
          saved(next);
          setEditing(false);
        }}
        onClose={() => setEditing(false)}
      />
    );
  }

  const { counts } = event;
  const canCancel = event.status === 'draft' || event.status === 'published';
  return (
    <div className="space-y-8">
      <div>
        <p className="text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">
          {eventStatusLabels[event.status]}
        </p>
        <h2 className="mt-1 text-3xl">{event.title}</h2>
        <p className="mt-1 text-ink-soft">
          {eventWhen(event)} · {event.venue_name} · {priceLabel(event)}
        </p>
        {event.cancel_reason ? <p className="mt-2 text-wine-800">Cancelled: {event.cancel_reason}</p> : null}
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ['Seats left', `${event.seats_left} of ${event.capacity}`],
            ['Confirmed', guestsText(counts.confirmed_guests)],
            ['Checked in', guestsText(counts.attended_guests)],
            ['Waiting', guestsText(counts.waitlisted_guests)],
            ['Awaiting payment', guestsText(counts.pending_payment_guests)],
            ['Reserved offline', guestsText(event.reserved_seats)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-cream-100 p-3">
              <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
              <dd className="font-semibold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <div className="flex flex-wrap gap-3">
        {event.status === 'draft' ? (
          <button
            type="button"
            className={primaryButtonClass}
            disabled={busy}
            onClick={() => void act(() => staffEventCalls.publish(event.id))}
          >
            Publish
          </button>
        ) : null}
        {event.status === 'draft' || event.status === 'published' ? (
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
            Edit
          </button>
        ) : null}
        {event.status === 'published' && event.has_ended ? (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => void act(() => staffEventCalls.complete(event.id))}
          >
            Mark completed
          </button>
        ) : null}
        {canCancel && !cancelling ? (
          <button type="button" className={secondaryButtonClass} onClick={() => setCancelling(true)}>
            Cancel event
          </button>
        ) : null}
        <button type="button" className={textLinkClass} onClick={onClose}>
          Back to the list
        </button>
      </div>

      {cancelling ? (
        <form
          aria-label="Cancel the event"
          className="space-y-3 rounded-xl border border-wine-200 bg-wine-50 p-4"
          onSubmit={(submitted) => {
            submitted.preventDefault();
            if (reason.trim()) void act(() => staffEventCalls.cancel(event.id, reason.trim()));
          }}
        >
          <p className="font-semibold text-wine-900">
            Everyone booked or waiting (
            {guestsText(counts.confirmed_guests + counts.pending_payment_guests + counts.waitlisted_guests)})
            is told by e-mail. Paid guests are owed a refund.
          </p>
          <label htmlFor={reasonId} className="block text-sm font-semibold text-ink">
            Reason (sent to the guests)
          </label>
          <input
            id={reasonId}
            value={reason}
            onChange={(changed) => setReason(changed.currentTarget.value)}
            className={inputClass}
            required
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={primaryButtonClass} disabled={busy || !reason.trim()}>
              Cancel the event
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setCancelling(false)}>
              Keep it
            </button>
          </div>
        </form>
      ) : null}

      {event.status === 'published' ? <CheckIn eventId={event.id} /> : null}
      <GuestList eventId={event.id} guestActions={guestActions} />
    </div>
  );
}
