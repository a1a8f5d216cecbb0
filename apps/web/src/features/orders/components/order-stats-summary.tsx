import { formatUGX } from '@shop/contract/money';
import { ORDER_STATUSES, type OrderStats, orderStatusLabels } from '@shop/contract/orders';

/** Orders still on their way to the customer. */
const ACTIVE_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'ready_for_delivery',
  'out_for_delivery',
] as const;

/** The customer's orders at a glance: how many, how many under way, delivered, and what they have spent. */
export function OrderStatsSummary({ stats }: { stats: OrderStats }) {
  const active = ACTIVE_STATUSES.reduce((sum, status) => sum + (stats.by_status[status] ?? 0), 0);
  const cards = [
    { label: 'Orders', value: String(stats.total_orders) },
    { label: 'Under way', value: String(active) },
    { label: 'Delivered', value: String(stats.by_status.delivered ?? 0) },
    { label: 'Total spent', value: formatUGX(stats.total_spent) },
  ];
  const counted = ORDER_STATUSES.filter((status) => (stats.by_status[status] ?? 0) > 0);
  return (
    <section aria-label="Your orders at a glance">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
            <dt className="text-xs font-semibold tracking-[0.15em] text-gold-700 uppercase">{card.label}</dt>
            <dd className="mt-2 font-serif text-2xl text-wine-900">{card.value}</dd>
          </div>
        ))}
      </dl>
      {counted.length > 0 ? (
        <ul aria-label="Orders by status" className="mt-4 flex flex-wrap gap-2 text-sm">
          {counted.map((status) => (
            <li key={status} className="rounded-full bg-cream-100 px-3 py-1 text-ink">
              {orderStatusLabels[status]}: <span className="font-semibold">{stats.by_status[status]}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
