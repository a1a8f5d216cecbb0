import { toInstructionsResponse } from '@shop/contract/delivery';
import { currentDeliveryPromise } from '@shop/contract/delivery-promise';
import { ORDER_STATUSES, type OrderStatus } from '@shop/contract/orders';
import { type PageQuery, pageOffset, toPagedList } from '@shop/contract/pagination';
import {
  type changeOrderStatusRequestSchema,
  nextStatuses,
  type StaffOrder,
  type StaffOrderListResponse,
  staffMessages,
} from '@shop/contract/staff-orders';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { DomainEvents } from '../../lib/domain-events';
import { changeOrderStatus } from '../orders/order-lifecycle';
import {
  assignRider as assignRiderRow,
  findOrderForDelivery,
  insertTimelineNote,
  lockDelivery,
} from './delivery.repository';
import { syncDelivery } from './delivery.service';
import {
  findStaffOrder,
  listStaffOrders,
  orderStatusCounts,
  type StaffOrderRow,
} from './staff-orders.repository';

/**
 * The staff's order desk: every order by status, moves along the transition table (enforced by
 * the orders' lifecycle, inside one transaction with the delivery's own step), riders.
 */

type Deps = { db: Database; events: DomainEvents };

export function toStaffOrder(row: StaffOrderRow): StaffOrder {
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    payment_status: row.payment_status,
    payment_method: row.payment_method,
    fulfilment: row.fulfilment,
    item_count: row.item_count,
    total: row.total,
    created_at: row.created_at.toISOString(),
    contact_name: row.contact_name,
    contact_phone: row.contact_phone,
    delivery_zone: row.delivery_zone_name,
    street: row.street,
    customer_note: row.customer_note,
    cancel_reason: row.cancel_reason,
    estimated_delivery_time:
      currentDeliveryPromise({
        promised: row.estimated_delivery_time,
        now: new Date(),
        status: row.status,
        preferredTime: row.delivery_instructions?.preferred_delivery_time,
      })?.toISOString() ?? null,
    delivery_instructions: toInstructionsResponse(row.delivery_instructions),
    delivery:
      row.delivery_id !== null && row.delivery_status !== null
        ? {
            id: row.delivery_id,
            status: row.delivery_status,
            rider_name: row.rider_name,
            rider_phone: row.rider_phone,
          }
        : null,
    allowed_transitions: [...nextStatuses(row.status, row.fulfilment)],
  };
}

export async function getStaffOrders(
  db: Database,
  query: PageQuery & { status?: OrderStatus | undefined },
): Promise<StaffOrderListResponse> {
  const [{ rows, count }, counts] = await Promise.all([
    listStaffOrders(db, { status: query.status }, { limit: query.page_size, offset: pageOffset(query) }),
    orderStatusCounts(db),
  ]);
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const { status, count: total } of counts) statusCounts[status] = total;
  return { ...toPagedList(rows.map(toStaffOrder), count, query), status_counts: statusCounts };
}

export async function getStaffOrder(db: Database, orderId: string): Promise<StaffOrder> {
  const row = await findStaffOrder(db, orderId);
  if (!row) throw notFound('Order');
  return toStaffOrder(row);
}

/**
 * One move of the transition table, by a staff member, with the customer-facing note (the reason
 * when cancelling). The delivery follows in the same transaction; a delivery order goes out for
 * delivery only with a rider.
 */
export async function moveOrder(
  deps: Deps,
  staffId: string,
  orderId: string,
  body: z.output<typeof changeOrderStatusRequestSchema>,
): Promise<StaffOrder> {
  await deps.events.transaction(deps.db, async (tx, outbox) => {
    const { from } = await changeOrderStatus(tx, orderId, body.status, {
      note: body.note,
      changedBy: staffId,
      outbox,
    });
    const delivery = await syncDelivery(tx, orderId, outbox);
    if (body.status === 'delivered' && from === 'ready_for_delivery' && delivery) {
      // Thrown inside the transaction: the order's move is rolled back with it.
      throw conflict(staffMessages.deliveredByRider, 'conflict', [
        { field: 'status', message: staffMessages.deliveredByRider },
      ]);
    }
    if (body.status === 'out_for_delivery') {
      // Thrown inside the transaction: the order's move is rolled back with it.
      if (!delivery) {
        throw conflict(staffMessages.pickupNeverShips, 'conflict', [
          { field: 'status', message: staffMessages.pickupNeverShips },
        ]);
      }
      if (!delivery.rider_name) {
        throw conflict(staffMessages.riderRequired, 'conflict', [
          { field: 'status', message: staffMessages.riderRequired },
        ]);
      }
    }
  });
  return getStaffOrder(deps.db, orderId);
}

/** Assigns (or changes) the rider of an order's delivery, until it is delivered or cancelled. */
export async function assignRider(
  deps: Deps,
  orderId: string,
  rider: { name: string; phone: string },
): Promise<StaffOrder> {
  await deps.events.transaction(deps.db, async (tx, outbox) => {
    const order = await findOrderForDelivery(tx, orderId);
    if (!order) throw notFound('Order');
    // The delivery is brought in step first (it may not have caught up with its order yet).
    await syncDelivery(tx, orderId, outbox);
    const delivery = await lockDelivery(tx, orderId);
    if (!delivery) {
      throw conflict(staffMessages.noDelivery, 'conflict', [
        { field: 'rider_name', message: staffMessages.noDelivery },
      ]);
    }
    if (delivery.status === 'delivered' || delivery.status === 'cancelled') {
      throw conflict(staffMessages.deliveryClosed, 'conflict', [
        { field: 'rider_name', message: staffMessages.deliveryClosed },
      ]);
    }
    await assignRiderRow(tx, delivery.id, rider.name, rider.phone);
    await insertTimelineNote(tx, delivery.id, delivery.status, `Rider ${rider.name} assigned`);
    outbox.publish('delivery.rider_assigned', {
      deliveryId: delivery.id,
      orderId,
      orderNumber: order.order_number,
      userId: order.user_id,
      status: delivery.status,
      riderName: rider.name,
      riderPhone: rider.phone,
      at: new Date(),
    });
  });
  return getStaffOrder(deps.db, orderId);
}
