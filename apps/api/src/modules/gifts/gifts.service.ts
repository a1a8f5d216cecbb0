import crypto from 'node:crypto';
import { toInstructionsResponse } from '@shop/contract/delivery';
import { currentDeliveryPromise, expectedDeliveryTime } from '@shop/contract/delivery-promise';
import {
  firstNameOf,
  GIFT_LINK_DAYS_AFTER_DELIVERY,
  giftMessages,
  kampalaDayStart,
  type OrderGift,
  type RecipientGift,
  type StaffOrderGift,
  type updateRecipientGiftSchema,
} from '@shop/contract/gifts';
import { orderStatusLabels } from '@shop/contract/orders';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, conflict, gone } from '../../errors';
import type { DomainEventMap } from '../../lib/domain-events';
import '../delivery/delivery.events';
import { deliveryScheduleNow } from '../settings/settings-snapshot';
import { requestSms, type SmsDeps } from '../sms/sms.service';
import { giftComingSms, giftOutForDeliverySms } from '../sms/sms.templates';
import {
  findGiftByLinkHash,
  findGiftOfOrder,
  findGiftSender,
  type GiftRow,
  keepLinkHash,
  type RecipientGiftRow,
  saveRecipientChoice,
} from './gifts.repository';

/**
 * Gifts: the recipient's link, what the recipient's page shows and lets them change, and the
 * recipient's SMS. The link's token is an HMAC of the order id under the server's secret, so the
 * same link can be sent again (confirmation, then out for delivery) while only its SHA-256 is
 * stored: a copy of the database alone opens no gift.
 */

