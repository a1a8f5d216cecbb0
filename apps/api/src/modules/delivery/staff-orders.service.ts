import { toInstructionsResponse } from '@shop/contract/delivery';
import { currentDeliveryPromise } from '@shop/contract/delivery-promise';
import { kampalaIsoDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { ORDER_STATUSES, type OrderStatus, orderStatusLabels } from '@shop/contract/orders';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import {
  type CashReport,
  type cashReportQuerySchema,
  type changeOrderStatusRequestSchema,
  nextStatuses,
  type StaffOrder,
  type StaffOrderDetail,
  type StaffOrderListResponse,
  staffMessages,
  type staffOrderListQuerySchema,
} from '@shop/contract/staff-orders';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { conflict, invalidInput, notFound } from '../../errors';
import type { DomainEvents } from '../../lib/domain-events';
import { type AuditActor, recordAudit } from '../audit/audit';
import { staffGiftOfOrder } from '../gifts/gifts.service';
import { changeOrderStatus } from '../orders/order-lifecycle';
import { invoicePdfPath } from '../orders/orders.service';
import {
  assignRider as assignRiderRow,
  findOrderForDelivery,
  insertTimelineNote,
  lockDelivery,
} from './delivery.repository';
import { syncDelivery } from './delivery.service';
import {
  cashPerRiderAndDay,
  findCashCollection,
  findDoorState,
  findOrderExtras,
  findStaffOrder,
  historyOfOrder,
  insertCashCollection,
  linesOf,
  listStaffOrders,
  orderStatusCounts,
  paymentsOfOrder,
  type StaffLineRow,
  type StaffOrderRow,
} from './staff-orders.repository';

/**
 * The staff's order desk: every order by status, moves along the transition table (enforced by
 * the orders' lifecycle, inside one transaction with the delivery's own step), riders.
 */

type Deps = { db: Database; events: DomainEvents };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The instant a Kampala day starts. */
export const kampalaDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toStaffOrder(row: StaffOrderRow, lines: readonly StaffLineRow[] = []): StaffOrder {
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
    lines: lines.map((line) => ({
      id: line.id,
      product_name: line.product_name,
      variant_name: line.variant_name,
      sku: line.sku,
      quantity: line.quantity,
    })),
  };
}

function groupLines(lines: readonly StaffLineRow[]): Map<string, StaffLineRow[]> {
  const byOrder = new Map<string, StaffLineRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.order_id);
    if (list) list.push(line);
    else byOrder.set(line.order_id, [line]);
  }
  return byOrder;
}

/**
 * A page of the desk: the orders that match every filter, each with its lines (one query for the
 * whole page), and the count of every status (the tabs).
 */
export async function getStaffOrders(
  db: Database,
  query: z.output<typeof staffOrderListQuerySchema>,
): Promise<StaffOrderListResponse> {
  const filter = {
    status: query.status,
    paymentStatus: query.payment_status,
    paymentMethod: query.payment_method,
    fulfilment: query.fulfilment,
    zoneId: query.zone,
    from: query.date_from ? kampalaDayStart(query.date_from) : undefined,
    before: query.date_to ? new Date(kampalaDayStart(query.date_to).getTime() + DAY_MS) : undefined,
    search: query.q,
  };
  const [{ rows, count }, counts] = await Promise.all([
    listStaffOrders(db, filter, { limit: query.page_size, offset: pageOffset(query), sort: query.sort }),
    orderStatusCounts(db),
  ]);
  const lines = groupLines(
    await linesOf(
      db,
      rows.map((row) => row.id),
    ),
  );
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const { status, count: total } of counts) statusCounts[status] = total;
  return {
    ...toPagedList(
      rows.map((row) => toStaffOrder(row, lines.get(row.id))),
      count,
      query,
    ),
    status_counts: statusCounts,
  };
}

export async function getStaffOrder(db: Database, orderId: string): Promise<StaffOrder> {
  const row = await findStaffOrder(db, orderId);
  if (!row) throw notFound('Order');
  return toStaffOrder(row, await linesOf(db, [orderId]));
}

