import { z } from 'zod';
import {
  DELIVERY_PROGRESS,
  type DeliveryStatus,
  deliveryInstructionsResponseSchema,
  deliveryInstructionsSchema,
  deliveryStatusSchema,
} from './delivery';
import { orderStatusSchema } from './orders';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * Delivery tracking (docs/product.md sections 3, 4 and 7): `/orders/delivery-tracking/…`. A delivery
 * exists for every confirmed order that is not a pick-up; it follows the order's status, keeps
 * a timeline of its changes, and estimates the arrival from the zone's delivery time (from
 * dispatch once the rider has left). A customer only ever reaches their own.
 */

const isoTime = z.string().describe('ISO 8601');

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  confirmed: 'Confirmed',
  processing: 'Being prepared',
  ready_for_delivery: 'Ready for delivery',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The steps shown on a progress bar, in order (cancelled is not a step). */
export const DELIVERY_STEPS: readonly DeliveryStatus[] = [
  'confirmed',
  'processing',
  'ready_for_delivery',
  'out_for_delivery',
  'delivered',
];

export { DELIVERY_PROGRESS };

export const deliveryTimelineEntrySchema = z.object({
  status: deliveryStatusSchema,
  note: z.string().nullable(),
  created_at: isoTime,
});
export type DeliveryTimelineEntry = z.infer<typeof deliveryTimelineEntrySchema>;

/** docs/product.md section 3's delivery (id, status, estimated_delivery_time), with what tracking shows. */
export const deliverySchema = z.object({
  id: z.number().int(),
  order_id: z.uuid(),
  order_number: z.string().describe('e.g. ORD-20261122-7KQ2M'),
  status: deliveryStatusSchema,
  progress: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('docs/product.md section 4: confirmed 20 … delivered 100, cancelled 0'),
  progress_class: z.enum(['high', 'medium', 'low']).describe('high at 80 or more, medium at 50 or more'),
  estimated_delivery_time: isoTime.nullable(),
  rider: z
    .object({ name: z.string(), phone: z.string().describe('+2567XXXXXXXX') })
    .nullable()
    .describe('Shown while the order is out for delivery'),
  delivery_zone: z.string().nullable().describe('The zone’s name when the order was placed'),
  delivery_time_label: z.string().nullable().describe('e.g. "1–2 hours"'),
  street: z.string().nullable(),
  instructions: deliveryInstructionsResponseSchema.nullable(),
  timeline: z.array(deliveryTimelineEntrySchema).describe('Every change, oldest first'),
  delivered_at: isoTime.nullable(),
  gift: z
    .object({ recipient_name: z.string(), delivery_date: z.string().describe('Kampala day, YYYY-MM-DD') })
    .nullable()
    .describe('A gift: who receives it and on which day; null: not a gift'),
  created_at: isoTime,
  updated_at: isoTime,
});
export type Delivery = z.infer<typeof deliverySchema>;

/** `GET active_deliveries/`: deliveries not yet delivered or cancelled, newest first. */
export const deliveryListResponseSchema = pagedListSchema(deliverySchema);
export type DeliveryListResponse = z.infer<typeof deliveryListResponseSchema>;

export const deliveryListQuerySchema = pageQuerySchema;

/**
 * `GET recent_deliveries/`: how far back the tracking page keeps delivered orders (with their
 * timeline) below the active ones, newest delivery first.
 */
export const RECENT_DELIVERIES_DAYS = 30;

export const ORDER_NUMBER_FORMAT = /^ORD-\d{8}-[0-9A-Z]{5}$/;

export const trackingMessages = {
  orderNumberRequired: 'Enter your order number',
  orderNumberFormat: 'Order numbers look like ORD-20261122-7KQ2M',
  orderRequired: 'Choose one of your orders',
  notDeliverable: 'This order can no longer take delivery instructions',
} as const;

/** `GET track_by_order_number/?order_number=…`: one of the customer's own orders. */
export const trackQuerySchema = z.object({
  order_number: z
    .string({ error: trackingMessages.orderNumberRequired })
    .trim()
    .min(1, { error: trackingMessages.orderNumberRequired })
    .max(40, { error: trackingMessages.orderNumberFormat })
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(ORDER_NUMBER_FORMAT, { error: trackingMessages.orderNumberFormat })),
});
export type TrackQuery = z.input<typeof trackQuerySchema>;

/** `GET delivery_stats/`: the customer's deliveries by state (all zeros when there is none). */
export const deliveryStatsSchema = z.object({
  total: z.number().int().min(0),
  pending: z.number().int().min(0).describe('Confirmed, not yet being prepared'),
  processing: z.number().int().min(0).describe('Being prepared or ready for delivery'),
  out_for_delivery: z.number().int().min(0),
  delivered: z.number().int().min(0),
  cancelled: z.number().int().min(0),
});
export type DeliveryStats = z.infer<typeof deliveryStatsSchema>;

/** docs/product.md section 3's defaults. */
export const EMPTY_DELIVERY_STATS: DeliveryStats = {
  total: 0,
  pending: 0,
  processing: 0,
  out_for_delivery: 0,
  delivered: 0,
  cancelled: 0,
};

// ---------------------------------------------------------------------------------------------
// Delivery instructions: `GET` and `POST /orders/delivery-tracking/deliverable_orders/`
// ---------------------------------------------------------------------------------------------

/** Orders that still take instructions: delivery orders not yet out for delivery. */
export const INSTRUCTABLE_ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'ready_for_delivery',
] as const;

export const deliverableOrderSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string(),
  status: orderStatusSchema,
  delivery_zone: z.string().nullable(),
  street: z.string().nullable(),
  instructions: deliveryInstructionsResponseSchema.nullable(),
  created_at: isoTime,
});
export type DeliverableOrder = z.infer<typeof deliverableOrderSchema>;

export const deliverableOrderListSchema = pagedListSchema(deliverableOrderSchema).extend({
  last_instructions: deliveryInstructionsResponseSchema
    .nullable()
    .describe('The instructions the customer gave last (on any order): prefill the form with them'),
});
export type DeliverableOrderList = z.infer<typeof deliverableOrderListSchema>;

/** Saves instructions for one of the customer's deliverable orders (the fields of docs/product.md section 3). */
export const saveDeliveryInstructionsRequestSchema = deliveryInstructionsSchema.extend({
  order_id: z.uuid({ error: trackingMessages.orderRequired }),
});
export type SaveDeliveryInstructionsRequest = z.input<typeof saveDeliveryInstructionsRequestSchema>;

export const saveDeliveryInstructionsResponseSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string(),
  instructions: deliveryInstructionsResponseSchema,
});
export type SaveDeliveryInstructionsResponse = z.infer<typeof saveDeliveryInstructionsResponseSchema>;
