import { API_BASE_PATH } from '@shop/contract/constants';
import type { RsvpInvoice } from '@shop/contract/events';
import { orderVat } from '@shop/contract/vat';
import type { Executor } from '../../db/transaction';
import { notFound } from '../../errors';
import { ticketInvoiceFiscal, ticketInvoicesFiscal } from '../efris/efris.invoice';
import { type InvoiceSource, renderInvoicePdf } from '../orders/invoice-pdf';
import { shopSettingsNow } from '../settings/settings-snapshot';
import {
  findTicketInvoice,
  insertTicketInvoice,
  type TicketInvoiceRow,
  ticketInvoicesOfRsvps,
} from './ticket-invoices.repository';

/**
 * Paid tickets' tax invoices (issue 37, decision 0034): issued in the payment's own transaction,
 * numbered in the orders' INV- series, drawn by the orders' invoice PDF (the seats as its one
 * line), fiscalised by EFRIS after commit like an order's (the efris module, on `rsvp.confirmed`).
 */

/** Inside the settlement's transaction: the payment's invoice, once. What was paid includes VAT. */
export async function issueTicketInvoice(
  tx: Executor,
  ticket: {
    rsvpId: string;
    transactionId: string;
    userId: string;
    eventId: number;
    ticketCode: string;
    guests: number;
    amount: number;
  },
): Promise<void> {
  if (ticket.amount <= 0) return;
  const shopTin = shopSettingsNow().vat_tin;
  const vat = shopTin
    ? orderVat({ lineTotals: [ticket.amount], deliveryFee: 0, discount: 0 }, true).total.vat
    : null;
  await insertTicketInvoice(tx, {
    ...ticket,
    total: ticket.amount,
    vat: shopTin && vat !== null ? { shopTin, vatTotal: vat } : null,
  });
}

export const ticketInvoicePdfPath = (id: number) => `${API_BASE_PATH}/events/ticket-invoices/${id}/pdf/`;

/** The invoice of each RSVP's current ticket, with its state at EFRIS (two queries). */
export async function rsvpInvoices(
  db: Executor,
  rsvps: Array<{ id: string; ticket_code: string }>,
): Promise<Map<string, RsvpInvoice>> {
  const invoices = await ticketInvoicesOfRsvps(db, rsvps);
  const fiscal = await ticketInvoicesFiscal(
    db,
    [...invoices.values()].map((invoice) => ({ id: invoice.id, taxInvoice: invoice.shop_tin !== null })),
  );
  const out = new Map<string, RsvpInvoice>();
  for (const [rsvpId, invoice] of invoices) {
    out.set(rsvpId, {
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      tax_invoice: invoice.shop_tin !== null,
      pdf_url: ticketInvoicePdfPath(invoice.id),
      efris: fiscal.get(invoice.id) ?? { state: 'none', fiscal: null },
    });
  }
  return out;
}

/** The ticket invoice as the orders' invoice PDF draws it: the seats as its one line, no delivery. */
function invoiceSource(row: TicketInvoiceRow): InvoiceSource {
  return {
    invoice_number: row.invoice_number,
    order_number: row.invoice_number,
    invoice_issued_at: row.issued_at,
    invoice_paid_at: row.issued_at,
    invoice_due_at: null,
    invoice_status: 'paid',
    invoice_shop_tin: row.shop_tin,
    invoice_prices_include_vat: true,
    created_at: row.issued_at,
    items: [
      {
        product_name: row.event_title,
        variant_name: row.guests === 1 ? 'Ticket, 1 seat' : `Ticket, ${row.guests} seats`,
        sku: row.ticket_code,
        quantity: row.guests,
        unit_price: row.unit_price,
        subtotal: row.total,
      },
    ] as InvoiceSource['items'],
    subtotal: row.total,
    delivery_fee: 0,
    discount: 0,
    discount_code: null,
    vat_added: 0,
    total: row.total,
    vat_business_name: null,
    vat_business_tin: null,
    contact_name: row.customer_name,
    contact_phone: row.customer_phone ?? '',
    customer_email: row.customer_email,
    lpo_number: null,
    fulfilment: 'pickup',
    delivery_zone_name: null,
    street: null,
    delivery_instructions: null,
    payment_method: 'mobile_money',
    mobile_money_network: null,
    cancel_reason: null,
    event: {
      title: row.event_title,
      startsAt: row.event_starts_at,
      venue: [row.venue_name, row.venue_address],
      ticketCode: row.ticket_code,
    },
  };
}

/** A ticket invoice's PDF: the customer's own (`userId`), or any for staff (null); 404 otherwise. */
export async function ticketInvoicePdf(
  db: Executor,
  id: number,
  userId: string | null,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const row = await findTicketInvoice(db, id, userId);
  if (!row) throw notFound('Invoice');
  const fiscal = await ticketInvoiceFiscal(db, { id: row.id, taxInvoice: row.shop_tin !== null });
  return {
    fileName: `${row.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
    pdf: await renderInvoicePdf(invoiceSource(row), fiscal),
  };
}

/** For EFRIS's upload (T109): the ticket invoice as its PDF draws it. */
export async function ticketInvoiceForFiscal(db: Executor, id: number): Promise<InvoiceSource> {
  const row = await findTicketInvoice(db, id, null);
  if (!row) throw notFound('Ticket invoice');
  return invoiceSource(row);
}
