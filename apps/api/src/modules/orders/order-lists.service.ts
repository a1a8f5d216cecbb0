import crypto from 'node:crypto';
import { deliveryInstructionsSchema } from '@shop/contract/delivery';
import { deliveryFeeFor } from '@shop/contract/delivery-fee';
import { giftDeliveryDateSchema, giftMessageSchema } from '@shop/contract/gifts';
import {
  ORDER_LIST_COLUMNS,
  ORDER_LIST_MAX_ROWS,
  ORDER_LIST_MAX_UNITS_PER_ROW,
  ORDER_LIST_REQUIRED_COLUMNS,
  type OrderList,
  type OrderListPreview,
  type OrderListPreviewRow,
  type OrderListRowError,
  type orderListRequestSchema,
  rowErrorField,
} from '@shop/contract/order-lists';
import { ugandanPhoneSchema } from '@shop/contract/profile';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Executor, Tx } from '../../db/transaction';
import { conflict, invalidInput, notFound } from '../../errors';
import { CsvSyntaxError, csvLine, parseCsv } from '../../lib/csv';
import { companyForList, isBuyerOf } from '../companies/companies.service';
import { insertGift } from '../gifts/gifts.repository';
import { LOW_STOCK_QUEUE } from '../stock/stock.jobs';
import { takeStockForOrder } from '../stock/stock.repository';
import { type CheckoutContext, orderAmounts } from './checkout.service';
import {
  findList,
  findListByKey,
  insertList,
  type ListSizeRow,
  listDeliveries,
  lockListKey,
  sizesBySku,
} from './order-lists.repository';
import { orderNumber } from './order-number';
import { insertOrder, issueInvoice, listZones, toDate, type ZoneRow } from './orders.repository';

/**
 * A company's list of recipients (issue 39, decision 0036): one CSV becomes one `order_lists`
 * row and one child gift order per recipient, all in one transaction and paid by one payment
 * (`order-list-payable.ts`). Each child is an ordinary gift order: its own stock, zone fee,
 * invoice, delivery, SMS, rider stop, refunds; nothing here re-implements them.
 */

export type ListActor = { id: string; staff: boolean };
export type OrderListInput = z.output<typeof orderListRequestSchema>;

type ParsedRow = {
  line: number;
  recipient: string;
  phone: string;
  zone: ZoneRow;
  street: string | null;
  landmark: string | null;
  date: string;
  message: string | null;
  items: Array<{ size: ListSizeRow; quantity: number }>;
};

type Parsed = { rows: ParsedRow[]; errors: OrderListRowError[] };

const ITEM_PATTERN = /^([A-Za-z0-9._/-]+)\s*(?::\s*(\d+))?$/;

