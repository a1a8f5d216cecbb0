import { z } from 'zod';
import { invoiceStatusSchema, orderStatusSchema } from './orders';
import { riderCashReportSchema } from './rider';
import { dateToNotBeforeFrom, kampalaDaySchema, staffOrderFilterFields } from './staff-orders';

/**
 * The day's figures, `/admin` (staff and admins only): `GET /admin/dashboard/?period=…`.
 *
 * Periods are Kampala days ending today: `today`, the last 7 days or the last 30 days (today
 * included). Figures are the shop's orders, exact to the shilling, from SQL aggregates:
 *
 * - Revenue: money received, net of refunds. A mobile-money payment counts when it succeeds and
 *   gives value (a `refund_due` payment never was revenue); a cash order counts when it is paid
 *   (delivered or collected), at its total. A succeeded refund of a payment that gave value is
 *   subtracted on the day it settled.
 * - Orders: orders placed in the period, any status (the status chart breaks them down).
 * - Paid orders: orders whose money arrived in the period; the average order value is the net
 *   revenue over them, rounded to the shilling.
 * - New customers: customer accounts (not anonymous visitors) created in the period.
 * - By payment method and zone, revenue per day and the top 10 products follow the same rules.
 * - Riders' cash: the totals of the riders' cash report for the period's days (expected, collected,
 *   handed in, difference), the same figures as `GET /orders/admin/riders/cash/`.
 *
 * The pending work is now, whatever the period: each list shows the first few with the full count,
 * and links to the screen that acts on them.
 */

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export const dashboardPeriodSchema = z.enum(DASHBOARD_PERIODS, {
  error: `must be one of ${DASHBOARD_PERIODS.join(', ')}`,
});
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;
export const dashboardPeriodLabels: Record<DashboardPeriod, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
/** How many Kampala days each period covers, today included. */
export const DASHBOARD_PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

/** A payment that has been waiting this long is shown as pending work. */
export const PENDING_PAYMENT_MINUTES = 30;
/** How many of each kind of pending work the dashboard lists (the count says how many in all). */
export const PENDING_WORK_PREVIEW = 5;
export const TOP_PRODUCTS = 10;

