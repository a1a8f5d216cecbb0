import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { inputClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { useCashReport } from '../api/cash-report';
import { RiderCashDay } from '../components/rider-cash-day';

const signed = (amount: number) =>
  amount > 0 ? `+${formatUGX(amount)}` : amount < 0 ? `−${formatUGX(-amount)}` : formatUGX(0);

function CashReportView() {
  const ids = { from: useId(), to: useId() };
  const [draft, setDraft] = useState({ date_from: '', date_to: '' });
  const [range, setRange] = useState({ date_from: '', date_to: '' });
  const { data, isPending, isError, refetch } = useCashReport(range, true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };

  return (
    <div className="space-y-6">
      <form aria-label="Days" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={ids.from} className="mb-1 block text-sm font-semibold">
            From (day)
          </label>
          <input
            id={ids.from}
            type="date"
            value={draft.date_from}
            onChange={(event) =>
              setDraft((current) => ({ ...current, date_from: event.currentTarget.value }))
            }
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.to} className="mb-1 block text-sm font-semibold">
            To (day)
          </label>
          <input
            id={ids.to}
            type="date"
            value={draft.date_to}
            onChange={(event) => setDraft((current) => ({ ...current, date_to: event.currentTarget.value }))}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          className="inline-flex h-11 items-center rounded-full bg-wine-800 px-5 text-sm font-semibold text-cream-50"
        >
          Show
        </button>
      </form>

      {isPending || isError ? (
        <QueryStatus pending={isPending} onRetry={refetch} what="The figures" loading="Loading…" />
      ) : (
        <>
          <p className="text-sm text-ink-soft">
            {data.date_from === data.date_to ? data.date_from : `${data.date_from} to ${data.date_to}`}{' '}
            (Kampala days, by the day the rider took the orders out)
          </p>
          {data.rows.length === 0 ? (
            <p>No cash-on-delivery orders went out with a rider on these days.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Cash expected and collected per rider and day</caption>
              <thead className="text-ink-soft">
                <tr>
                  <th scope="col" className="py-1 pr-2">
                    Day
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Rider
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Orders (delivered)
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Expected
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Collected
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Difference
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={`${row.day}-${row.rider_name}`} className="border-t border-cream-200">
                    <td className="py-1.5 pr-2">{row.day}</td>
                    <td className="py-1.5 pr-2">
                      {row.rider_name}
                      {row.rider_phone ? <span className="text-ink-soft"> {row.rider_phone}</span> : null}
                    </td>
                    <td className="py-1.5 pr-2 text-right tabular-nums">
                      {row.orders} ({row.delivered})
                    </td>
                    <td className="py-1.5 pr-2 text-right tabular-nums">{formatUGX(row.expected)}</td>
                    <td className="py-1.5 pr-2 text-right tabular-nums">{formatUGX(row.collected)}</td>
                    <td
                      className={`py-1.5 text-right tabular-nums ${row.difference < 0 ? 'font-semibold text-red-700' : ''}`}
                    >
                      {signed(row.difference)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-cream-300 font-semibold">
                <tr>
                  <th scope="row" colSpan={3} className="py-1.5 pr-2 text-right">
                    Total
                  </th>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{formatUGX(data.totals.expected)}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{formatUGX(data.totals.collected)}</td>
                  <td className="py-1.5 text-right tabular-nums">{signed(data.totals.difference)}</td>
                </tr>
              </tfoot>
            </table>
          )}
        </>
      )}
    </div>
  );
}

/**
 * /admin/cash: the shop's riders' cash of one day with the cashier's count-in, then cash on delivery per rider and Kampala day, the orders' totals against the cash
 * recorded when each was delivered (staff and admins only; the API refuses anyone else too).
 */
export function AdminCashPage() {
  return (
    <PageShell
      eyebrow="Back office"
      title="Cash on delivery"
      lead={
        <Link to="/admin/orders" className="text-base font-semibold text-wine-800 underline">
          Back to the orders
        </Link>
      }
    >
      <StaffOnly>
        <div className="space-y-10">
          <RiderCashDay />
          <section aria-label="Cash on delivery by day" className="space-y-4">
            <h2 className="font-serif text-2xl text-wine-900">Cash on delivery by day</h2>
            <CashReportView />
          </section>
        </div>
      </StaffOnly>
    </PageShell>
  );
}
