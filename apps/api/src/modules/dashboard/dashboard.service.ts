import {
  DASHBOARD_PAYMENT_METHODS,
  DASHBOARD_PERIOD_DAYS,
  type Dashboard,
  type DashboardPaymentMethod,
  type DashboardPeriod,
  PENDING_PAYMENT_MINUTES,
  PENDING_WORK_PREVIEW,
  TOP_PRODUCTS,
} from '@shop/contract/dashboard';
import { kampalaIsoDate } from '@shop/contract/kampala-time';
import { ORDER_STATUSES } from '@shop/contract/orders';
import type { Database } from '../../db/client';
import { getRiderCashReport } from '../rider/rider.service';
import {
  lowStock,
  moneyByDayMethodZone,
  newCustomers,
  ordersByStatus,
  ordersToPrepare,
  paymentsPendingSince,
  type Range,
  refundsDue,
  topProducts,
} from './dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (value: Date | string) => new Date(value).toISOString();
/** The instant a Kampala day starts (Kampala is UTC+3 all year). */
const kampalaDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** The Kampala days of a period ending today, as a half-open range of instants. */
export function periodRange(period: DashboardPeriod, now: Date): Range & { days: string[] } {
  const today = kampalaDayStart(kampalaIsoDate(now));
  const count = DASHBOARD_PERIOD_DAYS[period];
  const days = Array.from({ length: count }, (_, index) =>
    kampalaIsoDate(today.getTime() - (count - 1 - index) * DAY_MS),
  );
  return { from: kampalaDayStart(days[0]!), before: new Date(today.getTime() + DAY_MS), days };
}

export async function getDashboard(
  db: Database,
  period: DashboardPeriod,
  now = new Date(),
): Promise<Dashboard> {
  const range = periodRange(period, now);
  const dateFrom = range.days[0]!;
  const dateTo = range.days[range.days.length - 1]!;
  const [money, top, statuses, customers, prepare, pendingPayments, due, low, riderCash] = await Promise.all([
    moneyByDayMethodZone(db, range),
    topProducts(db, range, TOP_PRODUCTS),
    ordersByStatus(db, range),
    newCustomers(db, range),
    ordersToPrepare(db, PENDING_WORK_PREVIEW),
    paymentsPendingSince(
      db,
      new Date(now.getTime() - PENDING_PAYMENT_MINUTES * 60_000),
      PENDING_WORK_PREVIEW,
    ),
    refundsDue(db, PENDING_WORK_PREVIEW),
    lowStock(db, PENDING_WORK_PREVIEW),
    // The cash report's own rule, over the same days: the two screens cannot disagree.
    getRiderCashReport(db, { date_from: dateFrom, date_to: dateTo }, now),
  ]);

  const byMethod = new Map<DashboardPaymentMethod, { paid_orders: number; revenue: number }>(
    DASHBOARD_PAYMENT_METHODS.map((method) => [method, { paid_orders: 0, revenue: 0 }]),
  );
  const byZone = new Map<string, { paid_orders: number; revenue: number }>();
  const byDay = new Map<string, number>(range.days.map((day) => [day, 0]));
  let gross = 0;
  let refunds = 0;
  let paidOrders = 0;
  for (const row of money) {
    const net = row.gross - row.refunds;
    gross += row.gross;
    refunds += row.refunds;
    paidOrders += row.paid_orders;
    const method = byMethod.get(row.method)!;
    method.paid_orders += row.paid_orders;
    method.revenue += net;
    const zone = byZone.get(row.zone) ?? { paid_orders: 0, revenue: 0 };
    zone.paid_orders += row.paid_orders;
    zone.revenue += net;
    byZone.set(row.zone, zone);
    byDay.set(row.day, (byDay.get(row.day) ?? 0) + net);
  }
  const revenue = gross - refunds;
  const statusCounts = new Map(statuses.map((row) => [row.status, row.orders]));

  return {
    period,
    date_from: dateFrom,
    date_to: dateTo,
    generated_at: now.toISOString(),
    figures: {
      revenue,
      gross_revenue: gross,
      refunds,
      orders: statuses.reduce((sum, row) => sum + row.orders, 0),
      paid_orders: paidOrders,
      average_order_value: paidOrders === 0 ? 0 : Math.round(revenue / paidOrders),
      new_customers: customers,
    },
    rider_cash: riderCash.totals,
    by_payment_method: [...byMethod].map(([method, figures]) => ({ method, ...figures })),
    by_zone: [...byZone]
      .map(([zone, figures]) => ({ zone, ...figures }))
      .sort((a, b) => b.revenue - a.revenue || a.zone.localeCompare(b.zone)),
    revenue_per_day: [...byDay].map(([day, dayRevenue]) => ({ day, revenue: dayRevenue })),
    orders_by_status: ORDER_STATUSES.map((status) => ({ status, orders: statusCounts.get(status) ?? 0 })),
    top_products: top,
    pending: {
      orders_to_prepare: {
        count: prepare.count,
        items: prepare.rows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
      },
      payments_pending: {
        count: pendingPayments.count,
        items: pendingPayments.rows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
      },
      refund_due: {
        count: due.count,
        amount: due.amount,
        items: due.rows.map((row) => ({ ...row, paid_at: row.paid_at === null ? null : iso(row.paid_at) })),
      },
      low_stock: { count: low.count, items: low.rows },
    },
  };
}
