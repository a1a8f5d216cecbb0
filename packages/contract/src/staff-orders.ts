import { z } from 'zod';
import { deliveryInstructionsResponseSchema, deliveryStatusSchema } from './delivery';
import { staffOrderGiftSchema } from './gifts';
import { storedPositionSchema } from './location';
import {
  canTransition,
  type Fulfilment,
  fulfilmentSchema,
  mobileMoneyNetworkSchema,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type OrderStatus,
  orderListQuerySchema,
  orderStatusSchema,
  orderSummarySchema,
  paymentMethodSchema,
  paymentStatusSchema,
} from './orders';
import { pagedListSchema } from './pagination';
import { ugandanPhoneSchema } from './profile';

/**
 * The staff's orders page, `/admin/orders` (staff and admin accounts only; customers get 403):
 * orders by status, moved along ORDER_STATUS_TRANSITIONS (or cancelled with a reason), a rider
 * assigned to a delivery, delivered. Calls under `/orders/admin/orders/…`.
 */

const isoTime = z.string().describe('ISO 8601');

export { canTransition, ORDER_STATUS_TRANSITIONS };

export const staffMessages = {
  statusRequired: 'Choose the next status',
  cancelReasonRequired: 'Give the reason for cancelling',
  riderRequired: 'Assign a rider before the order goes out for delivery',
  pickupNeverShips: 'A pick-up order is collected at the shop: it never goes out for delivery',
  riderNameRequired: 'Rider name is required',
  noDelivery: 'This order has no delivery (it is collected at the shop, or not confirmed yet)',
  deliveryClosed: 'This delivery is over: no rider can be assigned',
  deliveredByRider: 'A delivery order is delivered by its rider: send it out for delivery first',
  cashOnlyWhenDelivered: 'Cash collected is recorded when the order is delivered',
  cashOnlyForCashOrders: 'This order is not paid in cash',
} as const;

export const staffOrderSchema = orderSummarySchema.extend({
  contact_name: z.string(),
  contact_phone: z.string(),
  delivery_zone: z.string().nullable(),
  street: z.string().nullable(),
  customer_note: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  estimated_delivery_time: isoTime.nullable(),
  delivery_instructions: deliveryInstructionsResponseSchema.nullable(),
  delivery: z
    .object({
      id: z.number().int(),
      status: deliveryStatusSchema,
      rider_name: z.string().nullable(),
      rider_phone: z.string().nullable(),
    })
    .nullable()
    .describe('Null for pick-up orders and orders not confirmed yet'),
  allowed_transitions: z.array(orderStatusSchema).describe('Where the order may go next'),
  lines: z
    .array(
      z.object({
        id: z.number().int(),
        product_name: z.string(),
        variant_name: z.string().describe('The size, e.g. 750 ml'),
        sku: z.string(),
        quantity: z.number().int().min(1),
      }),
    )
    .describe('What to pack: the snapshot of each line, in the order it was added'),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;
export type StaffOrderLine = StaffOrder['lines'][number];

/** A Kampala calendar day, `YYYY-MM-DD`. */
export const kampalaDaySchema = z.string().refine(
  (value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    // A real calendar day: 2026-02-30 does not come back as itself.
    const noon = new Date(`${value}T12:00:00Z`);
    return !Number.isNaN(noon.getTime()) && noon.toISOString().slice(0, 10) === value;
  },
  { error: 'must be a date as YYYY-MM-DD' },
);

export const STAFF_ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export const staffOrderSortSchema = z.enum(STAFF_ORDER_SORTS, {
  error: `must be one of ${STAFF_ORDER_SORTS.join(', ')}`,
});
export type StaffOrderSort = z.infer<typeof staffOrderSortSchema>;
export const staffOrderSortLabels: Record<StaffOrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Largest total first',
  total_asc: 'Smallest total first',
};

/** The longest order search the desk sends (its box stops there). */
export const STAFF_ORDER_SEARCH_MAX_LENGTH = 100;

/**
 * `GET /orders/admin/orders/`: every filter is optional and they combine (AND). `q` finds an
 * order by its number, the customer's name, e-mail or phone (any part of them; a phone may be
 * typed 0772 123456 or +256772123456). Days are Kampala days, both ends included.
 */
/**
 * The staff order list's filters, shared by the list and the accountant's CSV export so the two
 * always select the same orders.
 */
export const staffOrderFilterFields = {
  q: z
    .string()
    .trim()
    .max(STAFF_ORDER_SEARCH_MAX_LENGTH, { error: `Use at most ${STAFF_ORDER_SEARCH_MAX_LENGTH} characters` })
    .optional()
    .transform((value) => (value ? value : undefined))
    .describe('Order number, customer name, e-mail or phone (part of it is enough)'),
  status: orderStatusSchema.optional(),
  payment_status: paymentStatusSchema.optional(),
  payment_method: paymentMethodSchema.optional(),
  fulfilment: fulfilmentSchema.optional(),
  zone: z.coerce
    .number({ error: 'must be a delivery zone id' })
    .int({ error: 'must be a delivery zone id' })
    .positive({ error: 'must be a delivery zone id' })
    .optional()
    .describe('Delivery zone id'),
  date_from: kampalaDaySchema.optional().describe('Placed on or after this Kampala day (YYYY-MM-DD)'),
  date_to: kampalaDaySchema.optional().describe('Placed on or before this Kampala day (YYYY-MM-DD)'),
};

/** A day range's end may not come before its start (the error is on `date_to`). */
export function dateToNotBeforeFrom(
  query: { date_from?: string | undefined; date_to?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (query.date_from && query.date_to && query.date_from > query.date_to) {
    context.addIssue({ code: 'custom', path: ['date_to'], message: 'must be on or after date_from' });
  }
}

export const staffOrderListQuerySchema = orderListQuerySchema
  .extend({ ...staffOrderFilterFields, sort: staffOrderSortSchema.default('newest') })
  .superRefine(dateToNotBeforeFrom);
export type StaffOrderListQuery = z.input<typeof staffOrderListQuerySchema>;

export const staffOrderListResponseSchema = pagedListSchema(staffOrderSchema).extend({
  status_counts: z.record(orderStatusSchema, z.number().int()).describe('Every status, 0 when none'),
});
export type StaffOrderListResponse = z.infer<typeof staffOrderListResponseSchema>;

export const staffOrderParamsSchema = z.object({
  id: z.uuid({ error: 'Order id must be a UUID' }),
});

/** `POST /orders/admin/orders/{id}/status/`: one move of the transition table. */
export const changeOrderStatusRequestSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: staffMessages.statusRequired }),
    note: z
      .string()
      .trim()
      .max(500, { error: 'Use at most 500 characters' })
      .nullish()
      .transform((value) => (value ? value : null))
      .describe('Shown to the customer; required when cancelling (the reason)'),
    cash_collected: z.coerce
      .number({ error: 'Enter the cash collected in whole shillings' })
      .int({ error: 'Enter the cash collected in whole shillings' })
      .min(0, { error: 'Enter the cash collected in whole shillings' })
      .max(100_000_000, { error: 'That is more than any order' })
      .nullish()
      .describe('Cash on delivery, when marking delivered: the cash taken (default: the order’s total)'),
  })
  .superRefine((body, context) => {
    if (body.status === 'cancelled' && !body.note) {
      context.addIssue({ code: 'custom', path: ['note'], message: staffMessages.cancelReasonRequired });
    }
    if (body.cash_collected != null && body.status !== 'delivered') {
      context.addIssue({
        code: 'custom',
        path: ['cash_collected'],
        message: staffMessages.cashOnlyWhenDelivered,
      });
    }
  });
