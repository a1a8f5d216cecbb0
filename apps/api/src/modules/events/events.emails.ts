import { BRAND } from '@shop/contract/brand';
import {
  formatEventClock,
  formatEventDate,
  formatEventWhen,
  formatTicketCode,
  RSVP_HOLD_MINUTES,
} from '@shop/contract/events';
import { formatUGX } from '@shop/contract/money';
import { countOf } from '@shop/contract/plural';
import type { OutgoingEmail } from '../email/email.service';
import { escapeHtml, type RenderedEmail, renderEmail } from '../email/layout';
import { ticketOf } from './tickets';

/**
 * The e-mails of events and RSVPs. Every one names the event, when (Kampala time) and where; a
 * confirmed booking carries the ticket code and its QR code, and links to the event's page,
 * where the ticket and the calendar file are.
 */

export type EmailEvent = {
  title: string;
  slug: string;
  startsAt: Date;
  endsAt: Date;
  venueName: string;
  venueAddress: string;
  dressCode: string | null;
};

export type EmailCustomer = { email: string; name: string };

type Links = { publicUrl: string };

const eventUrl = (links: Links, event: EmailEvent) => `${links.publicUrl}/events/${event.slug}`;

function whenAndWhere(event: EmailEvent): string[] {
  const lines = [
    `When: ${formatEventWhen(event.startsAt.toISOString(), event.endsAt.toISOString())}`,
    `Where: ${event.venueName}, ${event.venueAddress}`,
  ];
  if (event.dressCode) lines.push(`Dress code: ${event.dressCode}`);
  return lines;
}

const seats = (guests: number) => countOf(guests, 'seat');

/**
 * Puts the ticket's QR code (a PNG served by the shop) under the paragraph that names the code.
 * The layout escapes every paragraph, so the code's own paragraph is found exactly; mail clients
 * that block images still show the code itself.
 */
function withTicketQr(
  rendered: RenderedEmail,
  ticketLine: string,
  code: string,
  publicUrl: string,
): RenderedEmail {
  const ticket = ticketOf(code, publicUrl);
  const marker = `${escapeHtml(ticketLine)}</p>`;
  const image =
    `\n<p style="margin:0 0 16px"><img src="${escapeHtml(ticket.qr_png_url)}" width="176" height="176" ` +
    `alt="QR code of ticket ${escapeHtml(ticket.display_code)}" style="display:block;border:1px solid #e7e0d6;border-radius:6px"></p>`;
  return { ...rendered, html: rendered.html.replace(marker, `${marker}${image}`) };
}

export function rsvpConfirmedEmail(
  links: Links,
  customer: EmailCustomer,
  event: EmailEvent,
  rsvp: { guests: number; ticketCode: string; amountPaid: number | null; promoted: boolean },
): OutgoingEmail {
  const ticketLine = `Your ticket: ${formatTicketCode(rsvp.ticketCode)}`;
  const rendered = renderEmail({
    subject: `Your ticket for ${event.title}`,
    preheader: `${seats(rsvp.guests)} confirmed. Show the QR code at the door.`,
    heading: rsvp.promoted ? 'A seat opened up: you are booked' : 'You are booked',
    paragraphs: [
      `Hello ${customer.name},`,
      rsvp.promoted
        ? `Good news: seats opened up for ${event.title} and your RSVP moved off the waitlist. ${seats(rsvp.guests)} are confirmed for you.`
        : `Your RSVP for ${event.title} is confirmed: ${seats(rsvp.guests)}.`,
      ...whenAndWhere(event),
      ...(rsvp.amountPaid ? [`Paid: ${formatUGX(rsvp.amountPaid)} by mobile money.`] : []),
      ticketLine,
      'Show this code or its QR code at the door. It works once, for your whole party.',
    ],
    action: { label: 'See your ticket', url: eventUrl(links, event) },
    footnote: `Add the evening to your calendar from the event's page. Plans changed? Cancel there so that someone on the waitlist can come. Questions: ${BRAND.phone}.`,
  });
  return { to: customer.email, ...withTicketQr(rendered, ticketLine, rsvp.ticketCode, links.publicUrl) };
}

