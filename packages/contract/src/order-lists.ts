import { z } from 'zod';
import { LPO_NUMBER_MAX } from './company-order';
import { DELIVERY_STATUSES } from './delivery';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './orders';
import { completeMobileMoneyPaymentRequestSchema } from './payments';

/**
 * A company's list of recipients (issue 39, decision 0036): one CSV, a preview that names each
 * bad row and column, then one order per recipient, all paid at once. The CSV's columns, in any
 * order, named in its first line:
 *
 *   recipient, phone, area, street, landmark, delivery_date, message, items
 *
 * `area` is a delivery zone's name; `street` or `landmark` (at least one) finds the door; `items`
 * names sizes by SKU with a quantity, `SKU:2; OTHER-SKU` (1 when no quantity is given).
 */

/** The most recipients one list may carry (one request, one transaction; decision 0036). */
export const ORDER_LIST_MAX_ROWS = 500;
/** The CSV's size limit, in characters (500 rows of a long message and address fit in it). */
export const ORDER_LIST_MAX_CHARS = 600_000;
/** The most units one recipient may receive. */
export const ORDER_LIST_MAX_UNITS_PER_ROW = 99;

export const ORDER_LIST_COLUMNS = [
  'recipient',
  'phone',
  'area',
  'street',
  'landmark',
  'delivery_date',
  'message',
  'items',
] as const;
export type OrderListColumn = (typeof ORDER_LIST_COLUMNS)[number];
export const ORDER_LIST_REQUIRED_COLUMNS: readonly OrderListColumn[] = [
  'recipient',
  'phone',
  'area',
  'delivery_date',
  'items',
];

/** How the list is paid; on account comes with company credit terms (decision 0036). */
export const ORDER_LIST_PAYMENT_METHODS = ['mobile_money'] as const;

const csvField = z
  .string({ error: 'Choose the CSV file of recipients' })
  .min(1, { error: 'Choose the CSV file of recipients' })
  .max(ORDER_LIST_MAX_CHARS, { error: `The file is too large: at most ${ORDER_LIST_MAX_ROWS} recipients` })
  .describe(`The CSV text: a header line, then one recipient a line (at most ${ORDER_LIST_MAX_ROWS})`);

export const orderListPreviewRequestSchema = z.object({
  company_id: z.uuid({ error: 'Choose the company' }),
  csv: csvField,
});
export type OrderListPreviewRequest = z.input<typeof orderListPreviewRequestSchema>;

export const orderListRequestSchema = orderListPreviewRequestSchema.extend({
  idempotency_key: z
    .string({ error: 'idempotency_key is required' })
    .regex(/^[A-Za-z0-9_-]{8,80}$/, { error: 'Use 8 to 80 letters, digits, _ or -' })
    .describe('A new key per upload; sending the same one again answers the same list'),
  lpo_number: z
    .string()
    .trim()
    .max(LPO_NUMBER_MAX, { error: `Use at most ${LPO_NUMBER_MAX} characters` })
    .regex(/^[A-Za-z0-9 /-]*$/, { error: 'Use letters, digits, spaces, / or -' })
    .nullish(),
  payment_method: z.enum(ORDER_LIST_PAYMENT_METHODS, { error: 'Choose how to pay' }),
});
export type OrderListRequest = z.input<typeof orderListRequestSchema>;

export const orderListRowErrorSchema = z.object({
  row: z.number().int().describe('The CSV line (the header is line 1)'),
  column: z.string().describe('The column, as in the header; "file" for the whole file'),
  message: z.string(),
});
export type OrderListRowError = z.infer<typeof orderListRowErrorSchema>;

/** The 422's field for a row error: `rows.<line>.<column>`. */
export const rowErrorField = (error: Pick<OrderListRowError, 'row' | 'column'>) =>
  `rows.${error.row}.${error.column}`;

export const orderListPreviewRowSchema = z.object({
  row: z.number().int(),
  recipient_name: z.string(),
  recipient_phone: z.string(),
  area: z.string(),
  delivery_date: z.string(),
  items: z.array(
    z.object({ sku: z.string(), name: z.string(), quantity: z.number().int(), unit_price: z.number().int() }),
  ),
  subtotal: z.number().int(),
  delivery_fee: z.number().int(),
  total: z.number().int(),
});
export type OrderListPreviewRow = z.infer<typeof orderListPreviewRowSchema>;

export const orderListPreviewSchema = z.object({
  rows: z.array(orderListPreviewRowSchema),
  errors: z
    .array(orderListRowErrorSchema)
    .describe('Every bad row and column; the list is placed only without any'),
  totals: z.object({
    deliveries: z.number().int(),
    subtotal: z.number().int(),
    delivery_fees: z.number().int(),
    total: z.number().int(),
  }),
});
export type OrderListPreview = z.infer<typeof orderListPreviewSchema>;

export const orderListDeliverySchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  recipient_name: z.string(),
  recipient_phone: z.string(),
  area: z.string().nullable(),
  delivery_date: z.string(),
  total: z.number().int(),
  order_status: z.enum(ORDER_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES).nullable().describe('Null until the order is confirmed'),
});
export type OrderListDelivery = z.infer<typeof orderListDeliverySchema>;

export const orderListSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  lpo_number: z.string().nullable(),
  delivery_count: z.number().int(),
  total: z.number().int(),
  currency: z.literal('UGX'),
  payment_status: z.enum(PAYMENT_STATUSES).describe('The one payment of every delivery'),
  payable: z.boolean().describe('True while it may be paid by mobile money'),
  created_at: z.string(),
  deliveries: z.array(orderListDeliverySchema),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderListParamsSchema = z.object({ id: z.uuid({ error: 'List id must be a UUID' }) });

/** Paying the list by mobile money: the network and the number (the amount is the list's). */
export const orderListPayRequestSchema = completeMobileMoneyPaymentRequestSchema.omit({ order_id: true });
export type OrderListPayRequest = z.input<typeof orderListPayRequestSchema>;
