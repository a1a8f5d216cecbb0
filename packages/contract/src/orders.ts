import { z } from 'zod';
import { BRAND } from './brand';
import { companyAccountMessages } from './company-accounts';
import { companyOrderMessages, companyOrderRequestSchema } from './company-order';
import {
  deliveryInstructionsResponseSchema,
  deliveryInstructionsSchema,
  deliveryZoneSchema,
} from './delivery';
import { discountCodeSchema } from './discounts';
import { orderFiscalSchema } from './efris';
import { giftMessages, giftRequestSchema, orderGiftSchema } from './gifts';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { ugandanPhoneSchema } from './profile';
import type { ShopSettingsFields } from './settings';
import { formatOpeningHours } from './settings-values';
import { ugandaTinSchema } from './vat';

// ---------------------------------------------------------------------------------------------
// States
// ---------------------------------------------------------------------------------------------

export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'ready_for_delivery',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Being prepared',
  ready_for_delivery: 'Ready for delivery',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/**
 * The allowed moves of an order, enforced by the server. A pick-up order goes from
 * ready_for_delivery (ready to collect) straight to delivered (collected).
 */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['ready_for_delivery', 'cancelled'],
  ready_for_delivery: ['out_for_delivery', 'delivered', 'cancelled'],
  out_for_delivery: ['delivered', 'cancelled'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** on_account: invoiced to a company allowed to pay on account, due after its terms (decision 0042). */
export const PAYMENT_METHODS = ['mobile_money', 'cash_on_delivery', 'on_account'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: 'Choose mobile money or cash on delivery',
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const MOBILE_MONEY_NETWORKS = ['MTN', 'AIRTEL'] as const;
export const mobileMoneyNetworkSchema = z.enum(MOBILE_MONEY_NETWORKS, { error: 'Choose MTN or Airtel' });
export type MobileMoneyNetwork = z.infer<typeof mobileMoneyNetworkSchema>;

export const FULFILMENT_METHODS = ['delivery', 'pickup'] as const;
export const fulfilmentSchema = z.enum(FULFILMENT_METHODS, { error: 'Choose delivery or pick-up' });
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

/** A pick-up order's words for the statuses that speak of delivery: it is collected, not delivered. */
const pickupStatusLabels: Partial<Record<OrderStatus, string>> = {
  ready_for_delivery: 'Ready to collect',
  delivered: 'Collected',
};

/** The status as customers and staff read it, in pick-up words for a pick-up order. */
export function orderStatusLabel(status: OrderStatus, fulfilment: Fulfilment): string {
  return (fulfilment === 'pickup' ? pickupStatusLabels[status] : undefined) ?? orderStatusLabels[status];
}

/** Cash paid at the shop's counter for a pick-up order: one name at checkout, on the order and on the invoice. */
export const CASH_ON_COLLECTION = 'Cash on collection';

/** A company's order invoiced to it, paid by its terms: one name at checkout, on the order and on the invoice. */
export const ON_ACCOUNT = 'On account';

/** The one name of a payment method, for the order's fulfilment ("Cash on collection" for a pick-up). */
export function paymentMethodLabel(method: PaymentMethod, fulfilment: Fulfilment): string {
  if (method === 'mobile_money') return 'Mobile money';
  if (method === 'on_account') return ON_ACCOUNT;
  return fulfilment === 'pickup' ? CASH_ON_COLLECTION : 'Cash on delivery';
}

/** An order paid by mobile money that is still unpaid after this long is cancelled. */
export const UNPAID_ORDER_TIMEOUT_MINUTES = 30;

/**
 * The shop's counter, for pick-up orders: the shop itself, at the address and opening hours of its
 * settings (an admin's change shows at checkout, on order pages, in e-mails and on documents).
 */
export function pickupLocation(settings: Pick<ShopSettingsFields, 'address' | 'opening_hours'>) {
  return {
    name: BRAND.name,
    address: settings.address,
    hours: formatOpeningHours(settings.opening_hours),
  };
}
export type PickupLocation = ReturnType<typeof pickupLocation>;

// ---------------------------------------------------------------------------------------------
// Checkout: `POST /orders/cart/checkout/`
// ---------------------------------------------------------------------------------------------

const requiredText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(max, { error: `Use at most ${max} characters` });

/** A business's details for its VAT invoice ("I need a VAT invoice" at checkout). */
export const vatInvoiceRequestSchema = z.object({
  business_name: requiredText('Business name', 120),
  tin: ugandaTinSchema,
});
export type VatInvoiceRequest = z.input<typeof vatInvoiceRequestSchema>;

/**
 * Places the cart as an order. Prices come from the catalog and the fee from the zone, never from
 * the client. The same idempotency_key answers the same order (a double click or a retry).
 */
export const checkoutRequestSchema = z
  .object({
    idempotency_key: z
      .string({ error: 'idempotency_key is required' })
      .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'Use 16 to 100 letters, digits, - or _' })
      .describe('A fresh random key per checkout attempt (e.g. a UUID); repeats answer the first order'),
    fulfilment: fulfilmentSchema.default('delivery'),
    contact_name: requiredText('Contact name', 120),
    contact_phone: ugandanPhoneSchema,
    delivery_zone: z.coerce
      .number({ error: 'Choose a delivery area' })
      .int({ error: 'Choose a delivery area' })
      .positive({ error: 'Choose a delivery area' })
      .nullish()
      .describe('Delivery zone id; required for delivery'),
    street: z.string().trim().max(200, { error: 'Use at most 200 characters' }).nullish(),
    delivery_instructions: deliveryInstructionsSchema.nullish().describe('Required for delivery'),
    payment_method: paymentMethodSchema,
    mobile_money_network: mobileMoneyNetworkSchema.nullish().describe('For mobile money: MTN or AIRTEL'),
    payment_phone: ugandanPhoneSchema.nullish().describe('For mobile money: the number that pays'),
    customer_note: z.string().trim().max(500, { error: 'Use at most 500 characters' }).nullish(),
    discount_code: discountCodeSchema
      .nullish()
      .describe('A discount code; the order is refused (422, field discount_code) when it does not apply'),
    save_to_profile: z
      .boolean({ error: 'must be true or false' })
      .optional()
      .describe(
        'true: the contact phone (and, for delivery, the address) become the profile’s, for the next checkout',
      ),
    vat_invoice: vatInvoiceRequestSchema
      .nullish()
      .describe(
        'A VAT invoice in a business’s name; only a VAT-registered shop issues one (422, field vat_invoice, otherwise)',
      ),
    gift: giftRequestSchema
      .nullish()
      .describe(
        'This is a gift: delivered (to the address above) on its day to the recipient, paid by mobile money',
      ),
    company: companyOrderRequestSchema
      .nullish()
      .describe(
        'Placed for a company account the customer orders for (approved by staff): its tax invoice names the company and its TIN',
      ),
  })
  .superRefine((body, context) => {
    if (body.company && body.vat_invoice) {
      context.addIssue({
        code: 'custom',
        path: ['vat_invoice'],
        message: companyOrderMessages.withVatInvoice,
      });
    }
    if (body.payment_method === 'on_account' && !body.company) {
      context.addIssue({
        code: 'custom',
        path: ['payment_method'],
        message: companyAccountMessages.onAccountForCompany,
      });
    }
    if (body.gift && body.fulfilment !== 'delivery') {
      context.addIssue({ code: 'custom', path: ['fulfilment'], message: giftMessages.deliveryOnly });
    }
    if (body.gift && body.payment_method !== 'mobile_money') {
      context.addIssue({ code: 'custom', path: ['payment_method'], message: giftMessages.paidBefore });
    }
    if (body.fulfilment === 'delivery') {
      if (body.delivery_zone == null) {
        context.addIssue({ code: 'custom', path: ['delivery_zone'], message: 'Choose a delivery area' });
      }
      if (body.delivery_instructions == null) {
        context.addIssue({
          code: 'custom',
          path: ['delivery_instructions', 'preferred_delivery_time'],
          message: 'Preferred delivery time is required',
        });
      }
      // Many Kampala addresses have no street name: a landmark is enough, but one of them is needed.
      if (!body.street && !body.delivery_instructions?.landmark) {
        context.addIssue({
          code: 'custom',
          path: ['street'],
          message: 'Enter the street or a landmark, so that the rider can find you',
        });
      }
    }
    if (body.payment_method === 'mobile_money') {
      if (body.mobile_money_network == null) {
        context.addIssue({ code: 'custom', path: ['mobile_money_network'], message: 'Choose MTN or Airtel' });
      }
      if (body.payment_phone == null) {
        context.addIssue({
          code: 'custom',
          path: ['payment_phone'],
          message: 'Enter the mobile money number that will pay',
        });
      }
    }
  });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** How many recent phones and addresses checkout offers. */
