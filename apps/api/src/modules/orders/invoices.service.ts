import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { invoiceFiscal } from '../efris/efris.invoice';
import { renderInvoicePdf } from './invoice-pdf';
import { findInvoiceOrderId, findOrder } from './orders.repository';

/**
 * An invoice's PDF: the customer's own (`userId`), or any for staff (null); 404 otherwise, the
 * same answer for someone else's invoice as for one that does not exist.
 */
export async function invoicePdf(
  db: Database,
  invoiceId: number,
  userId: string | null,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const orderId = await findInvoiceOrderId(db, invoiceId, userId);
  const order = orderId === undefined ? undefined : await findOrder(db, orderId, null);
  if (!order?.invoice_number) throw notFound('Invoice');
  return {
    fileName: `${order.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
    pdf: await renderInvoicePdf(order, await invoiceFiscal(db, order)),
  };
}
