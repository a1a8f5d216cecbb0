import type { DeliveryInstructions, DeliveryStatus } from '@shop/contract/delivery';
import type { GiftInput } from '@shop/contract/gifts';
import type { Fulfilment, OrderStatus } from '@shop/contract/orders';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';

/** The gifts' queries: one row per order's delivery (`gift_recipients`), read by order or by link. */

export type GiftRow = {
  id: number;
  order_id: string;
  recipient_name: string;
  recipient_phone: string;
  message: string | null;
  delivery_date: string;
  link_hash: string | null;
  recipient_instructions: string | null;
};

const GIFT_COLUMNS = sql`g.id, g.order_id, g.recipient_name, g.recipient_phone, g.message,
  g.delivery_date::text AS delivery_date, g.link_hash, g.recipient_instructions`;

/** Writes the gift of an order being placed (in the checkout's transaction). */
export async function insertGift(tx: Tx, orderId: string, gift: GiftInput): Promise<void> {
  await tx.execute(sql`
    INSERT INTO gift_recipients (order_id, recipient_name, recipient_phone, message, delivery_date)
    VALUES (${orderId}, ${gift.recipient_name}, ${gift.recipient_phone}, ${gift.message}, ${gift.delivery_date}::date)`);
}

export async function findGiftOfOrder(db: Executor, orderId: string): Promise<GiftRow | undefined> {
  const result = await db.execute<GiftRow>(
    sql`SELECT ${GIFT_COLUMNS} FROM gift_recipients g WHERE g.order_id = ${orderId}`,
  );
  return result.rows[0];
}

/** Keeps the link's hash (the same every time: the token is derived from the order). */
export async function keepLinkHash(db: Executor, giftId: number, hash: string): Promise<void> {
  await db.execute(
    sql`UPDATE gift_recipients SET link_hash = ${hash}, updated_at = now() WHERE id = ${giftId} AND link_hash IS NULL`,
  );
}

/** What the recipient's page reads: the gift, its order's state and delivery; no price, no buyer but a name. */
export type RecipientGiftRow = GiftRow & {
  contact_name: string;
  order_status: OrderStatus;
  fulfilment: Fulfilment;
  delivery_zone_name: string | null;
  street: string | null;
  delivery_instructions: DeliveryInstructions | null;
  estimated_delivery_time: Date | string | null;
  zone_minutes: number | null;
  delivery_status: DeliveryStatus | null;
  delivered_at: Date | string | null;
  cancelled_at: Date | string | null;
};

/** The gift of a link (by its hash), with its order; `lock` holds the order's row (then the gift's). */
export async function findGiftByLinkHash(
  db: Executor,
  hash: string,
  options: { lock?: boolean } = {},
): Promise<RecipientGiftRow | undefined> {
  const result = await db.execute<RecipientGiftRow>(sql`
    SELECT ${GIFT_COLUMNS}, o.contact_name, o.status AS order_status, o.fulfilment, o.delivery_zone_name, o.street,
           o.delivery_instructions, o.estimated_delivery_time, z.delivery_time_minutes AS zone_minutes,
           d.status AS delivery_status, d.delivered_at, COALESCE(d.cancelled_at, o.cancelled_at) AS cancelled_at
    FROM gift_recipients g
    JOIN orders o ON o.id = g.order_id
    LEFT JOIN delivery_zones z ON z.id = o.delivery_zone_id
    LEFT JOIN deliveries d ON d.order_id = o.id
    WHERE g.link_hash = ${hash}
    ${options.lock ? sql`FOR UPDATE OF o, g` : sql``}`);
  return result.rows[0];
}

/** The recipient's choice: the window (on the order's instructions, which the rider reads) and note. */
export async function saveRecipientChoice(
  tx: Tx,
  gift: { id: number; orderId: string },
  choice: {
    preferredTime?: DeliveryInstructions['preferred_delivery_time'] | undefined;
    instructions?: string | null | undefined;
    estimate: Date | null | undefined;
  },
): Promise<void> {
  if (choice.instructions !== undefined) {
    await tx.execute(sql`
      UPDATE gift_recipients SET recipient_instructions = ${choice.instructions}, updated_at = now()
      WHERE id = ${gift.id}`);
  }
  if (choice.preferredTime !== undefined) {
    await tx.execute(sql`
      UPDATE orders SET delivery_instructions = jsonb_set(delivery_instructions, '{preferred_delivery_time}', to_jsonb(${choice.preferredTime}::text)),
        updated_at = now()
      WHERE id = ${gift.orderId}`);
  }
  if (choice.estimate !== undefined) {
    await tx.execute(
      sql`UPDATE orders SET estimated_delivery_time = ${choice.estimate} WHERE id = ${gift.orderId}`,
    );
    await tx.execute(sql`
      UPDATE deliveries SET estimated_delivery_time = ${choice.estimate}, updated_at = now()
      WHERE order_id = ${gift.orderId}`);
  }
}

/** The name the buyer gave at checkout (its first name is all a recipient learns). */
export async function findGiftSender(db: Executor, orderId: string): Promise<string | undefined> {
  const result = await db.execute<{ contact_name: string }>(
    sql`SELECT contact_name FROM orders WHERE id = ${orderId}`,
  );
  return result.rows[0]?.contact_name;
}

export type SentGiftRow = {
  order_number: string;
  recipient_name: string;
  recipient_phone: string;
  message: string | null;
  delivery_date: string;
  created_at: Date;
};

/**
 * The gifts a customer sent, a page at a time, newest first (their copy of their data: the
 * recipient's details as they gave them; the recipient's own note to the rider is the
 * recipient's, not theirs). Read through `orders_user_created_idx` and `gift_recipients_order_key`.
 */
export async function giftsSentBy(
  db: Executor,
  userId: string,
  limit: number,
  offset: number,
): Promise<SentGiftRow[]> {
  const result = await db.execute<SentGiftRow>(sql`
    SELECT o.order_number, g.recipient_name, g.recipient_phone, g.message,
      g.delivery_date::text AS delivery_date, g.created_at
    FROM orders o JOIN gift_recipients g ON g.order_id = o.id
    WHERE o.user_id = ${userId}
    ORDER BY o.created_at DESC, o.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}
