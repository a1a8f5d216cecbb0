import { z } from 'zod';
import { deliveryInstructionsResponseSchema, deliveryStatusSchema } from './delivery';
import {
  canTransition,
  type Fulfilment,
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type OrderStatus,
  orderListQuerySchema,
  orderStatusSchema,
  orderSummarySchema,
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
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrderListQuerySchema = orderListQuerySchema;
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
  })
  .superRefine((body, context) => {
    if (body.status === 'cancelled' && !body.note) {
      context.addIssue({ code: 'custom', path: ['note'], message: staffMessages.cancelReasonRequired });
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