export const dashboardQuerySchema = z.object({
  period: dashboardPeriodSchema.default('today'),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);
const isoTime = z.string().describe('ISO 8601');

/** Cash orders are split by how the cash comes: from the rider (delivery) or at the counter (pick-up). */
export const DASHBOARD_PAYMENT_METHODS = ['mobile_money', 'cash_on_delivery', 'cash_on_collection'] as const;
export type DashboardPaymentMethod = (typeof DASHBOARD_PAYMENT_METHODS)[number];
export const dashboardPaymentMethodLabels: Record<DashboardPaymentMethod, string> = {
  mobile_money: 'Mobile money',
  cash_on_delivery: 'Cash on delivery',
  cash_on_collection: 'Cash on collection',
};

const revenueRow = {
  paid_orders: z.number().int().describe('Orders whose money arrived in the period'),
  revenue: money('Received, net of refunds'),
};

export const dashboardSchema = z.object({
  period: dashboardPeriodSchema,
  date_from: kampalaDaySchema.describe('First Kampala day of the period'),
  date_to: kampalaDaySchema.describe('Last Kampala day of the period (today)'),
  generated_at: isoTime,
  figures: z.object({
    revenue: money('Received in the period, net of refunds'),
    gross_revenue: money('Received in the period, before refunds'),
    refunds: money('Refunds settled in the period'),
    orders: z.number().int().describe('Orders placed in the period, any status'),
    paid_orders: z.number().int().describe('Orders whose money arrived in the period'),
    average_order_value: money('revenue ÷ paid_orders, rounded (0 without paid orders)'),
    new_customers: z.number().int().describe('Customer accounts created in the period'),
  }),
  rider_cash: riderCashReportSchema.shape.totals.describe(
    'The riders’ cash report’s totals over the period: expected, collected, handed in, difference',
  ),
  by_payment_method: z
    .array(z.object({ method: z.enum(DASHBOARD_PAYMENT_METHODS), ...revenueRow }))
    .describe('Every method, 0 when none'),
  by_zone: z
    .array(z.object({ zone: z.string().describe('The zone’s name when ordered, or Pick-up'), ...revenueRow }))
    .describe('Zones with money in the period, most revenue first'),
  revenue_per_day: z
    .array(z.object({ day: kampalaDaySchema, revenue: money('Net revenue of that Kampala day') }))
    .describe('Every day of the period, oldest first'),
  orders_by_status: z
    .array(z.object({ status: orderStatusSchema, orders: z.number().int() }))
    .describe('Orders placed in the period by their status now; every status, 0 when none'),
  top_products: z
    .array(
      z.object({
        product_id: z.number().int(),
        product_name: z.string(),
        bottles: z.number().int().describe('Bottles in orders paid in the period'),
        revenue: money('Their line totals'),
      }),
    )
    .describe(`The ${TOP_PRODUCTS} products with most bottles in orders paid in the period`),
  pending: z.object({
    orders_to_prepare: z.object({
      count: z.number().int(),
      items: z.array(
        z.object({
          id: z.string(),
          order_number: z.string(),
          contact_name: z.string(),
          status: orderStatusSchema,
          total: money('Total'),
          created_at: isoTime,
        }),
      ),
    }),
    payments_pending: z.object({
      count: z.number().int(),
      items: z.array(
        z.object({
          id: z.string(),
          reference: z.string(),
          purpose: z.string().describe('order or rsvp'),
          subject_id: z.string(),
          subject_label: z.string(),
          amount: money('Amount'),
          created_at: isoTime,
        }),
      ),
    }),
    refund_due: z.object({
      count: z.number().int(),
      amount: money('Still to give back, all of them'),
      items: z.array(
        z.object({
          id: z.string(),
          reference: z.string(),
          purpose: z.string().describe('order or rsvp'),
          subject_id: z.string(),
          subject_label: z.string(),
          amount: money('Still to give back'),
          paid_at: isoTime.nullable(),
        }),
      ),
    }),
    low_stock: z.object({
      count: z.number().int(),
      items: z.array(
        z.object({
          variant_id: z.number().int(),
          product_id: z.number().int(),
          product_name: z.string(),
          variant_name: z.string(),
          sku: z.string(),
          stock: z.number().int(),
          low_stock_threshold: z.number().int(),
        }),
      ),
    }),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------
// CSV exports for the accountant: `GET /admin/exports/orders.csv` and `/admin/exports/invoices.csv`
// ---------------------------------------------------------------------------------------------

const dayRange = {
  date_from: kampalaDaySchema.optional().describe('From this Kampala day (YYYY-MM-DD), included'),
  date_to: kampalaDaySchema.optional().describe('To this Kampala day (YYYY-MM-DD), included'),
};

/** The staff order list's filters (without paging or sort: every matching order, oldest first). */
export const orderExportQuerySchema = z.object(staffOrderFilterFields).superRefine(dateToNotBeforeFrom);
export type OrderExportQuery = z.input<typeof orderExportQuerySchema>;

export const invoiceExportQuerySchema = z
  .object({ status: invoiceStatusSchema.optional(), ...dayRange })
  .superRefine(dateToNotBeforeFrom);
export type InvoiceExportQuery = z.input<typeof invoiceExportQuerySchema>;

/** The columns of each export, in order (the first line of the file). */
export const ORDER_EXPORT_COLUMNS = [
  'order_number',
  'placed_at',
  'status',
  'payment_status',
  'payment_method',
  'fulfilment',
  'zone',
  'customer_name',
  'customer_email',
  'contact_name',
  'contact_phone',
  'item_count',
  'subtotal',
  'delivery_fee',
  'discount',
  'discount_code',
  'total',
  'currency',
  'paid_at',
  'invoice_number',
] as const;

export const INVOICE_EXPORT_COLUMNS = [
  'invoice_number',
  'issued_at',
  'status',
  'order_number',
  'customer_name',
  'customer_email',
  'subtotal',
  'delivery_fee',
  'discount',
  'total',
  'currency',
  'paid_at',
  'voided_at',
] as const;
