import type { Dashboard } from '@shop/contract/dashboard';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';

/** What a difference means to the cashier: handed in less (short) or more (over) than collected. */
function differenceNote(difference: number): string {
  if (difference === 0) return 'Every shilling collected was handed in';
  return difference < 0 ? 'Short: handed in less than collected' : 'Over: handed in more than collected';
}

/**
 * The riders' cash for the period: the totals of the cash report at /admin/cash (the API reuses the
 * report's rule), with a link there for the rider-by-rider days.
 */
export function RiderCash({ cash }: { cash: Dashboard['rider_cash'] }) {
  const figures = [
    { label: 'Expected from riders', value: cash.expected, note: 'Cash orders handed over' },
    { label: 'Collected', value: cash.collected, note: null },
    { label: 'Handed in', value: cash.handed_in, note: 'Counted by a cashier, confirmed by the rider' },
    { label: 'Difference', value: cash.difference, note: differenceNote(cash.difference) },
  ];
  return (
    <section aria-label="Riders’ cash" className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <h3 className="font-serif text-lg text-wine-900">Riders’ cash</h3>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-sm font-semibold text-ink-soft">{figure.label}</dt>
            <dd className="mt-1 font-serif text-xl tabular-nums text-wine-900">{formatUGX(figure.value)}</dd>
            {figure.note ? <dd className="mt-1 text-xs text-ink-soft">{figure.note}</dd> : null}
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm">
        <Link to="/admin/cash" className="font-semibold text-wine-800 underline">
          The cash report, rider by rider
        </Link>
      </p>
    </section>
  );
}
