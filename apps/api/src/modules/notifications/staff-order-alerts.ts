import { BRAND } from '@shop/contract/brand';
import { formatUGX } from '@shop/contract/money';
import {
  type Fulfilment,
  type PaymentMethod,
  type PaymentStatus,
  paymentMethodLabel,
} from '@shop/contract/orders';
import { countOf } from '@shop/contract/plural';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';
import type { EmailService } from '../email/email.service';
import { renderEmail } from '../email/layout';
import type { NewNotification } from './notifications.service';

/**
 * The staff hear of each new order to prepare: one placed cash on delivery (confirmed at once),
 * or one that becomes confirmed later (paid by mobile money, switched to cash). Each staff member
 * and admin gets one notification per order (dedupe key), and an e-mail when the shop sends real
 * e-mail (SMTP): the dev mailbox would only fill up with copies nobody reads.
 */

type Deps = {
  db: Database;
  email: Pick<EmailService, 'transport' | 'sendEmail'>;
  create: (input: NewNotification) => Promise<unknown>;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
};

type AlertOrderRow = {
  id: string;
  order_number: string;
  item_count: number;
  total: number;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  fulfilment: Fulfilment;
  delivery_zone_name: string | null;
  contact_name: string;
};

export const staffOrderDedupeKey = (orderId: string) => `staff:new-order:${orderId}`;

export function newOrderWords(order: AlertOrderRow): { title: string; message: string } {
  const how =
    order.payment_status === 'paid'
      ? 'paid by mobile money'
      : paymentMethodLabel(order.payment_method, order.fulfilment).toLowerCase();
  const where =
    order.fulfilment === 'pickup' ? 'pick-up at the shop' : `delivery to ${order.delivery_zone_name ?? '?'}`;
  return {
    title: `New order ${order.order_number} to prepare`,
    message: `${order.contact_name}: ${countOf(order.item_count, 'bottle')}, ${formatUGX(order.total)}, ${how}, ${where}.`,
  };
}

/** Notifies every staff member and admin of the order (once each), and e-mails them with SMTP. */
export async function alertStaffOfOrder(deps: Deps, orderId: string): Promise<number> {
  const order = (
    await deps.db.execute<AlertOrderRow>(sql`
      SELECT id, order_number, item_count, total, payment_method, payment_status, fulfilment,
             delivery_zone_name, contact_name
      FROM orders WHERE id = ${orderId}`)
  ).rows[0];
  if (!order) return 0;
  const staff = (
    await deps.db.execute<{ id: string; email: string; name: string }>(
      sql`SELECT id, email, name FROM users WHERE role IN ('staff', 'admin') ORDER BY created_at`,
    )
  ).rows;
  const words = newOrderWords(order);
  const url = `${deps.publicUrl}/admin/orders/${order.id}`;
  let notified = 0;
  for (const member of staff) {
    const created = await deps.create({
      userId: member.id,
      type: 'order_update',
      priority: 'high',
      title: words.title,
      message: words.message,
      relatedId: order.id,
      dedupeKey: staffOrderDedupeKey(order.id),
    });
    // Null: this member was told already (the event handled twice), so no second e-mail either.
    if (!created) continue;
    notified += 1;
    if (deps.email.transport !== 'smtp') continue;
    const rendered = renderEmail({
      subject: words.title,
      heading: words.title,
      paragraphs: [`Hello ${member.name},`, words.message],
      action: { label: 'Open the order', url },
      footnote: `You get this e-mail as a member of ${BRAND.name}'s staff.`,
    });
    // A mail server that is down must not stop the other members' notifications.
    await deps.email
      .sendEmail({ to: member.email, ...rendered })
      .catch((error: unknown) => deps.log.error({ err: error, orderId }, 'staff order e-mail failed'));
  }
  return notified;
}

export function subscribeStaffOrderAlerts(events: DomainEvents, deps: Deps): void {
  events.subscribe('order.placed', async (event) => {
    if (event.status === 'confirmed') await alertStaffOfOrder(deps, event.orderId);
  });
  events.subscribe('order.status_changed', async (event) => {
    if (event.from === 'pending' && event.to === 'confirmed') await alertStaffOfOrder(deps, event.orderId);
  });
}
