import { type DeliveryStats, EMPTY_DELIVERY_STATS } from '@shop/contract/delivery-tracking';

const TILES: ReadonlyArray<[keyof DeliveryStats, string]> = [
  ['total', 'All deliveries'],
  ['pending', 'Confirmed'],
  ['processing', 'Being prepared'],
  ['out_for_delivery', 'On the way'],
  ['delivered', 'Delivered'],
  ['cancelled', 'Cancelled'],
];

/** The customer's deliveries counted by state (zeros while loading or when there is none). */
export function DeliveryStatsPanel({ stats }: { stats: DeliveryStats | undefined }) {
  const values = stats ?? EMPTY_DELIVERY_STATS;
  return (
    <ul aria-label="Delivery statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {TILES.map(([key, label]) => (
        <li key={key} className="rounded-xl border border-cream-200 bg-white px-4 py-3">
          <span className="block text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</span>
          <span className="mt-1 block font-serif text-2xl text-wine-900" data-testid={`stat-${key}`}>
            {values[key]}
          </span>
        </li>
      ))}
    </ul>
  );
}
