import crypto from 'node:crypto';
import { deliveryFeeFor } from '@shop/contract/delivery-fee';
import type { checkoutRequestSchema, Order } from '@shop/contract/orders';
import { orderVat } from '@shop/contract/vat';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { uniqueViolationIn } from '../../db/unique-violations';
import { conflict, invalidInput } from '../../errors';
import type { DomainEvents } from '../../lib/domain-events';
import type { Jobs } from '../../plugins/jobs';
import { deleteAllLines, lockExistingCart } from '../cart/cart.repository';
import { outOfStock } from '../cart/cart-errors';
import { companyForCheckout } from '../companies/companies.service';
import { reserveOnAccountCredit } from '../companies/company-accounts.service';
import { type AppliedDiscount, claimDiscount, recordDiscountUse } from '../discounts/discount-rules';
import { insertGift } from '../gifts/gifts.repository';
import { updateProfile } from '../profile/profile.repository';
import { LOW_STOCK_QUEUE } from '../stock/stock.jobs';
import { linesShortOfStock, lockStockOfCart, takeStockForOrder } from '../stock/stock.repository';
import { orderNumber } from './order-number';
import { CONFIRMATION_EMAIL_QUEUE } from './orders.jobs';
import {
  type CheckoutLineRow,
  findOrderByKey,
  findZone,
  insertOrder,
  issueInvoice,
  lockCheckoutLines,
  type NewOrder,
  type NewOrderItem,
  type StatusChange,
  type ZoneRow,
} from './orders.repository';
import { getOrder } from './orders.service';

/**
 * Checkout: the cart becomes an order in one transaction.
 *
 * 1. The cart row is locked: a double click or a retry of the same checkout waits here, then
 *    finds the order the first one made (same idempotency key) and answers it.
 * 2. The lines' sizes are locked in id order and checked against the catalog as it is now
 *    (still on sale, stock covers the quantity); prices are the catalog's, the fee the zone's,
 *    free from the shop's free-delivery threshold (setting) up, and nothing for pick-up (`deliveryFeeFor`,
 *    the contract's rule, which the storefront shows before the customer pays).
 * 3. A discount code, when asked for, is applied here (../discounts/discount-rules.ts): its row is
 *    locked, so checkouts with the same code take turns and its limits hold; a code that does
 *    not apply refuses the whole checkout (422, field `discount_code`): the customer is never
 *    charged the full price for an order they placed with a code.
 * 4. Stock is taken (with its `sold` ledger rows); the order, its lines (a snapshot), its first status changes, its
 *    confirmation e-mail's job and its invoice are written; the cart is emptied. `order.placed`
 *    goes out after commit.
 *
 * Cash on delivery is confirmed at once (paid at the door), and so is an order on account (its
 * company's credit checked under the company's row lock, decision 0042); mobile money waits for
 * the payment until `payment_due_at`, then the expiry job cancels it and gives the stock back.
 */

export type CheckoutInput = z.output<typeof checkoutRequestSchema>;
export type CheckoutContext = {
  db: Database;
  events: DomainEvents;
  jobs: Pick<Jobs, 'send'>;
  unpaidTimeoutMinutes: number;
  /** The shop has an SMS provider: the order's answer says where its SMS go. */
  smsConfigured: boolean;
  /** The shop's VAT registration now (shop settings): no TIN, no VAT on its invoices. */
  vat: VatSettings;
  /** The shop's free-delivery threshold (the `free_delivery_threshold` setting). */
  freeDeliveryThreshold?: number;
};

export type VatSettings = { shopTin: string | null; pricesIncludeVat: boolean };

const notVatRegistered = () =>
  invalidInput([
    {
      field: 'vat_invoice',
      message: 'The shop is not registered for VAT, so it cannot issue a VAT invoice',
    },
  ]);

const MAX_NUMBER_DRAWS = 8;

