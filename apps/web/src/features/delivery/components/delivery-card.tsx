import { type Delivery, deliveryStatusLabels } from '@shop/contract/delivery-tracking';
import { kampalaDayStart } from '@shop/contract/gifts';
import { formatKampalaWeekdayDate } from '@shop/contract/kampala-time';
import { Link } from '@tanstack/react-router';
import { Bike, Clock, Gift, MapPin, Phone } from 'lucide-react';
import { IconFact } from '../../../components/icon-fact';
import { formatDeliveryTime } from '../lib/delivery-display';
import { DeliveryProgress } from './delivery-progress';

const iconProps = { 'aria-hidden': true, className: 'size-4 text-gold-700' } as const;
const factProps = {
  className: 'pl-6',
  termClassName: 'font-semibold text-ink',
  detailClassName: 'text-ink-soft',
} as const;

/**
 * One delivery: its progress, the estimated arrival, the rider once on the road, where it goes,
 * and its timeline.
 */
export function DeliveryCard({ delivery }: { delivery: Delivery }) {
  const headingId = `delivery-${delivery.id}`;
  const over = delivery.status === 'delivered' || delivery.status === 'cancelled';
  return (
    <article
      aria-labelledby={headingId}
      data-status={delivery.status}
      className="rounded-2xl border border-cream-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-serif text-xl text-wine-900">
          Order{' '}
          <Link
            to="/order-history/$id"
            params={{ id: delivery.order_id }}
            className="underline-offset-4 hover:underline"
          >
            {delivery.order_number}
          </Link>
        </h3>
        <p className="text-sm font-semibold text-wine-800" data-testid="delivery-status">
          {deliveryStatusLabels[delivery.status]} · {delivery.progress}%
        </p>
      </header>

      <div className="mt-4">
        <DeliveryProgress delivery={delivery} />
      </div>

      <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
        {delivery.status === 'delivered' && delivery.delivered_at ? (
          <IconFact icon={<Clock {...iconProps} />} term="Delivered" {...factProps}>
            {formatDeliveryTime(delivery.delivered_at)}
          </IconFact>
        ) : !over && delivery.estimated_delivery_time ? (
          <IconFact
            icon={<Clock {...iconProps} />}
            term="Estimated arrival"
            detailTestId="estimated-arrival"
            {...factProps}
          >
            {formatDeliveryTime(delivery.estimated_delivery_time)}
            {delivery.delivery_time_label ? ` (usually ${delivery.delivery_time_label})` : ''}
          </IconFact>
        ) : null}
        {delivery.gift ? (
          <IconFact icon={<Gift {...iconProps} />} term="Gift for" detailTestId="gift-for" {...factProps}>
            {delivery.gift.recipient_name} on{' '}
            {formatKampalaWeekdayDate(kampalaDayStart(delivery.gift.delivery_date))}
          </IconFact>
        ) : null}
        {delivery.delivery_zone || delivery.street ? (
          <IconFact icon={<MapPin {...iconProps} />} term="Delivering to" {...factProps}>
            {[delivery.street, delivery.delivery_zone].filter(Boolean).join(', ')}
          </IconFact>
        ) : null}
        {delivery.rider ? (
          <IconFact
            icon={<Bike {...iconProps} />}
            term="Your rider"
            data-testid="rider"
            {...factProps}
            className={`${factProps.className} sm:col-span-2`}
          >
            {delivery.rider.name} ·{' '}
            <a
              href={`tel:${delivery.rider.phone}`}
              className="inline-flex items-center gap-1 font-semibold text-wine-800"
            >
              <Phone aria-hidden="true" className="size-3.5" />
              {delivery.rider.phone}
            </a>
          </IconFact>
        ) : null}
      </dl>

      {delivery.timeline.length > 0 ? (
        <section
          aria-label={`Timeline of order ${delivery.order_number}`}
          className="mt-5 border-t border-cream-200 pt-4"
        >
          <h4 className="text-sm font-semibold text-ink">Timeline</h4>
          <ol className="mt-2 space-y-2">
            {delivery.timeline.map((entry) => (
              <li
                key={`${entry.created_at}-${entry.status}-${entry.note ?? ''}`}
                className="flex gap-3 text-sm"
              >
                <time dateTime={entry.created_at} className="w-32 shrink-0 text-ink-soft">
                  {formatDeliveryTime(entry.created_at)}
                </time>
                <span>
                  <span className="font-medium text-ink">{deliveryStatusLabels[entry.status]}</span>
                  {entry.note ? <span className="text-ink-soft"> — {entry.note}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}