export type ChangeOrderStatusRequest = z.input<typeof changeOrderStatusRequestSchema>;

/** `POST /orders/admin/orders/{id}/rider/`. */
export const assignRiderRequestSchema = z.object({
  rider_name: z
    .string({ error: staffMessages.riderNameRequired })
    .trim()
    .min(1, { error: staffMessages.riderNameRequired })
    .max(120, { error: 'Use at most 120 characters' }),
  rider_phone: ugandanPhoneSchema,
});
export type AssignRiderRequest = z.input<typeof assignRiderRequestSchema>;

/**
 * The statuses staff may move an order to from `status`: the transition table, where a pick-up
 * never goes out for delivery and a delivery order is delivered only by its rider (from out for
 * delivery, never straight from ready for delivery).
 */
export function nextStatuses(status: OrderStatus, fulfilment: Fulfilment): readonly OrderStatus[] {
  return ORDER_STATUS_TRANSITIONS[status].filter((to) =>
    fulfilment === 'pickup'
      ? to !== 'out_for_delivery'
      : !(to === 'delivered' && status === 'ready_for_delivery'),
  );
}

// ---------------------------------------------------------------------------------------------
// One order in full: `GET /orders/admin/orders/{id}/detail/`
// ---------------------------------------------------------------------------------------------

const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);

export const staffOrderItemSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  variant_name: z.string().describe('The size'),
  sku: z.string(),
  quantity: z.number().int().min(1),
  unit_price: money('Price of one when ordered'),
  line_total: money('unit_price × quantity'),
});
export type StaffOrderItem = z.infer<typeof staffOrderItemSchema>;

export const staffOrderPaymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  provider: z.string().describe('sandbox or flutterwave'),
  network: mobileMoneyNetworkSchema,
  phone_masked: z.string(),
  amount: money('Amount charged'),
  status: z.string().describe('pending, successful, failed, cancelled or expired'),
  refund_due: z.boolean().describe('Paid twice, short or in the wrong currency: to be refunded'),
  failure_reason: z.string().nullable(),
  created_at: isoTime,
  paid_at: isoTime.nullable(),
});
export type StaffOrderPayment = z.infer<typeof staffOrderPaymentSchema>;