/** The request as sent, normalised, so that a reused key with other details is recognised. */
function requestHash(input: CheckoutInput): string {
  return crypto.createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

const emptyCart = () =>
  conflict('Your cart is empty.', 'conflict', [
    { field: 'items', message: 'Add something to your cart first' },
  ]);

function keyReused(orderNumberUsed: string) {
  return conflict(
    `This checkout was already placed as order ${orderNumberUsed}, with other details. Start a new checkout to place another order.`,
    'conflict',
    [{ field: 'idempotency_key', message: 'Already used for another checkout' }],
  );
}

/** Refuses the checkout when a line is withdrawn or short of stock (all such lines are named). */
/** Hampers sharing a part (or sold beside it) that fit one by one but not together. */
function checkParts(lines: CheckoutLineRow[], shortVariantIds: number[]) {
  if (shortVariantIds.length === 0) return;
  const inCartOrder = [...lines].sort((a, b) => a.item_id - b.item_id);
  const short = inCartOrder.filter((line) => shortVariantIds.includes(line.variant_id));
  const first = short[0]!;
  throw outOfStock(
    {
      productName: first.product_name,
      variantName: first.variant_name,
      packSize: first.pack_size,
      stock: Math.max(0, first.quantity - 1),
    },
    short.map((line) => ({
      field: `items.${inCartOrder.indexOf(line)}.quantity`,
      message: 'Not enough of its parts in stock for this order',
    })),
  );
}

function checkLines(lines: CheckoutLineRow[]) {
  // Fields follow the cart's order (oldest line first), as the cart page lists them.
  const inCartOrder = [...lines].sort((a, b) => a.item_id - b.item_id);
  const withdrawn = inCartOrder.filter((line) => !line.is_available);
  if (withdrawn.length > 0) {
    const first = withdrawn[0]!;
    throw conflict(
      `${first.product_name} is no longer available. Remove it from your cart to check out.`,
      'conflict',
      withdrawn.map((line) => ({
        field: `items.${inCartOrder.indexOf(line)}.product`,
        message: `${line.product_name} is no longer available`,
      })),
    );
  }
  const short = inCartOrder.filter((line) => line.stock < line.quantity);
  if (short.length > 0) {
    const first = short[0]!;
    throw outOfStock(
      {
        productName: first.product_name,
        variantName: first.variant_name,
        packSize: first.pack_size,
        stock: first.stock,
      },
      short.map((line) => ({
        field: `items.${inCartOrder.indexOf(line)}.quantity`,
        message: line.stock <= 0 ? 'Out of stock' : `Only ${line.stock} left in stock`,
      })),
    );
  }
}

/** The order's lines: what each was when ordered, in the cart's order. */
function snapshotOf(lines: CheckoutLineRow[]): NewOrderItem[] {
  return [...lines]
    .sort((a, b) => a.item_id - b.item_id)
    .map((line) => ({
      productId: line.product_id,
      variantId: line.variant_id,
      productName: line.product_name,
      productSlug: line.product_slug,
      image: line.image,
      variantName: line.variant_name,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.price,
    }));
}

/**
 * An order's VAT and total: a VAT-registered shop's invoice shows the VAT of every line (bottles,
 * delivery, the discount as a negative line); when its prices exclude VAT, that VAT is added to
 * the total. Checkout and a recipients' list (order-lists.service.ts) price orders here.
 */
export function orderAmounts(
  settings: VatSettings,
  lineTotals: number[],
  fee: number,
  discount: number,
): { vat: number | null; vatAdded: number; total: number } {
  const vat = settings.shopTin
    ? orderVat({ lineTotals, deliveryFee: fee, discount }, settings.pricesIncludeVat).total.vat
    : null;
  const vatAdded = vat !== null && !settings.pricesIncludeVat ? vat : 0;
  const subtotal = lineTotals.reduce((sum, line) => sum + line, 0);
  return { vat, vatAdded, total: subtotal + fee - discount + vatAdded };
}

/** Placed; and, for cash on delivery or on account, confirmed at once (with why). */
function firstChanges(confirmedBecause: string | null, userId: string): StatusChange[] {
  const placed: StatusChange = { from: null, to: 'pending', note: 'Order placed', changedBy: userId };
  if (!confirmedBecause) return [placed];
  return [placed, { from: 'pending', to: 'confirmed', note: confirmedBecause, changedBy: null }];
}

/** Why an order is confirmed without waiting for mobile money (null: it waits). */
function confirmedBecause(method: CheckoutInput['payment_method'], dueInDays: number | null): string | null {
  if (method === 'cash_on_delivery') return 'Cash on delivery: pay when your bottles arrive';
  if (method === 'on_account') return `On account: invoiced to the company, due in ${dueInDays} days`;
  return null;
}

/**
 * Places the signed-in customer's cart as an order. Answers the order and whether this call
 * created it (false: the same idempotency key had already placed it).
 */
export async function placeOrder(
  context: CheckoutContext,
  userId: string,
  input: CheckoutInput,
): Promise<{ order: Order; created: boolean }> {
  const { db, events } = context;
  const hash = requestHash(input);
  const answerRepeat = async (found: { id: string; request_hash: string; order_number: string }) => {
    if (found.request_hash !== hash) throw keyReused(found.order_number);
    return { order: await getOrder(db, found.id, userId, context.smsConfigured), created: false };
  };

  const repeat = await findOrderByKey(db, userId, input.idempotency_key);
  if (repeat) return answerRepeat(repeat);

  if (input.vat_invoice && !context.vat.shopTin) throw notVatRegistered();
  // Placed for a company: its buyer's own and approved (422 on company.company_id otherwise).
  const company = input.company ? await companyForCheckout(db, input.company.company_id, userId) : null;

  let zone: ZoneRow | undefined;
  if (input.fulfilment === 'delivery') {
    zone = input.delivery_zone == null ? undefined : await findZone(db, input.delivery_zone);
    if (!zone?.is_active) throw invalidInput([{ field: 'delivery_zone', message: 'Choose a delivery area' }]);
  }

  type Outcome = { id: string; created: boolean; hash: string; orderNumber: string };
  let outcome: Outcome;
  try {
    outcome = await events.transaction<Tx, Outcome>(db, async (tx, outbox) => {
      const cartId = await lockExistingCart(tx, userId);
      // Under the cart lock: a concurrent twin of this request has committed by now.
      const twin = await findOrderByKey(tx, userId, input.idempotency_key);
      if (twin)
        return { id: twin.id, created: false, hash: twin.request_hash, orderNumber: twin.order_number };
      if (cartId === undefined) throw emptyCart();
      // Every size the order moves (a hamper's parts, the hampers sharing them) locked in id order.
      await lockStockOfCart(tx, cartId);
      const lines = await lockCheckoutLines(tx, cartId);
      if (lines.length === 0) throw emptyCart();
      checkLines(lines);
      checkParts(
        lines,
        await linesShortOfStock(
          tx,
          lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
        ),
      );

      const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
      const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
      // A delivery has its zone (checked above); pick-up needs none.
      const fee =
        deliveryFeeFor({
          fulfilment: input.fulfilment,
          subtotal,
          zone,
          threshold: context.freeDeliveryThreshold,
        }) ?? 0;
      // Locked after the sizes (every checkout takes its locks in that order: no deadlocks).
      const applied: AppliedDiscount | null = input.discount_code
        ? await claimDiscount(
            tx,
            userId,
            input.discount_code,
            lines.map((line) => ({
              price: line.price,
              quantity: line.quantity,
              category_id: line.category_id,
            })),
          )
        : null;
      const discount = applied?.amount ?? 0;
      const { shopTin, pricesIncludeVat } = context.vat;
      const { vat, vatAdded, total } = orderAmounts(
        context.vat,
        lines.map((line) => line.price * line.quantity),
        fee,
        discount,
      );
      // On account: the company's row locked after the sizes and the code (checkout's lock order),
      // its credit checked against this total; the invoice falls due after its terms.
      const dueInDays =
        input.payment_method === 'on_account' && company
          ? await reserveOnAccountCredit(tx, company.id, total)
          : null;
      const confirmation = confirmedBecause(input.payment_method, dueInDays);
      const mobileMoney = input.payment_method === 'mobile_money';
      const delivery = input.fulfilment === 'delivery';
      const order: Omit<NewOrder, 'orderNumber'> = {
        userId,
        idempotencyKey: input.idempotency_key,
        requestHash: hash,
        status: confirmation ? 'confirmed' : 'pending',
        paymentMethod: input.payment_method,
        mobileMoneyNetwork: mobileMoney ? (input.mobile_money_network ?? null) : null,
        paymentPhone: mobileMoney ? (input.payment_phone ?? null) : null,
        fulfilment: input.fulfilment,
        itemCount,
        subtotal,
        deliveryFee: fee,
        discount,
        discountCode: applied?.code ?? null,
        vatAdded,
        // A company's order: its tax invoice is made out to the company (a shop without a TIN issues none).
        vatInvoice: company
          ? shopTin
            ? { businessName: company.name, tin: company.tin }
            : null
          : input.vat_invoice
            ? { businessName: input.vat_invoice.business_name, tin: input.vat_invoice.tin }
            : null,
        company: company ? { id: company.id, lpoNumber: input.company?.lpo_number || null } : null,
        total,
        contactName: input.contact_name,
        contactPhone: input.contact_phone,
        zone:
          delivery && zone
            ? {
                id: zone.id,
                name: zone.name,
                label: zone.delivery_time_label,
                minutes: zone.delivery_time_minutes,
              }
            : null,
        street: delivery ? (input.street ?? null) || null : null,
        deliveryInstructions: delivery ? (input.delivery_instructions ?? null) : null,
        customerNote: input.customer_note || null,
        paymentDueInMinutes: mobileMoney ? context.unpaidTimeoutMinutes : null,
      };

      const items = snapshotOf(lines);
      const history = firstChanges(confirmation, userId);
      let placed: Awaited<ReturnType<typeof insertOrder>>;
      let number = '';
      for (let draw = 0; draw < MAX_NUMBER_DRAWS && !placed; draw++) {
        number = orderNumber();
        placed = await insertOrder(tx, { ...order, orderNumber: number }, items, history);
      }
      if (!placed) throw new Error(`No free order number after ${MAX_NUMBER_DRAWS} draws`);

      // The stock and its `sold` ledger rows in one statement (the sizes are locked and checked);
      // a size that crossed its low-stock threshold queues the staff's notice with the order.
      const crossings = await takeStockForOrder(
        tx,
        placed.id,
        lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })),
      );
      if (crossings.length > 0) await context.jobs.send(LOW_STOCK_QUEUE, { movementIds: crossings }, { tx });
      if (applied) await recordDiscountUse(tx, applied, placed.id, userId);
      // A gift's recipient, message and day commit with the order (the contract allows one only for delivery).
      if (input.gift && delivery) await insertGift(tx, placed.id, input.gift);

      await deleteAllLines(tx, cartId);
      if (input.save_to_profile) {
        // Asked for at checkout: the next one starts from these. Only this customer's own row.
        await updateProfile(tx, userId, {
          phone: input.contact_phone,
          ...(delivery && zone
            ? {
                defaultDeliveryAddress: {
                  area: zone.name,
                  street: input.street || null,
                  landmark: input.delivery_instructions?.landmark ?? null,
                  notes: input.delivery_instructions?.delivery_notes ?? null,
                },
              }
            : {}),
        });
      }
      // The e-mail's job commits with the order (or not at all).
      await context.jobs.send(CONFIRMATION_EMAIL_QUEUE, { orderId: placed.id }, { tx });
      const invoiceNumber = await issueInvoice(tx, {
        orderId: placed.id,
        userId,
        subtotal,
        deliveryFee: fee,
        discount,
        vatAdded,
        total,
        vat: shopTin && vat !== null ? { shopTin, pricesIncludeVat, vatTotal: vat } : null,
        dueInDays,
      });
      outbox.publish('order.placed', {
        orderId: placed.id,
        orderNumber: number,
        userId,
        status: order.status,
        paymentMethod: order.paymentMethod,
        fulfilment: order.fulfilment,
        itemCount,
        total,
        currency: 'UGX',
        invoiceNumber,
        paymentDueAt: placed.payment_due_at,
        placedAt: placed.created_at,
      });
      return { id: placed.id, created: true, hash, orderNumber: number };
    });
  } catch (error) {
    // The last guard of idempotency: a twin that slipped past the lock (no cart row yet).
    if (uniqueViolationIn(error)?.constraint === 'orders_user_idempotency_key') {
      const twin = await findOrderByKey(db, userId, input.idempotency_key);
      if (twin) return answerRepeat(twin);
    }
    throw error;
  }
  if (!outcome.created)
    return answerRepeat({ id: outcome.id, request_hash: outcome.hash, order_number: outcome.orderNumber });
  return { order: await getOrder(db, outcome.id, userId, context.smsConfigured), created: true };
}
