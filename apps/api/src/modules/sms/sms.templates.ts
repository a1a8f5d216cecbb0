import { BRAND } from '@shop/contract/brand';
import { formatTicketCode } from '@shop/contract/events';
import { kampalaDayStart } from '@shop/contract/gifts';
import {
  formatKampalaClock,
  formatKampalaDayTime,
  formatKampalaWeekdayDate,
} from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import type { MobileMoneyNetwork } from '@shop/contract/orders';
import { classifyPaymentFailure, paymentAdvice } from '@shop/contract/payment-advice';
import { countOf } from '@shop/contract/plural';
import { PHONE_CODE_TTL_MINUTES, smsSegments, toGsm7 } from '@shop/contract/sms';

/**
 * The words of each SMS: short (one 160-character GSM-7 part wherever the facts allow: see
 * sms.templates.test.ts), in Kampala time, with the order number. Names that may be long (an
 * event's title, a rider's name, a product) are shortened with "..." so the message stays one
 * part; the facts a customer acts on (numbers, amounts, times, codes) are never cut.
 */

const SHOP = BRAND.name;
/** Writes the message in GSM-7 (typographic characters replaced). */
const gsm = (text: string) => toGsm7(text).replace(/\s+/g, ' ').trim();

/**
 * The message with `name` shortened (from the end, with "...") until it fits `parts` SMS parts;
 * answers the full message when even a one-letter name would not fit.
 */
export function fitName(render: (name: string) => string, name: string, parts = 1): string {
  const cleanName = gsm(name);
  const fits = (text: string) => smsSegments(text).segments <= parts;
  let candidate = gsm(render(cleanName));
  if (fits(candidate)) return candidate;
  for (let length = cleanName.length - 1; length >= 1; length--) {
    candidate = gsm(render(`${cleanName.slice(0, length).trimEnd()}...`));
    if (fits(candidate)) return candidate;
  }
  return candidate;
}

/** Kept in a verification SMS's stead of its code once a provider sent it (the outbox shows it). */
export const PHONE_CODE_NOT_KEPT = '[code sent, not kept]';

export function phoneVerificationSms(code: string): string {
  return gsm(
    `${SHOP}: your phone code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} min. Never share it; we will never ask you for it.`,
  );
}

/** "Order ORD-…" from a payment's subject label, else the label itself. */
const orderLabel = (orderNumber: string) => `order ${orderNumber}`;

export function orderPlacedSms(input: {
  orderNumber: string;
  itemCount: number;
  total: number;
  status: 'pending' | 'confirmed';
  fulfilment: 'delivery' | 'pickup';
  paymentDueAt: Date | null;
}): string {
  const what = `${countOf(input.itemCount, 'bottle')}, ${formatUGX(input.total)}`;
  if (input.status === 'pending') {
    const until = input.paymentDueAt ? ` by ${formatKampalaClock(input.paymentDueAt)}` : '';
    return gsm(
      `${SHOP}: we have ${orderLabel(input.orderNumber)} (${what}). Approve the mobile money prompt${until} to confirm it.`,
    );
  }
  const pay = input.fulfilment === 'pickup' ? 'when you collect it' : 'cash on delivery';
  return gsm(`${SHOP}: ${orderLabel(input.orderNumber)} (${what}) is confirmed. You pay ${pay}.`);
}

const walletName = (network: 'MTN' | 'AIRTEL') => (network === 'MTN' ? 'MTN MoMo' : 'Airtel Money');

/** `subject`: "order ORD-…" or an event's label; shortened when long. */
export function paymentReceivedSms(input: {
  subject: string;
  amount: number;
  network: 'MTN' | 'AIRTEL';
  paidAt: Date;
}): string {
  return fitName(
    (subject) =>
      `${SHOP}: we received ${formatUGX(input.amount)} by ${walletName(input.network)} for ${subject} at ${formatKampalaClock(input.paidAt)}. Thank you!`,
    input.subject,
  );
}

/**
 * The payment's failure and the existing mobile-money advice (what to do next). The advice
 * alone is up to ~190 characters, so this one takes two parts: cutting the advice would cut what
 * the customer needs to do.
 */
export function paymentFailedSms(input: {
  subject: string;
  status: 'failed' | 'expired';
  reason: string;
  network: MobileMoneyNetwork;
}): string {
  const advice = paymentAdvice(classifyPaymentFailure(input.reason, input.status), input.network);
  return fitName(
    (subject) => `${SHOP}: payment for ${subject} did not go through. ${advice}`,
    input.subject,
    2,
  );
}