/** The CSV's records with their columns named; file-level problems as errors of line 1. */
function readCsv(text: string): {
  records: Array<{ line: number; get: (column: string) => string }>;
  errors: OrderListRowError[];
} {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { records: [], errors: [{ row: error.line, column: 'file', message: error.message }] };
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { records: [], errors: [{ row: 1, column: 'file', message: 'The file is empty' }] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const missing = ORDER_LIST_REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  const errors: OrderListRowError[] = missing.map((column) => ({
    row: header.line,
    column,
    message: `The column "${column}" is missing (columns: ${ORDER_LIST_COLUMNS.join(', ')})`,
  }));
  if (body.length === 0)
    errors.push({ row: header.line, column: 'file', message: 'The list has no recipients' });
  if (body.length > ORDER_LIST_MAX_ROWS) {
    errors.push({
      row: header.line,
      column: 'file',
      message: `At most ${ORDER_LIST_MAX_ROWS} recipients in one list (this one has ${body.length})`,
    });
  }
  if (errors.length > 0) return { records: [], errors };
  return {
    records: body.map((record) => ({
      line: record.line,
      get: (column: string) => {
        const index = names.indexOf(column);
        return index < 0 ? '' : (record.fields[index] ?? '').trim();
      },
    })),
    errors: [],
  };
}

/** The SKUs a list names (one query finds them all). */
function skusOf(records: Array<{ get: (column: string) => string }>): string[] {
  const skus = new Set<string>();
  for (const record of records) {
    for (const part of record.get('items').split(';')) {
      const match = ITEM_PATTERN.exec(part.trim());
      if (match) skus.add(match[1]!);
    }
  }
  return [...skus];
}

/**
 * Checks every row and column (all problems at once, each naming its line and column), and the
 * stock of the whole list: a size asked for by many rows is checked against their sum.
 */
function checkRows(
  records: Array<{ line: number; get: (column: string) => string }>,
  zones: ZoneRow[],
  sizes: ListSizeRow[],
): Parsed {
  const errors: OrderListRowError[] = [];
  const rows: ParsedRow[] = [];
  const zoneByName = new Map(
    zones.filter((zone) => zone.is_active).map((zone) => [zone.name.toLowerCase(), zone]),
  );
  const sizeBySku = new Map(sizes.map((size) => [size.sku, size]));
  for (const record of records) {
    const fail = (column: string, message: string) => errors.push({ row: record.line, column, message });
    const before = errors.length;
    const recipient = record.get('recipient');
    if (recipient === '' || recipient.length > 120)
      fail('recipient', 'Give the recipient’s name (at most 120 characters)');
    const phone = ugandanPhoneSchema.safeParse(record.get('phone'));
    if (!phone.success) fail('phone', phone.error.issues[0]?.message ?? 'Not a Ugandan phone number');
    const zone = zoneByName.get(record.get('area').toLowerCase());
    if (!zone) fail('area', `Unknown delivery area "${record.get('area')}": use a delivery zone’s name`);
    const street = record.get('street') || null;
    const landmark = record.get('landmark') || null;
    if (!street && !landmark) fail('street', 'Give a street or a landmark');
    else if ((street?.length ?? 0) > 200 || (landmark?.length ?? 0) > 200)
      fail('street', 'Use at most 200 characters');
    const date = giftDeliveryDateSchema.safeParse(record.get('delivery_date'));
    if (!date.success) fail('delivery_date', date.error.issues[0]?.message ?? 'Not a day');
    const message = giftMessageSchema.safeParse(record.get('message'));
    if (!message.success) fail('message', message.error.issues[0]?.message ?? 'Not a message');
    const items: ParsedRow['items'] = [];
    const parts = record
      .get('items')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean);
    if (parts.length === 0) fail('items', 'Name at least one SKU, e.g. "SKU:2"');
    for (const part of parts) {
      const match = ITEM_PATTERN.exec(part);
      const size = match ? sizeBySku.get(match[1]!) : undefined;
      const quantity = match?.[2] ? Number(match[2]) : 1;
      if (!match) fail('items', `"${part}" is not SKU or SKU:quantity`);
      else if (!size) fail('items', `Unknown SKU ${match[1]}`);
      else if (!size.is_available) fail('items', `${size.product_name} is no longer available`);
      else if (quantity < 1 || quantity > ORDER_LIST_MAX_UNITS_PER_ROW)
        fail('items', `Quantity of ${size.sku}: 1 to ${ORDER_LIST_MAX_UNITS_PER_ROW}`);
      else if (items.some((item) => item.size.variant_id === size.variant_id))
        fail('items', `${size.sku} is named twice`);
      else items.push({ size, quantity });
    }
    if (errors.length === before && zone && phone.success && date.success && message.success) {
      rows.push({
        line: record.line,
        recipient,
        phone: phone.data,
        zone,
        street,
        landmark,
        date: date.data,
        message: message.data,
        items,
      });
    }
  }
  // The whole list's stock: each size against the sum every row asks of it.
  const asked = new Map<number, { quantity: number; firstLine: number; size: ListSizeRow }>();
  for (const row of rows) {
    for (const item of row.items) {
      const sum = asked.get(item.size.variant_id);
      if (sum) sum.quantity += item.quantity;
      else asked.set(item.size.variant_id, { quantity: item.quantity, firstLine: row.line, size: item.size });
    }
  }
  for (const { quantity, firstLine, size } of asked.values()) {
    if (size.stock < quantity) {
      errors.push({
        row: firstLine,
        column: 'items',
        message: `${size.sku}: the list asks for ${quantity}, only ${Math.max(size.stock, 0)} in stock`,
      });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}

type Priced = {
  row: ParsedRow;
  subtotal: number;
  fee: number;
  vat: number | null;
  vatAdded: number;
  total: number;
};

function priceRows(
  rows: ParsedRow[],
  context: Pick<CheckoutContext, 'vat' | 'freeDeliveryThreshold'>,
): Priced[] {
  return rows.map((row) => {
    const lineTotals = row.items.map((item) => item.size.price * item.quantity);
    const subtotal = lineTotals.reduce((sum, line) => sum + line, 0);
    const fee = deliveryFeeFor({
      fulfilment: 'delivery',
      subtotal,
      zone: row.zone,
      threshold: context.freeDeliveryThreshold,
    });
    return { row, subtotal, fee, ...orderAmounts(context.vat, lineTotals, fee, 0) };
  });
}

async function checkList(db: Executor, csv: string, lock: boolean): Promise<Parsed> {
  const { records, errors } = readCsv(csv);
  if (errors.length > 0) return { rows: [], errors };
  const [zones, sizes] = await Promise.all([listZones(db), sizesBySku(db, skusOf(records), lock)]);
  return checkRows(records, zones, sizes);
}

function previewOf(priced: Priced[], errors: OrderListRowError[]): OrderListPreview {
  const rows: OrderListPreviewRow[] = priced.map(({ row, subtotal, fee, total }) => ({
    row: row.line,
    recipient_name: row.recipient,
    recipient_phone: row.phone,
    area: row.zone.name,
    delivery_date: row.date,
    items: row.items.map((item) => ({
      sku: item.size.sku,
      name: `${item.size.product_name} ${item.size.variant_name}`,
      quantity: item.quantity,
      unit_price: item.size.price,
    })),
    subtotal,
    delivery_fee: fee,
    total,
  }));
  return {
    rows,
    errors,
    totals: {
      deliveries: rows.length,
      subtotal: rows.reduce((sum, row) => sum + row.subtotal, 0),
      delivery_fees: rows.reduce((sum, row) => sum + row.delivery_fee, 0),
      total: rows.reduce((sum, row) => sum + row.total, 0),
    },
  };
}

/** The preview: every row priced as it would be placed now, and every problem by row and column. */
export async function previewOrderList(
  context: Pick<CheckoutContext, 'db' | 'vat' | 'freeDeliveryThreshold'>,
  actor: ListActor,
  input: { company_id: string; csv: string },
): Promise<OrderListPreview> {
  await companyForList(context.db, input.company_id, actor);
  const { rows, errors } = await checkList(context.db, input.csv, false);
  return previewOf(priceRows(rows, context), errors);
}

const rowsRefused = (errors: OrderListRowError[]) =>
  invalidInput(
    errors.map((error) => ({ field: rowErrorField(error), message: error.message })),
    `The list has ${errors.length} problem${errors.length === 1 ? '' : 's'}: nothing was placed.`,
  );

const keyReused = () =>
  conflict('This upload was already placed with another list. Upload again to place another.', 'conflict', [
    { field: 'idempotency_key', message: 'Already used for another list' },
  ]);

const MAX_NUMBER_DRAWS = 8;

/**
 * Places the list: every row checked again under the sizes' locks (the preview may be stale),
 * then the list and one pending mobile-money gift order per recipient, in one transaction. The
 * same key answers the same list (200); a reused key with another file is a 409.
 */
export async function placeOrderList(
  context: CheckoutContext,
  actor: ListActor,
  input: OrderListInput,
): Promise<{ list: OrderList; created: boolean }> {
  const { db, events } = context;
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify([input.company_id, input.csv, input.lpo_number ?? null, input.payment_method]))
    .digest('hex');
  const repeat = await findListByKey(db, actor.id, input.idempotency_key);
  if (repeat) {
    if (repeat.request_hash !== hash) throw keyReused();
    return { list: await readList(db, repeat.id), created: false };
  }
  const company = await companyForList(db, input.company_id, actor);

  const outcome = await events.transaction<Tx, { id: string; created: boolean; hash: string }>(
    db,
    async (tx, outbox) => {
      await lockListKey(tx, actor.id, input.idempotency_key);
      const twin = await findListByKey(tx, actor.id, input.idempotency_key);
      if (twin) return { id: twin.id, created: false, hash: twin.request_hash };
      const { rows, errors } = await checkList(tx, input.csv, true);
      if (errors.length > 0) throw rowsRefused(errors);
      const priced = priceRows(rows, context);
      const lpoNumber = input.lpo_number || null;
      const listId = await insertList(tx, {
        userId: actor.id,
        companyId: company.id,
        idempotencyKey: input.idempotency_key,
        requestHash: hash,
        deliveryCount: priced.length,
        total: priced.reduce((sum, row) => sum + row.total, 0),
        lpoNumber,
      });
      const { shopTin, pricesIncludeVat } = context.vat;
      const lowStock: number[] = [];
      for (const { row, subtotal, fee, vat, vatAdded, total } of priced) {
        // The child's key: the list's and the CSV line, zero-padded (the list reads them in line order).
        const key = `${input.idempotency_key}.${String(row.line).padStart(4, '0')}`;
        const order = {
          userId: actor.id,
          idempotencyKey: key,
          requestHash: hash,
          status: 'pending' as const,
          paymentMethod: 'mobile_money' as const,
          mobileMoneyNetwork: null,
          paymentPhone: null,
          fulfilment: 'delivery' as const,
          itemCount: row.items.reduce((sum, item) => sum + item.quantity, 0),
          subtotal,
          deliveryFee: fee,
          discount: 0,
          discountCode: null,
          vatAdded,
          vatInvoice: shopTin ? { businessName: company.name, tin: company.tin } : null,
          company: { id: company.id, lpoNumber },
          orderListId: listId,
          total,
          contactName: company.contactName,
          contactPhone: company.contactPhone,
          zone: {
            id: row.zone.id,
            name: row.zone.name,
            label: row.zone.delivery_time_label,
            minutes: row.zone.delivery_time_minutes,
          },
          street: row.street,
          deliveryInstructions: deliveryInstructionsSchema.parse({
            preferred_delivery_time: 'asap',
            landmark: row.landmark,
          }),
          customerNote: null,
          paymentDueInMinutes: context.unpaidTimeoutMinutes,
        };
        const items = row.items.map(({ size, quantity }) => ({
          productId: size.product_id,
          variantId: size.variant_id,
          productName: size.product_name,
          productSlug: size.product_slug,
          image: size.image,
          variantName: size.variant_name,
          sku: size.sku,
          quantity,
          unitPrice: size.price,
        }));
        const history = [
          {
            from: null,
            to: 'pending' as const,
            note: 'Order placed (recipients’ list)',
            changedBy: actor.id,
          },
        ];
        let placed: Awaited<ReturnType<typeof insertOrder>>;
        let number = '';
        for (let draw = 0; draw < MAX_NUMBER_DRAWS && !placed; draw++) {
          number = orderNumber();
          placed = await insertOrder(tx, { ...order, orderNumber: number }, items, history);
        }
        if (!placed) throw new Error(`No free order number after ${MAX_NUMBER_DRAWS} draws`);
        lowStock.push(
          ...(await takeStockForOrder(
            tx,
            placed.id,
            row.items.map((item) => ({ variantId: item.size.variant_id, quantity: item.quantity })),
          )),
        );
        await insertGift(tx, placed.id, {
          recipient_name: row.recipient,
          recipient_phone: row.phone,
          message: row.message,
          delivery_date: row.date,
        });
        const invoiceNumber = await issueInvoice(tx, {
          orderId: placed.id,
          userId: actor.id,
          subtotal,
          deliveryFee: fee,
          discount: 0,
          vatAdded,
          total,
          vat: shopTin && vat !== null ? { shopTin, pricesIncludeVat, vatTotal: vat } : null,
        });
        outbox.publish('order.placed', {
          orderId: placed.id,
          orderNumber: number,
          userId: actor.id,
          status: 'pending',
          paymentMethod: 'mobile_money',
          fulfilment: 'delivery',
          itemCount: order.itemCount,
          total,
          currency: 'UGX',
          invoiceNumber,
          paymentDueAt: placed.payment_due_at,
          placedAt: placed.created_at,
        });
      }
      if (lowStock.length > 0) await context.jobs.send(LOW_STOCK_QUEUE, { movementIds: lowStock }, { tx });
      return { id: listId, created: true, hash };
    },
  );
  if (!outcome.created && outcome.hash !== hash) throw keyReused();
  return { list: await readList(db, outcome.id), created: outcome.created };
}

async function readList(db: Executor, id: string): Promise<OrderList> {
  const [list, deliveries] = await Promise.all([findList(db, id), listDeliveries(db, id)]);
  if (!list) throw notFound('List');
  const paid = deliveries.length > 0 && deliveries.every((row) => row.payment_status === 'paid');
  return {
    id: list.id,
    company_id: list.company_id,
    lpo_number: list.lpo_number,
    delivery_count: list.delivery_count,
    total: list.total,
    currency: 'UGX',
    payment_status: paid ? 'paid' : 'pending',
    payable: !paid && deliveries.every((row) => row.status === 'pending' && row.payment_status !== 'paid'),
    created_at: toDate(list.created_at).toISOString(),
    deliveries: deliveries.map((row) => ({
      order_id: row.order_id,
      order_number: row.order_number,
      recipient_name: row.recipient_name,
      recipient_phone: row.recipient_phone,
      area: row.delivery_zone_name,
      delivery_date: row.delivery_date,
      total: row.total,
      order_status: row.status,
      delivery_status: row.delivery_status,
    })),
  };
}

/** Who may read a list: who placed it, the company's buyers, staff. Anyone else: 404. */
async function readableList(db: Database, actor: ListActor, id: string) {
  const list = await findList(db, id);
  if (!list) throw notFound('List');
  if (!actor.staff && list.user_id !== actor.id && !(await isBuyerOf(db, list.company_id, actor.id))) {
    throw notFound('List');
  }
  return list;
}

export async function getOrderList(db: Database, actor: ListActor, id: string): Promise<OrderList> {
  await readableList(db, actor, id);
  return readList(db, id);
}

export const REPORT_HEADER = [
  'order_number',
  'recipient',
  'phone',
  'area',
  'delivery_date',
  'order_status',
  'delivery_status',
  'dispatched_at',
  'delivered_at',
  'total',
];

/** The list's deliveries, one CSV line each, with their state now (the shop's CSV writer). */
export async function orderListReport(db: Database, actor: ListActor, id: string): Promise<string> {
  await readableList(db, actor, id);
  const rows = await listDeliveries(db, id);
  return [
    csvLine(REPORT_HEADER),
    ...rows.map((row) =>
      csvLine([
        row.order_number,
        row.recipient_name,
        row.recipient_phone,
        row.delivery_zone_name,
        row.delivery_date,
        row.status,
        row.delivery_status ?? '',
        row.dispatched_at ? toDate(row.dispatched_at).toISOString() : '',
        row.delivered_at ? toDate(row.delivered_at).toISOString() : '',
        row.total,
      ]),
    ),
  ].join('');
}
