import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { inputClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryState } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { useCashReport } from '../api/cash-report';
import { RiderCashDay } from '../components/rider-cash-day';
import { SignedAmount, signedUGX } from '../components/signed-amount';

const amountCell = 'tabular-nums md:text-right';

function CashReportView() {
  const ids = { from: useId(), to: useId() };
  const [draft, setDraft] = useState({ date_from: '', date_to: '' });
  const [range, setRange] = useState({ date_from: '', date_to: '' });
  const report = useCashReport(range, true);

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
        <button type="submit" className={buttonClass('primary')}>
          Show
        </button>
      </form>

      <QueryState query={report} what="The figures" loading="Loading…">
        {(answer) => (
          <>
            <p className="text-sm text-ink-soft">
              {answer.date_from === answer.date_to
                ? answer.date_from
                : `${answer.date_from} to ${answer.date_to}`}{' '}
              (Kampala days, by the day the rider took the orders out)
            </p>
            <DataTable
              caption="Cash expected and collected per rider and day"
              columns={[
                { header: 'Day', cell: (row) => row.day },
                {
                  header: 'Rider',
                  cell: (row) => (
                    <span>
                      {row.rider_name}
                      {row.rider_phone ? <span className="text-ink-soft"> {row.rider_phone}</span> : null}
                    </span>
                  ),
                },
                {
                  header: 'Orders (delivered)',
                  className: amountCell,
                  cell: (row) => `${row.orders} (${row.delivered})`,
                },
                {
                  header: 'Expected',
                  className: amountCell,
                  cell: (row) => formatUGX(row.expected),
                  total: formatUGX(answer.totals.expected),
                },
                {
                  header: 'Collected',
                  className: amountCell,
                  cell: (row) => formatUGX(row.collected),
                  total: formatUGX(answer.totals.collected),
                },
                {
                  header: 'Difference',
                  className: amountCell,
                  cell: (row) => <SignedAmount amount={row.difference} />,
                  total: signedUGX(answer.totals.difference),
                },
              ]}
              rows={answer.rows}
              rowKey={(row) => `${row.day}-${row.rider_name}`}
              empty="No cash-on-delivery orders went out with a rider on these days."
            />
          </>
        )}
      </QueryState>
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
