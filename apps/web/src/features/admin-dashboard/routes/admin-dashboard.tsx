import {
  DASHBOARD_PERIODS,
  type Dashboard,
  type DashboardPeriod,
  dashboardPaymentMethodLabels,
  dashboardPeriodLabels,
} from '@shop/contract/dashboard';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { useDashboard } from '../api/dashboard';
import { ExportsForm } from '../components/exports-form';
import { PendingWork } from '../components/pending-work';
import { RiderCash } from '../components/rider-cash';

// The chart library loads only here, after the figures, in a chunk of its own.
const DashboardCharts = lazy(() => import('../components/dashboard-charts'));

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-semibold text-ink-soft">{label}</dt>
      <dd className="mt-1 font-serif text-2xl tabular-nums text-wine-900">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-ink-soft">{note}</dd> : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="font-serif text-2xl text-wine-900">{title}</h2>
      {children}
    </section>
  );
}

function BreakdownTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: Array<{ key: string; label: string; paid_orders: number; revenue: number }>;
}) {
  return (
    <DataTable
      caption={caption}
      showCaption
      columns={[
        { header: first, rowHeader: true, className: 'font-normal', cell: (row) => row.label },
        { header: 'Paid orders', className: 'tabular-nums md:text-right', cell: (row) => row.paid_orders },
        { header: 'Revenue', className: 'tabular-nums md:text-right', cell: (row) => formatUGX(row.revenue) },
      ]}
      rows={rows}
      rowKey={(row) => row.key}
      empty="No money in this period."
    />
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { figures } = dashboard;
  return (
    <div className="space-y-8">
      <p className="text-sm text-ink-soft">
        {dashboard.date_from === dashboard.date_to
          ? dashboard.date_from
          : `${dashboard.date_from} to ${dashboard.date_to}`}{' '}
        (Kampala days). Revenue is the money received, net of refunds.
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Figure
          label="Revenue"
          value={formatUGX(figures.revenue)}
          note={`${formatUGX(figures.gross_revenue)} received, ${formatUGX(figures.refunds)} refunded`}
        />
        <Figure label="Orders" value={String(figures.orders)} note={`${figures.paid_orders} paid`} />
        <Figure label="Average order value" value={formatUGX(figures.average_order_value)} />
        <Figure label="New customers" value={String(figures.new_customers)} />
        <Figure label="Paid orders" value={String(figures.paid_orders)} />
      </dl>
      <RiderCash cash={dashboard.rider_cash} />
      <div className="grid gap-6 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm md:grid-cols-2">
        <BreakdownTable
          caption="By payment method"
          first="Method"
          rows={dashboard.by_payment_method.map((row) => ({
            key: row.method,
            label: dashboardPaymentMethodLabels[row.method],
            paid_orders: row.paid_orders,
            revenue: row.revenue,
          }))}
        />
        <BreakdownTable
          caption="By zone"
          first="Zone"
          rows={dashboard.by_zone.map((row) => ({ key: row.zone, label: row.zone, ...row }))}
        />
      </div>
      <Suspense
        fallback={
          <p role="status" className="text-ink-soft">
            Loading the charts…
          </p>
        }
      >
        <DashboardCharts dashboard={dashboard} />
      </Suspense>
    </div>
  );
}

function DashboardView() {
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const { data, isPending, isError, refetch } = useDashboard(period, true);
  return (
    <div className="space-y-10">
      <Section title="The figures">
        <Tabs
          label="Period"
          tabs={DASHBOARD_PERIODS.map((option) => ({ value: option, label: dashboardPeriodLabels[option] }))}
          value={period}
          onChange={setPeriod}
        >
          {/* A failed refresh keeps the figures already shown; only a first load that failed says so. */}
          {isPending || (isError && !data) ? (
            <QueryStatus
              pending={isPending}
              onRetry={refetch}
              what="The figures"
              loading="Loading the figures…"
            />
          ) : (
            <Figures dashboard={data} />
          )}
        </Tabs>
      </Section>
      {data ? (
        <Section title="Waiting for you">
          <PendingWork pending={data.pending} />
        </Section>
      ) : null}
      <Section title="Exports for the accountant">
        <ExportsForm />
      </Section>
    </div>
  );
}

/**
 * /admin, the day's figures (staff and admins only; the API refuses anyone else too): revenue,
 * orders and customers of today, 7 or 30 days, charts, the work waiting, and the CSV exports.
 */
export function AdminDashboardPage() {
  return (
    <PageShell
      eyebrow="Back office"
      title="The day’s figures"
      lead={
        <Link to="/account" className="text-base font-semibold text-wine-800 underline">
          Back to the staff desk
        </Link>
      }
    >
      <StaffOnly>
        <DashboardView />
      </StaffOnly>
    </PageShell>
  );
}