export function rsvpWaitlistedEmail(
  links: Links,
  customer: EmailCustomer,
  event: EmailEvent,
  rsvp: { guests: number; position: number; paidEvent: boolean },
): OutgoingEmail {
  const rendered = renderEmail({
    subject: `You are on the waitlist for ${event.title}`,
    preheader: `Number ${rsvp.position} in line. We will e-mail you as soon as seats open up.`,
    heading: 'You are on the waitlist',
    paragraphs: [
      `Hello ${customer.name},`,
      `${event.title} is fully booked, so your RSVP for ${seats(rsvp.guests)} is on the waitlist: you are number ${rsvp.position} in line.`,
      ...whenAndWhere(event),
      rsvp.paidEvent
        ? `When seats open up we hold them for you for ${RSVP_HOLD_MINUTES} minutes and e-mail you to pay by mobile money.`
        : 'When seats open up you are booked automatically, and we e-mail you your ticket.',
    ],
    action: { label: 'See the event', url: eventUrl(links, event) },
    footnote: 'No longer interested? Cancel your RSVP on the event page.',
  });
  return { to: customer.email, ...rendered };
}

export function rsvpHeldForPaymentEmail(
  links: Links,
  customer: EmailCustomer,
  event: EmailEvent,
  rsvp: { guests: number; amount: number; holdExpiresAt: Date },
): OutgoingEmail {
  const expiry = rsvp.holdExpiresAt.toISOString();
  const until = `${formatEventClock(expiry)} on ${formatEventDate(expiry)}`;
  const rendered = renderEmail({
    subject: `Seats opened up for ${event.title}: pay to confirm`,
    preheader: `We hold ${seats(rsvp.guests)} for you for ${RSVP_HOLD_MINUTES} minutes.`,
    heading: 'A seat opened up for you',
    paragraphs: [
      `Hello ${customer.name},`,
      `Seats opened up for ${event.title} and your RSVP moved off the waitlist. We hold ${seats(rsvp.guests)} for you until ${until} (Kampala time).`,
      `Pay ${formatUGX(rsvp.amount)} by mobile money on the event page to confirm them. After that time the seats go to the next person in line.`,
      ...whenAndWhere(event),
    ],
    action: { label: 'Pay and confirm', url: eventUrl(links, event) },
    footnote: 'No longer interested? Cancel your RSVP on the event page so the next guest can come.',
  });
  return { to: customer.email, ...rendered };
}

export function rsvpCancelledEmail(
  links: Links,
  customer: EmailCustomer,
  event: EmailEvent,
  reason: 'customer' | 'hold_expired',
): OutgoingEmail {
  const rendered = renderEmail({
    subject:
      reason === 'customer'
        ? `Your RSVP for ${event.title} is cancelled`
        : `Your seats for ${event.title} were released`,
    heading: reason === 'customer' ? 'Your RSVP is cancelled' : 'Your hold has expired',
    paragraphs: [
      `Hello ${customer.name},`,
      reason === 'customer'
        ? `As you asked, your RSVP for ${event.title} is cancelled and your seats went back on sale.`
        : `The payment for ${event.title} was not completed within ${RSVP_HOLD_MINUTES} minutes, so the seats we held for you were released. Nothing was charged.`,
      'Changed your mind? RSVP again on the event page while seats remain.',
    ],
    action: { label: 'See the event', url: eventUrl(links, event) },
  });
  return { to: customer.email, ...rendered };
}

export function eventCancelledEmail(
  links: Links,
  customer: EmailCustomer,
  event: EmailEvent,
  details: { reason: string; paidAmount: number },
): OutgoingEmail {
  const rendered = renderEmail({
    subject: `Cancelled: ${event.title}`,
    preheader: 'We are sorry: this event will not take place.',
    heading: 'This event is cancelled',
    paragraphs: [
      `Hello ${customer.name},`,
      `We are sorry: ${event.title}, planned for ${formatEventWhen(event.startsAt.toISOString(), event.endsAt.toISOString())}, is cancelled.`,
      `Reason: ${details.reason}`,
      details.paidAmount > 0
        ? `You paid ${formatUGX(details.paidAmount)}. Our team will call you to refund it to the mobile-money number that paid.`
        : 'Nothing was charged.',
    ],
    action: { label: 'See our other events', url: `${links.publicUrl}/events` },
    footnote: `Questions: call us on ${BRAND.phone} or write to ${BRAND.email}.`,
  });
  return { to: customer.email, ...rendered };
}
