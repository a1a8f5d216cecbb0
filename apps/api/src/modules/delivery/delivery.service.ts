import {
  DELIVERY_PROGRESS,
  type DeliveryInstructions,
  type DeliveryStatus,
  progressClass,
  toInstructionsResponse,
} from '@shop/contract/delivery';
import { currentDeliveryPromise, expectedDeliveryTime } from '@shop/contract/delivery-promise';
import {
  type DeliverableOrderList,
  type Delivery,
  type DeliveryListResponse,
  type DeliveryStats,
  EMPTY_DELIVERY_STATS,
  INSTRUCTABLE_ORDER_STATUSES,
  RECENT_DELIVERIES_DAYS,
  type SaveDeliveryInstructionsResponse,
  trackingMessages,
} from '@shop/contract/delivery-tracking';
import type { OrderStatus } from '@shop/contract/orders';
import { type PageQuery, pageOffset, toPagedList } from '@shop/contract/pagination';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { AppError, conflict, notFound } from '../../errors';
import type { DomainEventOutbox } from '../../lib/domain-events';
import './delivery.events';
import { deliveryScheduleNow } from '../settings/settings-snapshot';
import {
  copyOrderChanges,
  type DeliveryChanges,
  type DeliveryListFilter,
  type DeliveryRow,
  type DeliveryViewRow,
  deliveryCounts,
  findDeliveryByOrderNumber,
  findInstructionDefaults,
  findOrderForDelivery,
  findOwnOrderByNumber,
  insertDeliveryIfMissing,
  listDeliveries,
  listInstructableOrders,
  lockDelivery,
  lockOwnOrder,
  type OrderForDelivery,
  saveInstructionDefaults,
  saveOrderInstructions,
  setOrderEstimate,
  statusReachedAt,
  type TimelineRow,
  timelinesOf,
  updateDelivery,
} from './delivery.repository';

/**
 * Deliveries: created for every confirmed order that is not a pick-up, following the order's
 * status (docs/product.md section 4's statuses and progress), with their timeline, the estimate from the
 * zone's delivery time, the rider, and the customer's delivery instructions.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);
/** The expected delivery when the order's lead time starts at `from` (confirmation or dispatch). */
function promiseFrom(order: OrderForDelivery, from: Date): Date | null {
  if (!order.zone_minutes) return null;
  return expectedDeliveryTime({
    from,
    leadMinutes: order.zone_minutes,
    preferredTime: order.delivery_instructions?.preferred_delivery_time,
    schedule: deliveryScheduleNow(),
  });
}

/** The delivery status an order's status means; null: no delivery yet (pending) or no change (refunded). */
export function deliveryStatusOf(status: OrderStatus): DeliveryStatus | null {
  switch (status) {
    case 'pending':
    case 'refunded':
      return null;
    default:
      return status;
  }
}

/**
 * Brings the order's delivery in step with the order, inside `tx`: creates it for a confirmed
 * delivery order, copies the order's changes into the timeline, moves the status (with the
 * dispatch, delivery and cancellation times; from dispatch, the estimate is the dispatch time
 * plus the zone's delivery time) and publishes `delivery.status_changed` to `outbox`. Safe to
 * run any number of times, on any instance: the delivery row is locked while it changes.
 * Answers the delivery as it was before this change (null: none).
 */
export async function syncDelivery(
  tx: Tx,
  orderId: string,
  outbox?: DomainEventOutbox,
): Promise<DeliveryRow | null> {
  const order = await findOrderForDelivery(tx, orderId);
  if (order?.fulfilment !== 'delivery') return null;
  const target = deliveryStatusOf(order.status);

  let delivery = await lockDelivery(tx, orderId);
  let from: DeliveryStatus | null = delivery?.status ?? null;
  if (!delivery) {
    // An order cancelled before it was ever confirmed never had a delivery.
    if (!target || target === 'cancelled') return null;
    const start = order.confirmed_at ?? new Date();
    const estimate = order.estimated_delivery_time ?? promiseFrom(order, start);
    await insertDeliveryIfMissing(tx, {
      orderId,
      userId: order.user_id,
      status: 'confirmed',
      estimatedDeliveryTime: estimate,
    });
    delivery = await lockDelivery(tx, orderId);
    if (!delivery) throw new Error(`delivery of order ${orderId} missing after insert`);
    from = null;
  }
  await copyOrderChanges(tx, delivery.id, orderId);

  let estimate = delivery.estimated_delivery_time;
  const moved = target !== null && target !== delivery.status;
  if (moved) {
    const at = (await statusReachedAt(tx, orderId, target)) ?? new Date();
    const changes: DeliveryChanges = { status: target };
    if (target === 'out_for_delivery') {
      changes.dispatchedAt = at;
      if (order.zone_minutes) {
        estimate = promiseFrom(order, at);
        changes.estimatedDeliveryTime = estimate;
        await setOrderEstimate(tx, orderId, estimate);
      }
    }
    if (target === 'delivered') changes.deliveredAt = at;
    if (target === 'cancelled') changes.cancelledAt = at;
    await updateDelivery(tx, delivery.id, changes);
  }
  if (moved || from === null) {
    outbox?.publish('delivery.status_changed', {
      deliveryId: delivery.id,
      orderId,
      orderNumber: order.order_number,
      userId: order.user_id,
      from,
      to: moved && target ? target : delivery.status,
      riderName: delivery.rider_name,
      riderPhone: delivery.rider_phone,
      estimatedDeliveryTime: estimate,
      at: new Date(),
    });
  }
  return delivery;
}

// ---------------------------------------------------------------------------------------------
// What the customer reads
// ---------------------------------------------------------------------------------------------