/** One order in full for the detail page: lines with their totals, payments, history with who. */
export async function getStaffOrderDetail(db: Database, orderId: string): Promise<StaffOrderDetail> {
  const row = await findStaffOrder(db, orderId);
  if (!row) throw notFound('Order');
  const [lines, extras, payments, history, cash, gift, door] = await Promise.all([
    linesOf(db, [orderId]),
    findOrderExtras(db, orderId),
    paymentsOfOrder(db, orderId),
    historyOfOrder(db, orderId),
    findCashCollection(db, orderId),
    staffGiftOfOrder(db, orderId),
    findDoorState(db, orderId),
  ]);
  if (!extras) throw notFound('Order');
  return {
    ...toStaffOrder(row, lines),
    items: lines.map((line) => ({
      id: line.id,
      product_name: line.product_name,
      variant_name: line.variant_name,
      sku: line.sku,
      quantity: line.quantity,
      unit_price: line.unit_price,
      line_total: line.subtotal,
    })),
    subtotal: extras.subtotal,
    delivery_fee: extras.delivery_fee,
    discount: extras.discount,
    discount_code: extras.discount_code,
    vat_added: extras.vat_added,
    vat_invoice:
      extras.vat_business_name && extras.vat_business_tin
        ? { business_name: extras.vat_business_name, tin: extras.vat_business_tin }
        : null,
    customer: { id: extras.user_id, name: extras.customer_name, email: extras.customer_email },
    mobile_money_network: extras.mobile_money_network,
    payment_phone: extras.payment_phone,
    invoice_number: extras.invoice_number,
    invoice_pdf_url: extras.invoice_id === null ? null : invoicePdfPath(extras.invoice_id),
    payments: payments.map((payment) => ({
      id: payment.id,
      reference: payment.reference,
      provider: payment.provider,
      network: payment.network,
      phone_masked: payment.phone_masked,
      amount: payment.amount,
      status: payment.status,
      refund_due: payment.refund_due,
      failure_reason: payment.failure_reason,
      created_at: new Date(payment.created_at).toISOString(),
      paid_at: iso(payment.paid_at),
    })),
    history: history.map((change) => ({
      from_status: change.from_status,
      status: change.status,
      note: change.note,
      created_at: new Date(change.created_at).toISOString(),
      changed_by:
        change.actor_id === null
          ? null
          : { id: change.actor_id, name: change.actor_name ?? '', role: change.actor_role ?? '' },
    })),
    cash_collection: cash
      ? {
          expected: cash.expected,
          amount: cash.amount,
          rider_name: cash.rider_name,
          recorded_by: cash.recorded_by,
          collected_at: new Date(cash.collected_at).toISOString(),
        }
      : null,
    packing_slip_url: `/api/v1/orders/admin/orders/${orderId}/packing-slip.pdf`,
    gift,
    door: door
      ? {
          handover_locked: door.handover_locked,
          door_outcome: door.door_outcome,
          bottles_back_pending: Boolean(door.bottles_back_pending),
          proof:
            door.proof_taken_at === null
              ? null
              : {
                  photo_url: door.proof_photo
                    ? `/api/v1/orders/admin/orders/${orderId}/proof-photo.jpg`
                    : null,
                  position:
                    door.proof_latitude === null || door.proof_longitude === null
                      ? null
                      : {
                          latitude: door.proof_latitude,
                          longitude: door.proof_longitude,
                          accuracy_m: door.proof_accuracy_m,
                        },
                  taken_at: new Date(door.proof_taken_at).toISOString(),
                },
        }
      : null,
  };
}

/**
 * One move of the transition table, by a staff member, with the customer-facing note (the reason
 * when cancelling). The delivery follows in the same transaction; a delivery order goes out for
 * delivery only with a rider.
 */
export async function moveOrder(
  deps: Deps,
  actor: AuditActor & { id: string },
  orderId: string,
  body: z.output<typeof changeOrderStatusRequestSchema>,
): Promise<StaffOrder> {
  await deps.events.transaction(deps.db, async (tx, outbox) => {
    const { from } = await changeOrderStatus(tx, orderId, body.status, {
      note: body.note,
      changedBy: actor.id,
      outbox,
    });
    const delivery = await syncDelivery(tx, orderId, outbox);
    let cash: { amount: number; expected: number } | null = null;
    if (body.status === 'delivered') {
      const order = (
        await tx.execute<{ total: number; payment_method: string }>(
          sql`SELECT total, payment_method FROM orders WHERE id = ${orderId}`,
        )
      ).rows[0];
      if (order?.payment_method === 'cash_on_delivery') {
        // The rider's (or the counter's) cash, in the transaction that marks the order delivered.
        cash = { expected: order.total, amount: body.cash_collected ?? order.total };
        await insertCashCollection(tx, {
          orderId,
          deliveryId: delivery?.id ?? null,
          riderName: delivery?.rider_name ?? null,
          riderPhone: delivery?.rider_phone ?? null,
          expected: cash.expected,
          amount: cash.amount,
          recordedBy: actor.id,
        });
      } else if (body.cash_collected != null) {
        throw invalidInput([{ field: 'cash_collected', message: staffMessages.cashOnlyForCashOrders }]);
      }
    }
    await recordAudit(tx, actor, {
      kind: 'order.status',
      subjectType: 'order',
      subjectId: orderId,
      summary:
        `${orderStatusLabels[from]} → ${orderStatusLabels[body.status]}` +
        (body.note ? `: ${body.note}` : '') +
        (cash ? ` (cash collected ${formatUGX(cash.amount)} of ${formatUGX(cash.expected)})` : ''),
      before: { status: from },
      after: { status: body.status, note: body.note, ...(cash ? { cash_collected: cash.amount } : {}) },
    });
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
  actor: AuditActor,
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
    await recordAudit(tx, actor, {
      kind: 'order.rider',
      subjectType: 'order',
      subjectId: orderId,
      summary: `Rider ${rider.name} (${rider.phone}) assigned to ${order.order_number}`,
      before: { rider_name: delivery.rider_name, rider_phone: delivery.rider_phone },
      after: { rider_name: rider.name, rider_phone: rider.phone },
    });
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

/**
 * Cash on delivery per rider and Kampala day, over a range of days (default: the last 7 days to
 * today): the cash expected (totals of the cash orders each rider took out) against collected.
 */
export async function getCashReport(
  db: Database,
  query: z.output<typeof cashReportQuerySchema>,
  now: Date = new Date(),
): Promise<CashReport> {
  const dateTo = query.date_to ?? kampalaIsoDate(now);
  const dateFrom = query.date_from ?? kampalaIsoDate(kampalaDayStart(dateTo).getTime() - 6 * DAY_MS);
  const rows = await cashPerRiderAndDay(
    db,
    kampalaDayStart(dateFrom),
    new Date(kampalaDayStart(dateTo).getTime() + DAY_MS),
  );
  const results = rows.map((row) => ({ ...row, difference: row.collected - row.expected }));
  const expected = results.reduce((sum, row) => sum + row.expected, 0);
  const collected = results.reduce((sum, row) => sum + row.collected, 0);
  return {
    date_from: dateFrom,
    date_to: dateTo,
    rows: results,
    totals: { expected, collected, difference: collected - expected },
  };
}
