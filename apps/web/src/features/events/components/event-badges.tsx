import type { EventSummary } from '@shop/contract/events';
import { isNearlyFull } from '../lib/event-display';

const badge = 'rounded-full px-2.5 py-1 text-xs font-bold';

/** Free or paid, sold out, nearly full, cancelled: what a glance at a card needs. */
export function EventBadges({ event, className = '' }: { event: EventSummary; className?: string }) {
  const open = event.status !== 'cancelled' && !event.has_ended;
  return (
    <div className={`flex flex-wrap items-start gap-1.5 ${className}`}>
      {event.status === 'cancelled' ? <span className={`${badge} bg-ink text-white`}>Cancelled</span> : null}
      <span className={`${badge} ${event.is_free ? 'bg-gold-300 text-ink' : 'bg-wine-800 text-cream-50'}`}>
        {event.is_free ? 'Free' : 'Paid'}
      </span>
      {open && event.is_full ? <span className={`${badge} bg-ink text-white`}>Sold out</span> : null}
      {open && isNearlyFull(event) ? (
        <span className={`${badge} border border-wine-300 bg-white text-wine-800`}>Nearly full</span>
      ) : null}
    </div>
  );
}