export type GiftDeps = { db: Database; sms: SmsDeps; publicUrl: string; linkSecret: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function giftLinkToken(secret: string, orderId: string): string {
  return crypto.createHmac('sha256', secret).update(`gift-link:${orderId}`).digest('base64url');
}

export const linkHashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const giftLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/gift/${token}`;

export function toOrderGift(row: GiftRow): OrderGift {
  return {
    recipient_name: row.recipient_name,
    recipient_phone: row.recipient_phone,
    message: row.message,
    delivery_date: row.delivery_date,
    recipient_instructions: row.recipient_instructions,
  };
}

/** The gift of an order as its buyer reads it, or null. */
export async function giftOfOrder(db: Database, orderId: string): Promise<OrderGift | null> {
  const row = await findGiftOfOrder(db, orderId);
  return row ? toOrderGift(row) : null;
}

/** The gift of an order as staff read it (with its card), or null. */
export async function staffGiftOfOrder(db: Database, orderId: string): Promise<StaffOrderGift | null> {
  const row = await findGiftOfOrder(db, orderId);
  if (!row) return null;
  return { ...toOrderGift(row), gift_card_url: `/api/v1/orders/admin/orders/${orderId}/gift-card.pdf` };
}

// ---------------------------------------------------------------------------------------------
// The recipient's page
// ---------------------------------------------------------------------------------------------

const unknownLink = () => new AppError('not_found', giftMessages.linkUnknown);

/** The link works until GIFT_LINK_DAYS_AFTER_DELIVERY days after delivery (or cancellation). */
function checkNotExpired(row: RecipientGiftRow, now: Date) {
  const closedAt = row.delivered_at ?? row.cancelled_at;
  if (closedAt && now.getTime() > new Date(closedAt).getTime() + GIFT_LINK_DAYS_AFTER_DELIVERY * DAY_MS) {
    throw gone(giftMessages.linkExpired);
  }
}

function statusOf(row: RecipientGiftRow): RecipientGift['status'] {
  if (row.delivery_status) return row.delivery_status;
  return row.order_status === 'cancelled' ? 'cancelled' : 'preparing';
}

const CHANGEABLE: ReadonlySet<RecipientGift['status']> = new Set([
  'preparing',
  'confirmed',
  'processing',
  'ready_for_delivery',
]);

function toRecipientGift(row: RecipientGiftRow, now: Date): RecipientGift {
  const status = statusOf(row);
  const instructions = toInstructionsResponse(row.delivery_instructions);
  const promised = row.estimated_delivery_time ? new Date(row.estimated_delivery_time) : null;
  return {
    from: firstNameOf(row.contact_name),
    recipient_name: row.recipient_name,
    message: row.message,
    delivery_date: row.delivery_date,
    status,
    status_label: status === 'preparing' ? 'Being arranged' : orderStatusLabels[status],
    estimated_delivery_time: iso(
      currentDeliveryPromise({
        promised,
        now,
        status,
        preferredTime: instructions?.preferred_delivery_time,
        schedule: deliveryScheduleNow(),
      }),
    ),
    delivery_area: row.delivery_zone_name,
    street: row.street,
    landmark: instructions?.landmark ?? null,
    preferred_delivery_time: instructions?.preferred_delivery_time ?? 'asap',
    instructions: row.recipient_instructions,
    can_change: CHANGEABLE.has(status),
  };
}

async function rowOfToken(db: Database, token: string, lock = false): Promise<RecipientGiftRow> {
  const row = await findGiftByLinkHash(db, linkHashOf(token), { lock });
  if (!row) throw unknownLink();
  return row;
}

export async function recipientGift(db: Database, token: string, now = new Date()): Promise<RecipientGift> {
  const row = await rowOfToken(db, token);
  checkNotExpired(row, now);
  return toRecipientGift(row, now);
}

/**
 * The recipient's window and note. The order's row is locked, so a change and staff sending the
 * gift out take turns: once out (or delivered, cancelled) nothing changes (409). A new window
 * moves the promise, counted from now or the gift's day, whichever is later.
 */
export async function updateRecipientGift(
  db: Database,
  token: string,
  body: z.output<typeof updateRecipientGiftSchema>,
  now = new Date(),
): Promise<RecipientGift> {
  await db.transaction(async (tx) => {
    const row = await findGiftByLinkHash(tx, linkHashOf(token), { lock: true });
    if (!row) throw unknownLink();
    checkNotExpired(row, now);
    if (!CHANGEABLE.has(statusOf(row))) {
      const field = body.preferred_delivery_time !== undefined ? 'preferred_delivery_time' : 'instructions';
      throw conflict(giftMessages.tooLate, 'conflict', [{ field, message: giftMessages.tooLate }]);
    }
    const windowChanges =
      body.preferred_delivery_time !== undefined &&
      body.preferred_delivery_time !== row.delivery_instructions?.preferred_delivery_time;
    // Only a confirmed gift has a promise to move; an unpaid one is promised when it is confirmed.
    const estimate =
      windowChanges && row.estimated_delivery_time && row.zone_minutes
        ? expectedDeliveryTime({
            from: now,
            leadMinutes: row.zone_minutes,
            preferredTime: body.preferred_delivery_time,
            schedule: deliveryScheduleNow(),
            notBefore: kampalaDayStart(row.delivery_date),
          })
        : undefined;
    await saveRecipientChoice(
      tx,
      { id: row.id, orderId: row.order_id },
      {
        preferredTime: windowChanges ? body.preferred_delivery_time : undefined,
        instructions: body.instructions,
        estimate,
      },
    );
  });
  return recipientGift(db, token, now);
}

// ---------------------------------------------------------------------------------------------
// The recipient's SMS
// ---------------------------------------------------------------------------------------------

const BEFORE_DISPATCH: ReadonlySet<string> = new Set(['confirmed', 'processing', 'ready_for_delivery']);

/**
 * The recipient's SMS, and nothing else reaches them: when the gift is confirmed (its day and
 * the link to choose a window or leave instructions) and when it goes out. Who it is from, never
 * what it cost. One SMS per (kind, order), however often the event is handled.
 */
export async function sendRecipientSms(
  deps: GiftDeps,
  event: DomainEventMap['delivery.status_changed'],
): Promise<string | null> {
  // A delivery is created at confirmation (or caught up later by the reconciliation job).
  const coming = event.from === null && BEFORE_DISPATCH.has(event.to);
  const out = event.to === 'out_for_delivery';
  if (!coming && !out) return null;
  const gift = await findGiftOfOrder(deps.db, event.orderId);
  if (!gift) return null;
  const from = await buyerFirstName(deps.db, event.orderId);
  const token = giftLinkToken(deps.linkSecret, event.orderId);
  await keepLinkHash(deps.db, gift.id, linkHashOf(token));
  const link = giftLinkUrl(deps.publicUrl, token);
  return requestSms(deps.sms, {
    kind: coming ? 'gift_coming' : 'gift_out_for_delivery',
    subject: event.orderId,
    userId: null,
    phone: gift.recipient_phone,
    body: coming
      ? giftComingSms({ from, day: gift.delivery_date, link })
      : giftOutForDeliverySms({
          from,
          riderName: event.riderName,
          riderPhone: event.riderPhone,
          expectedAt: event.estimatedDeliveryTime,
          link,
        }),
  });
}

async function buyerFirstName(db: Database, orderId: string): Promise<string> {
  const row = await findGiftSender(db, orderId);
  return firstNameOf(row ?? '');
}
