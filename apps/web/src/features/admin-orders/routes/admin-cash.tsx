import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { inputClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { stackedTable } from '../../../components/stacked-table';
import { StaffOnly } from '../../../components/staff-only';
import { useCashReport } from '../api/cash-report';
import { RiderCashDay } from '../components/rider-cash-day';

const COLUMNS = ['Day', 'Rider', 'Orders (delivered)', 'Expected', 'Collected', 'Difference'];
const amountCell = 'tabular-nums md:text-right';

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
            <div className={stackedTable.frame}>
              <table className={stackedTable.table}>
                <caption className="sr-only">Cash expected and collected per rider and day</caption>
                <thead className={`${stackedTable.head} text-ink-soft`}>
                  <tr>
                    {COLUMNS.map((column) => (
                      <th
                        key={column}
                        scope="col"
                        className={`${stackedTable.headerCell} ${column === 'Day' || column === 'Rider' ? '' : 'text-right'}`}
                      >
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={stackedTable.body}>
                  {data.rows.map((row) => (
                    <tr key={`${row.day}-${row.rider_name}`} className={stackedTable.row}>
                      <td data-label="Day" className={stackedTable.cell}>
                        {row.day}
                      </td>
                      <td data-label="Rider" className={stackedTable.cell}>
                        {row.rider_name}
                        {row.rider_phone ? <span className="text-ink-soft"> {row.rider_phone}</span> : null}
                      </td>
                      <td data-label="Orders (delivered)" className={`${stackedTable.cell} ${amountCell}`}>
                        {row.orders} ({row.delivered})
                      </td>
                      <td data-label="Expected" className={`${stackedTable.cell} ${amountCell}`}>
                        {formatUGX(row.expected)}
                      </td>
                      <td data-label="Collected" className={`${stackedTable.cell} ${amountCell}`}>
                        {formatUGX(row.collected)}
                      </td>
                      <td
                        data-label="Difference"
                        className={`${stackedTable.cell} ${amountCell} ${row.difference < 0 ? 'font-semibold text-red-700' : ''}`}
                      >
                        {signed(row.difference)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="block border-t-2 border-cream-300 font-semibold md:table-footer-group">
                  <tr className={stackedTable.row}>
                    <th
                      scope="row"
                      colSpan={3}
                      className={`${stackedTable.headerCell} block md:table-cell md:text-right`}
                    >
                      Total
                    </th>
                    <td data-label="Expected" className={`${stackedTable.cell} ${amountCell}`}>
                      {formatUGX(data.totals.expected)}
                    </td>
                    <td data-label="Collected" className={`${stackedTable.cell} ${amountCell}`}>
                      {formatUGX(data.totals.collected)}
                    </td>
                    <td data-label="Difference" className={`${stackedTable.cell} ${amountCell}`}>
                      {signed(data.totals.difference)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
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
