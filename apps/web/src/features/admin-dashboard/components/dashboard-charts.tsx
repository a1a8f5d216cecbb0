import type { Dashboard } from '@shop/contract/dashboard';
import { formatUGX } from '@shop/contract/money';
import { orderStatusLabels } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The dashboard's three charts, drawn with Recharts. This module is loaded on its own (React.lazy
 * in the page), so the chart library never reaches the storefront's bundle nor delays the
 * dashboard's figures. Each chart has its numbers as a table for screen readers.
 */

const WINE = '#7b1e3a';
const GOLD = '#b8860b';
const CHART_STYLE = { width: '100%', height: 260 } as const;

/** Shillings on an axis: 1.2M, 350k. */
const shortUGX = (value: number) =>
  value >= 1_000_000
    ? `${(value / 1_000_000).toFixed(1)}M`
    : value >= 1_000
      ? `${Math.round(value / 1_000)}k`
      : String(value);
/** 2026-11-27 → 27/11 */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function ChartFigure({
  title,
  table,
  children,
}: {
  title: string;
  table: { head: [string, string]; rows: Array<[string, string]> };
  children: ReactNode;
}) {
  return (
    <figure aria-label={title} className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <figcaption className="mb-3 font-serif text-lg text-wine-900">{title}</figcaption>
      <div aria-hidden>{children}</div>
      {/* A table is never narrower than its longest row: clipped by a box, not made sr-only itself,
          it cannot widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{table.head[0]}</th>
              <th scope="col">{table.head[1]}</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export default function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const statuses = dashboard.orders_by_status.map((row) => ({
    label: orderStatusLabels[row.status],
    orders: row.orders,
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartFigure
          title="Revenue per day"
          table={{
            head: ['Day', 'Revenue'],
            rows: dashboard.revenue_per_day.map((row) => [row.day, formatUGX(row.revenue)]),
          }}
        >
          <BarChart responsive style={CHART_STYLE} data={dashboard.revenue_per_day}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={shortDay} />
            <YAxis tickFormatter={shortUGX} width={48} />
            <Tooltip formatter={(value) => formatUGX(Number(value))} />
            <Bar dataKey="revenue" name="Revenue" fill={WINE} isAnimationActive={false} />
          </BarChart>
        </ChartFigure>
      </div>
      <ChartFigure
        title="Orders by status"
        table={{ head: ['Status', 'Orders'], rows: statuses.map((row) => [row.label, String(row.orders)]) }}
      >
        <BarChart responsive style={CHART_STYLE} data={statuses} layout="vertical" margin={{ left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="label" width={120} />
          <Tooltip />
          <Bar dataKey="orders" name="Orders" fill={GOLD} isAnimationActive={false} />
        </BarChart>
      </ChartFigure>
      <ChartFigure
        title="Top 10 products"
        table={{
          head: ['Product', 'Bottles'],
          rows: dashboard.top_products.map((row) => [
            row.product_name,
            `${row.bottles} (${formatUGX(row.revenue)})`,
          ]),
        }}
      >
        {dashboard.top_products.length === 0 ? (
          <p className="text-sm text-ink-soft">No bottles sold in this period.</p>
        ) : (
          <BarChart
            responsive
            style={CHART_STYLE}
            data={dashboard.top_products}
            layout="vertical"
            margin={{ left: 24 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="product_name" width={140} />
            <Tooltip />
            <Bar dataKey="bottles" name="Bottles" fill={WINE} isAnimationActive={false} />
          </BarChart>
        )}
      </ChartFigure>
    </div>
  );
}
