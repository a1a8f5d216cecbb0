import type { Database } from '../../db/client';
import type { EmailService } from '../email/email.service';
import { confirmationEmailSent, markConfirmationEmailSent } from './order-lifecycle.repository';
import { orderConfirmationEmail } from './orders.emails';
import { findOrder } from './orders.repository';

/** The orders' job queues (registered by ./orders.plugin.ts). */

/** One job per order, written by checkout in the order's own transaction. */
export const CONFIRMATION_EMAIL_QUEUE = 'orders.confirmation-email';
/** Every minute: unpaid mobile-money orders past their deadline are cancelled. */
export const EXPIRE_UNPAID_QUEUE = 'orders.expire-unpaid';

/**
 * Sends the order-confirmation e-mail once: a retry after it went out finds it recorded and
 * sends nothing (only a crash between sending and recording can send it twice).
 */
export async function sendOrderConfirmation(
  deps: { db: Database; email: EmailService; publicUrl: string },
  orderId: string,
): Promise<void> {
  if (await confirmationEmailSent(deps.db, orderId)) return;
  const order = await findOrder(deps.db, orderId, null);
  if (!order) return;
  await deps.email.sendEmail(
    orderConfirmationEmail({ order, url: `${deps.publicUrl}/order-history/${order.id}` }),
  );
  await markConfirmationEmailSent(deps.db, orderId);
}