export const staffStatusChangeSchema = z.object({
  from_status: orderStatusSchema.nullable(),
  status: orderStatusSchema,
  note: z.string().nullable(),
  created_at: isoTime,
  changed_by: z
    .object({ id: z.string(), name: z.string(), role: z.string() })
    .nullable()
    .describe('Null when the shop itself made the change (checkout, a payment, the expiry job)'),
});
export type StaffStatusChange = z.infer<typeof staffStatusChangeSchema>;

export const cashCollectionSchema = z.object({
  expected: money('The order’s total'),
  amount: money('What the rider (or the counter) took'),
  rider_name: z.string().nullable().describe('Null for a pick-up, paid at the counter'),
  recorded_by: z.string().nullable().describe('The staff member who marked it delivered'),
  collected_at: isoTime,
});
export type CashCollection = z.infer<typeof cashCollectionSchema>;

/** What staff may do at the door: verify a locked-out customer by phone, take returned bottles back. */
export const staffOrderDoorSchema = z.object({
  handover_locked: z.boolean().describe('Too many wrong codes: staff verify the customer by phone'),
  door_outcome: z.enum(['returned_to_shop', 'failed_retry']).nullable(),
  bottles_back_pending: z
    .boolean()
    .describe('Returned to the shop and the bottles not yet confirmed back in stock'),
  proof: z
    .object({
      photo_url: z
        .string()
        .nullable()
        .describe('GET it (staff) for the rider’s photo at the door; null: none'),
      position: storedPositionSchema
        .nullable()
        .describe('Where the phone was; null: the rider did not share it'),
      taken_at: isoTime,
    })
    .nullable()
    .describe('Proof of delivery from the rider’s phone; null: none (or deleted after the retention period)'),
});
export type StaffOrderDoor = z.infer<typeof staffOrderDoorSchema>;

export const staffOrderDetailSchema = staffOrderSchema.extend({
  items: z.array(staffOrderItemSchema),
  subtotal: money('Sum of the lines'),
  delivery_fee: money('Delivery fee'),
  discount: money('What the discount code took off (0: none)'),
  discount_code: z.string().nullable().describe('The discount code applied, if any'),
  vat_added: money('VAT added on top when the shop’s prices exclude VAT (0: included)'),
  vat_invoice: z
    .object({ business_name: z.string(), tin: z.string() })
    .nullable()
    .describe('The business the VAT invoice is made out to, when the customer asked for one'),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  mobile_money_network: mobileMoneyNetworkSchema.nullable(),
  payment_phone: z.string().nullable(),
  invoice_number: z.string().nullable(),
  invoice_pdf_url: z
    .string()
    .nullable()
    .describe('GET it (staff) for the tax invoice PDF; null: no invoice yet'),
  payments: z.array(staffOrderPaymentSchema).describe('Every mobile-money attempt, oldest first'),
  history: z.array(staffStatusChangeSchema).describe('Every status change, oldest first'),
  cash_collection: cashCollectionSchema.nullable().describe('Cash on delivery, once delivered'),
  packing_slip_url: z.string().describe('GET it (staff) for the packing slip PDF'),
  gift: staffOrderGiftSchema.nullable().describe('The gift’s recipient, message and day; null: not a gift'),
  door: staffOrderDoorSchema
    .nullable()
    .describe('The handover at the door (issue 38); null for pick-up orders and orders not confirmed yet'),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Cash on delivery: `GET /orders/admin/cash/`
// ---------------------------------------------------------------------------------------------

export const cashReportQuerySchema = z
  .object({
    date_from: kampalaDaySchema.optional().describe('First Kampala day (default: 6 days before date_to)'),
    date_to: kampalaDaySchema.optional().describe('Last Kampala day, included (default: today)'),
  })
  .superRefine((query, context) => {
    if (query.date_from && query.date_to && query.date_from > query.date_to) {
      context.addIssue({ code: 'custom', path: ['date_to'], message: 'must be on or after date_from' });
    }
  });
export type CashReportQuery = z.input<typeof cashReportQuerySchema>;

export const cashReportRowSchema = z.object({
  day: z.string().describe('Kampala day the order went out (YYYY-MM-DD)'),
  rider_name: z.string(),
  rider_phone: z.string().nullable(),
  orders: z.number().int().describe('Cash-on-delivery orders the rider took out that day'),
  delivered: z.number().int().describe('…of which delivered'),
  expected: money('Their totals'),
  collected: money('Cash recorded as collected'),
  difference: money('collected − expected (negative: short)'),
});
export type CashReportRow = z.infer<typeof cashReportRowSchema>;

export const cashReportSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  rows: z.array(cashReportRowSchema).describe('Newest day first, then rider name'),
  totals: z.object({ expected: z.number().int(), collected: z.number().int(), difference: z.number().int() }),
});
export type CashReport = z.infer<typeof cashReportSchema>;