export const RECENT_CHECKOUT_DETAILS = 3;

/** A delivery address the customer ordered to before (its zone, street and landmark). */
export const recentAddressSchema = z.object({
  delivery_zone: z.number().int().describe('The delivery zone’s id'),
  zone_name: z.string(),
  street: z.string().nullable(),
  landmark: z.string().nullable(),
});
export type RecentAddress = z.infer<typeof recentAddressSchema>;

/** `GET /orders/orders/recent_details/`: the phones and addresses of the customer's own last orders. */
export const recentCheckoutDetailsSchema = z.object({
  phones: z.array(z.string()).describe(`Newest first, each once, at most ${RECENT_CHECKOUT_DETAILS}`),
  addresses: z
    .array(recentAddressSchema)
    .describe(`Newest first, each once, at most ${RECENT_CHECKOUT_DETAILS}`),
});
export type RecentCheckoutDetails = z.infer<typeof recentCheckoutDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);
const isoTime = z.string().describe('ISO 8601');

/** A line of a placed order: a snapshot of the name, size and price when it was ordered. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  product: z.number().int().describe('Product id (the product may since have changed)'),
  product_name: z.string(),
  product_slug: z.string(),
  image: z.string().nullable(),
  variant: z.number().int(),
  variant_name: z.string(),
  sku: z.string(),
  quantity: z.number().int().min(1),
  unit_price: money('Price of one when ordered'),
  subtotal: money('unit_price × quantity'),
  total_price: money('Same value as subtotal'),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderStatusChangeSchema = z.object({
  status: orderStatusSchema,
  note: z.string().nullable(),
  created_at: isoTime,
});

/** `GET /orders/orders/{id}/` and the answer of checkout. */
export const orderSchema = z.object({
  id: z.string().describe('Order id (UUID)'),
  order_number: z.string().describe('e.g. ORD-20261122-7KQ2M'),
  status: orderStatusSchema,
  payment_status: paymentStatusSchema,
  payment_method: paymentMethodSchema,
  mobile_money_network: mobileMoneyNetworkSchema.nullable(),
  payment_phone: z.string().nullable().describe('+2567XXXXXXXX'),
  fulfilment: fulfilmentSchema,
  items: z.array(orderItemSchema),
  item_count: z.number().int(),
  subtotal: money('Sum of the lines'),
  delivery_fee: money('0 for pick-up and for orders of Shs 1,000,000 or more'),
  discount: money('What the discount code took off the bottles (0: none)'),
  discount_code: z.string().nullable().describe('The discount code applied, if any'),
  vat_added: money('VAT added on top at checkout when the shop’s prices exclude VAT (0: prices include it)'),
  total: money('subtotal + delivery_fee - discount + vat_added'),
  currency: z.literal('UGX'),
  vat_invoice: z
    .object({ business_name: z.string(), tin: z.string() })
    .nullable()
    .describe('The business the VAT invoice is made out to, when the customer asked for one'),
  contact_name: z.string(),
  contact_phone: z.string(),
  sms_updates_to: z
    .string()
    .nullable()
    .describe(
      'The verified phone this order’s updates go to by SMS; null when none are sent (no SMS provider, no verified phone, or order SMS switched off)',
    ),
  delivery_zone: deliveryZoneSchema.pick({ id: true, name: true, delivery_time_label: true }).nullable(),
  street: z.string().nullable(),
  delivery_instructions: deliveryInstructionsResponseSchema.nullable(),
  customer_note: z.string().nullable(),
  estimated_delivery_time: isoTime.nullable(),
  payment_due_at: isoTime.nullable().describe('Unpaid mobile-money orders are cancelled after this time'),
  cancel_reason: z.string().nullable(),
  invoice_number: z.string().nullable(),
  fiscal: orderFiscalSchema
    .nullable()
    .describe('URA’s fiscal document number and verification code once EFRIS fiscalised the invoice'),
  gift: orderGiftSchema.nullable().describe('The gift’s recipient, message and day; null: not a gift'),
  refund_withheld: z
    .object({
      amount: money('What the shop keeps of the payment'),
      reason: z.string().describe('Why, in words: the refusal at the door'),
      refund_due: money('What is still to be refunded to the customer after it'),
    })
    .nullable()
    .describe('A fee kept from the refund of an order refused at the door (issue 38); null: none'),
  history: z.array(orderStatusChangeSchema).describe('Every status change, oldest first'),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Order = z.infer<typeof orderSchema>;

/** One row of the order history. */
export const orderSummarySchema = orderSchema.pick({
  id: true,
  order_number: true,
  status: true,
  payment_status: true,
  payment_method: true,
  fulfilment: true,
  item_count: true,
  total: true,
  created_at: true,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListQuerySchema = pageQuerySchema.extend({
  status: orderStatusSchema.optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderListResponseSchema = pagedListSchema(orderSummarySchema);
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const orderParamsSchema = z.object({
  id: z.uuid({ error: 'Order id must be a UUID' }),
});

/** `GET /orders/orders/order_stats/`: the customer's counts by status and total spent. */
export const orderStatsSchema = z.object({
  total_orders: z.number().int(),
  total_spent: money('Sum of paid orders (refunds excluded)'),
  by_status: z.record(orderStatusSchema, z.number().int()).describe('Every status, 0 when none'),
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

export const INVOICE_STATUSES = ['issued', 'paid', 'void'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string().describe('INV-000001, numbered without gaps'),
  order: z.string().describe('Order id'),
  order_number: z.string(),
  status: invoiceStatusSchema,
  subtotal: money('Sum of the lines'),
  delivery_fee: money('Delivery fee'),
  discount: money('Discount code saving (0: none)'),
  total: money('Amount due: subtotal + delivery_fee - discount'),
  currency: z.literal('UGX'),
  issued_at: isoTime,
  paid_at: isoTime.nullable(),
  pdf_url: z.string().describe('GET it (signed in) for the PDF'),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListResponseSchema = pagedListSchema(invoiceSchema);
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const invoiceParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Invoice id must be a whole number' })
    .int({ error: 'Invoice id must be a whole number' })
    .positive({ error: 'Invoice id must be a positive id' })
    .max(2_147_483_647, { error: 'Invoice id is not a known id' }),
});