export function outForDeliverySms(input: {
  orderNumber: string;
  riderName: string | null;
  riderPhone: string | null;
  expectedAt: Date | null;
  /** The handover code to give the rider at the door (issue 38), when the shop's rider takes it. */
  handoverCode?: string | null;
}): string {
  const expected = input.expectedAt ? ` Expected ${formatKampalaClock(input.expectedAt)}.` : '';
  const code = input.handoverCode ? ` Give the rider code ${input.handoverCode}.` : '';
  if (!input.riderName || !input.riderPhone) {
    return gsm(`${SHOP}: ${orderLabel(input.orderNumber)} is on its way.${expected}${code}`);
  }
  const phone = input.riderPhone;
  return fitName(
    (rider) =>
      `${SHOP}: ${orderLabel(input.orderNumber)} is on its way with ${rider}, ${phone}.${expected}${code}`,
    input.riderName,
  );
}

export function deliveredSms(input: { orderNumber: string; at: Date }): string {
  return gsm(
    `${SHOP}: ${orderLabel(input.orderNumber)} was delivered at ${formatKampalaClock(input.at)}. Thank you, and enjoy!`,
  );
}

/** To a gift's recipient when it is confirmed: who from, the day, the link; never the price. */
export function giftComingSms(input: { from: string; day: string; link: string }): string {
  const day = formatKampalaWeekdayDate(kampalaDayStart(input.day));
  return fitName(
    (from) =>
      `${SHOP}: ${from} is sending you a gift for ${day}. Choose a time or leave directions: ${input.link}`,
    input.from,
    2,
  );
}

/** To a gift's recipient when it goes out: who from, the rider, the link; never the price. */
export function giftOutForDeliverySms(input: {
  from: string;
  riderName: string | null;
  riderPhone: string | null;
  expectedAt: Date | null;
  link: string;
}): string {
  const expected = input.expectedAt ? ` Expected ${formatKampalaClock(input.expectedAt)}.` : '';
  const rider =
    input.riderName && input.riderPhone ? ` with ${gsm(input.riderName)}, ${input.riderPhone}` : '';
  return fitName(
    (from) => `${SHOP}: your gift from ${from} is on its way${rider}.${expected} ${input.link}`,
    input.from,
    2,
  );
}

export function ticketConfirmedSms(input: {
  eventTitle: string;
  startsAt: Date;
  guests: number;
  ticketCode: string;
}): string {
  return fitName(
    (title) =>
      `${SHOP}: ${countOf(input.guests, 'seat')} booked for ${title}, ${formatKampalaDayTime(input.startsAt)}. Ticket ${formatTicketCode(input.ticketCode)}.`,
    input.eventTitle,
  );
}

export function eventReminderSms(input: {
  eventTitle: string;
  startsAt: Date;
  guests: number;
  ticketCode: string;
}): string {
  return fitName(
    (title) =>
      `${SHOP}: see you tomorrow at ${formatKampalaClock(input.startsAt)} for ${title}. ${countOf(input.guests, 'seat')}, ticket ${formatTicketCode(input.ticketCode)}.`,
    input.eventTitle,
  );
}

export function refundSentSms(input: { subject: string; amount: number; creditNoteNumber: string }): string {
  return fitName(
    (subject) =>
      `${SHOP}: we refunded ${formatUGX(input.amount)} for ${subject} to the number that paid. Credit note ${input.creditNoteNumber}.`,
    input.subject,
  );
}

/** Where a customer turns marketing SMS off (every marketing SMS carries it). */
export const smsOptOutUrl = (publicUrl: string) => `${publicUrl}/profile`;

/** A marketing SMS: always ends with the opt-out link, which is never shortened. */
export function marketingSms(input: { text: string; publicUrl: string }): string {
  const optOut = ` Stop offers: ${smsOptOutUrl(input.publicUrl)}`;
  return fitName((text) => `${SHOP}: ${text}${optOut}`, input.text);
}

export function onSaleSms(input: {
  productName: string;
  price: number | null;
  originalPrice: number | null;
  publicUrl: string;
}): string {
  const price =
    input.price !== null && input.originalPrice !== null
      ? `, now ${formatUGX(input.price)} (was ${formatUGX(input.originalPrice)})`
      : '';
  const optOut = ` Stop offers: ${smsOptOutUrl(input.publicUrl)}`;
  return fitName(
    (product) => `${SHOP}: ${product} from your wishlist is on sale${price}.${optOut}`,
    input.productName,
  );
}

/** "order ORD-…" from a payment's subject label ("Order ORD-…"), or the label as it is. */
export function subjectOf(label: string): string {
  const match = /^Order (ORD-\S+)$/.exec(label);
  return match ? orderLabel(match[1] as string) : label.replace(/^RSVP: /, '');
}