export function toDelivery(row: DeliveryViewRow, timeline: TimelineRow[]): Delivery {
  const progress = DELIVERY_PROGRESS[row.status];
  return {
    id: row.id,
    order_id: row.order_id,
    order_number: row.order_number,
    status: row.status,
    progress,
    progress_class: progressClass(progress),
    estimated_delivery_time: iso(
      currentDeliveryPromise({
        promised: row.estimated_delivery_time,
        now: new Date(),
        status: row.status,
        preferredTime: row.delivery_instructions?.preferred_delivery_time,
        schedule: deliveryScheduleNow(),
      }),
    ),
    // The rider's name and number are the customer's to see while the bottles are on the road.
    rider:
      row.status === 'out_for_delivery' && row.rider_name && row.rider_phone
        ? { name: row.rider_name, phone: row.rider_phone }
        : null,
    delivery_zone: row.delivery_zone_name,
    delivery_time_label: row.delivery_time_label,
    street: row.street,
    instructions: toInstructionsResponse(row.delivery_instructions),
    timeline: timeline.map((entry) => ({
      status: entry.status,
      note: entry.note,
      created_at: entry.created_at.toISOString(),
    })),
    delivered_at: iso(row.delivered_at),
    gift: row.gift ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function deliveryPage(
  db: Database,
  userId: string,
  filter: DeliveryListFilter,
  query: PageQuery,
): Promise<DeliveryListResponse> {
  const { rows, count } = await listDeliveries(db, userId, filter, {
    limit: query.page_size,
    offset: pageOffset(query),
  });
  return toPagedList(
    rows.map((row) => toDelivery(row.delivery, row.timeline)),
    count,
    query,
  );
}

export function getActiveDeliveries(db: Database, userId: string, query: PageQuery) {
  return deliveryPage(db, userId, { kind: 'active' }, query);
}

/** Delivered in the last RECENT_DELIVERIES_DAYS days, newest delivery first, with their timeline. */
export function getRecentDeliveries(db: Database, userId: string, query: PageQuery, now = new Date()) {
  const since = new Date(now.getTime() - RECENT_DELIVERIES_DAYS * 24 * 60 * 60 * 1000);
  return deliveryPage(db, userId, { kind: 'delivered', since }, query);
}

/** One of the customer's own orders by its number; any other answers 404. */
export async function trackByOrderNumber(
  db: Database,
  userId: string,
  orderNumber: string,
): Promise<Delivery> {
  const row = await findDeliveryByOrderNumber(db, userId, orderNumber);
  if (row) {
    const timelines = await timelinesOf(db, [row.id]);
    return toDelivery(row, timelines.get(row.id) ?? []);
  }
  const own = await findOwnOrderByNumber(db, userId, orderNumber);
  if (own?.fulfilment === 'pickup') {
    throw new AppError('not_found', `Order ${orderNumber} is collected at the shop: it has no delivery.`);
  }
  if (own) {
    throw new AppError(
      'not_found',
      `Order ${orderNumber} has no delivery yet: it starts once the order is confirmed.`,
    );
  }
  throw notFound(`Order ${orderNumber}`);
}

/** docs/product.md section 3's statistics: zeros when there is nothing. */
export async function getDeliveryStats(db: Database, userId: string): Promise<DeliveryStats> {
  const stats = { ...EMPTY_DELIVERY_STATS };
  for (const { status, count } of await deliveryCounts(db, userId)) {
    stats.total += count;
    if (status === 'confirmed') stats.pending += count;
    else if (status === 'processing' || status === 'ready_for_delivery') stats.processing += count;
    else stats[status] += count;
  }
  return stats;
}

// ---------------------------------------------------------------------------------------------
// Delivery instructions
// ---------------------------------------------------------------------------------------------

export async function getDeliverableOrders(
  db: Database,
  userId: string,
  query: PageQuery,
): Promise<DeliverableOrderList> {
  const [{ rows, count }, last] = await Promise.all([
    listInstructableOrders(db, userId, { limit: query.page_size, offset: pageOffset(query) }),
    findInstructionDefaults(db, userId),
  ]);
  const page = toPagedList(
    rows.map((row) => ({
      order_id: row.id,
      order_number: row.order_number,
      status: row.status,
      delivery_zone: row.delivery_zone_name,
      street: row.street,
      instructions: toInstructionsResponse(row.delivery_instructions),
      created_at: row.created_at.toISOString(),
    })),
    count,
    query,
  );
  return { ...page, last_instructions: toInstructionsResponse(last) };
}

/**
 * Saves instructions on one of the customer's orders that has not left yet; they also become the
 * customer's last instructions, which prefill the next ones. Another customer's order is 404.
 */
export async function saveDeliveryInstructions(
  db: Database,
  userId: string,
  orderId: string,
  instructions: DeliveryInstructions,
): Promise<SaveDeliveryInstructionsResponse> {
  return db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderId);
    if (!order) throw notFound('The order');
    const open = (INSTRUCTABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status);
    if (order.fulfilment !== 'delivery' || !open) {
      throw conflict(trackingMessages.notDeliverable, 'conflict', [
        { field: 'order_id', message: trackingMessages.notDeliverable },
      ]);
    }
    await saveOrderInstructions(tx, orderId, instructions);
    await saveInstructionDefaults(tx, userId, instructions);
    return {
      order_id: order.id,
      order_number: order.order_number,
      instructions: toInstructionsResponse(instructions),
    };
  });
}

/** A placed order's instructions become the customer's last ones. */
export async function rememberOrderInstructions(db: Database, orderId: string): Promise<void> {
  const order = await findOrderForDelivery(db, orderId);
  if (order?.fulfilment !== 'delivery' || !order.delivery_instructions) return;
  await saveInstructionDefaults(db, order.user_id, order.delivery_instructions);
}
