import { API_BASE_PATH } from '@shop/contract/constants';
import { toInstructionsResponse } from '@shop/contract/delivery';
import { currentDeliveryPromise } from '@shop/contract/delivery-promise';
import type { OrderGift } from '@shop/contract/gifts';
import {
  type Invoice,
  type InvoiceListResponse,
  ORDER_STATUSES,
  type Order,
  type OrderListResponse,
  type OrderStats,
  type OrderStatus,
  RECENT_CHECKOUT_DETAILS,
  type RecentAddress,
  type RecentCheckoutDetails,
} from '@shop/contract/orders';
import type { PageQuery } from '@shop/contract/pagination';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { fiscalOfOrder, type OrderFiscalRow } from '../efris/efris.repository';
import { giftOfOrder } from '../gifts/gifts.service';
import { withheldOfOrder } from '../refunds/refunds.service';
import { smsRecipient } from '../sms/sms.service';
import {
  findOrder,
  type InvoiceRow,
  listInvoices,
  listOrders,
  type OrderRow,
  orderStats,
  recentOrderDetails,
} from './orders.repository';

/** Orders and invoices as the customer (or staff) reads them. */

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** `smsUpdatesTo`: the phone the order's SMS go to (../sms/sms.service.ts `smsRecipient`), or null. */
export function toOrder(
  row: OrderRow,
  smsUpdatesTo: string | null,
  fiscal: OrderFiscalRow | null = null,
  gift: OrderGift | null = null,
  refundWithheld: Order['refund_withheld'] = null,
): Order {
  const items = row.items.map((item) => ({
    id: item.id,
    product: item.product_id,
    product_name: item.product_name,
    product_slug: item.product_slug,
    image: item.image,
    variant: item.variant_id,
    variant_name: item.variant_name,
    sku: item.sku,
    quantity: item.quantity,
    unit_price: item.unit_price,
    subtotal: item.subtotal,
    total_price: item.subtotal,
  }));
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    payment_status: row.payment_status,
    payment_method: row.payment_method,
    mobile_money_network: row.mobile_money_network,
    payment_phone: row.payment_phone,
    fulfilment: row.fulfilment,
    items,
    item_count: row.item_count,
    subtotal: row.subtotal,
    delivery_fee: row.delivery_fee,
    discount: row.discount,
    discount_code: row.discount_code,
    vat_added: row.vat_added,
    total: row.total,
    currency: 'UGX',
    vat_invoice:
      row.vat_business_name && row.vat_business_tin
        ? { business_name: row.vat_business_name, tin: row.vat_business_tin }
        : null,
    contact_name: row.contact_name,
    contact_phone: row.contact_phone,
    sms_updates_to: smsUpdatesTo,
    delivery_zone:
      row.delivery_zone_id === null
        ? null
        : {
            id: row.delivery_zone_id,
            name: row.delivery_zone_name ?? '',
            delivery_time_label: row.delivery_time_label ?? '',
          },
    street: row.street,
    delivery_instructions: toInstructionsResponse(row.delivery_instructions),
    customer_note: row.customer_note,
    estimated_delivery_time:
      currentDeliveryPromise({
        promised: row.estimated_delivery_time,
        now: new Date(),
        status: row.status,
        preferredTime: row.delivery_instructions?.preferred_delivery_time,
      })?.toISOString() ?? null,
    payment_due_at: iso(row.payment_due_at),
    cancel_reason: row.cancel_reason,
    invoice_number: row.invoice_number,
    fiscal: fiscal
      ? {
          fiscal_document_number: fiscal.fiscal_document_number,
          verification_code: fiscal.verification_code,
          fiscalised_at: new Date(fiscal.fiscalised_at).toISOString(),
        }
      : null,
    gift,
    refund_withheld: refundWithheld,
    history: row.history.map((change) => ({
      status: change.status,
      note: change.note,
      created_at: new Date(change.created_at).toISOString(),
    })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** An order by id: the customer's own (`userId`), or any for staff (null). 404 otherwise. */
/**
 * One order (a customer's own, or any for staff, `userId` null), with where its SMS go:
 * `smsConfigured` says whether the shop has an SMS provider.
 */
export async function getOrder(
  db: Database,
  orderId: string,
  userId: string | null,
  smsConfigured: boolean,
): Promise<Order> {
  const row = await findOrder(db, orderId, userId);
  if (!row) throw notFound('Order');
  // Independent reads of the order's page, asked together rather than one after another.
  const [smsUpdatesTo, fiscal, gift, refundWithheld] = await Promise.all([
    // The order's updates are its owner's: the same SMS kind decides them all (order_updates).
    smsRecipient({ db, providerConfigured: smsConfigured }, row.user_id, 'order_placed'),
    fiscalOfOrder(db, row.id),
    giftOfOrder(db, orderId),
    // Only an order refused at the door can have a fee kept from its refund.
    row.status === 'cancelled' ? withheldOfOrder(db, orderId) : null,
  ]);
  return toOrder(row, smsUpdatesTo, fiscal, gift, refundWithheld);
}

export async function pageOfOrders(
  db: Database,
  userId: string | null,
  query: PageQuery & { status?: OrderStatus | undefined },
): Promise<OrderListResponse> {
  const { rows, count } = await listOrders(
    db,
    { userId, status: query.status },
    { limit: query.page_size, offset: pageOffset(query) },
  );
  return toPagedList(
    rows.map((row) => ({
      id: row.id,
      order_number: row.order_number,
      status: row.status,
      payment_status: row.payment_status,
      payment_method: row.payment_method,
      fulfilment: row.fulfilment,
      item_count: row.item_count,
      total: row.total,
      created_at: row.created_at.toISOString(),
    })),
    count,
    query,
  );
}

/**
 * The phones and delivery addresses of the customer's own last orders, newest first, each once
 * (checkout offers them). Only `userId`'s orders are read: never another customer's.
 */
export async function recentDetailsOf(db: Database, userId: string): Promise<RecentCheckoutDetails> {
  const rows = await recentOrderDetails(db, userId, 20);
  const phones: string[] = [];
  const addresses: RecentAddress[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!phones.includes(row.contact_phone)) phones.push(row.contact_phone);
    if (row.delivery_zone_id === null) continue;
    const address: RecentAddress = {
      delivery_zone: row.delivery_zone_id,
      zone_name: row.delivery_zone_name ?? '',
      street: row.street,
      landmark: row.landmark || null,
    };
    const key = JSON.stringify([address.delivery_zone, address.street, address.landmark]);
    if (!seen.has(key)) {
      seen.add(key);
      addresses.push(address);
    }
  }
  return {
    phones: phones.slice(0, RECENT_CHECKOUT_DETAILS),
    addresses: addresses.slice(0, RECENT_CHECKOUT_DETAILS),
  };
}

export async function statsOf(db: Database, userId: string): Promise<OrderStats> {
  const rows = await orderStats(db, userId);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  let total = 0;
  let spent = 0;
  for (const row of rows) {
    byStatus[row.status] = row.count;
    total += row.count;
    spent += row.paid;
  }
  return { total_orders: total, total_spent: spent, by_status: byStatus };
}

export const invoicePdfPath = (id: number) => `${API_BASE_PATH}/orders/invoices/${id}/pdf/`;

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    order: row.order_id,
    order_number: row.order_number,
    status: row.status,
    subtotal: row.subtotal,
    delivery_fee: row.delivery_fee,
    discount: row.discount,
    total: row.total,
    currency: 'UGX',
    issued_at: row.issued_at.toISOString(),
    paid_at: iso(row.paid_at),
    pdf_url: invoicePdfPath(row.id),
  };
}

export async function pageOfInvoices(
  db: Database,
  userId: string,
  query: PageQuery,
): Promise<InvoiceListResponse> {
  const { rows, count } = await listInvoices(db, userId, {
    limit: query.page_size,
    offset: pageOffset(query),
  });
  return toPagedList(rows.map(toInvoice), count, query);
}
