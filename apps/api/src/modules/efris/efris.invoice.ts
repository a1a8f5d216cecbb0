import type { TicketInvoiceEfris } from '@shop/contract/events';
import type { Executor } from '../../db/transaction';
import type { InvoiceFiscal } from '../orders/invoice-pdf';
import type { OrderRow } from '../orders/orders.repository';
import { fiscalOfOrder, fiscalOfTicketInvoices, readSettings } from './efris.repository';

// qrcode loads with the first fiscalised invoice drawn: most processes never draw one.
let qrcode: Promise<typeof import('qrcode')> | undefined;
const loadQrCode = () => (qrcode ??= import('qrcode'));

/**
 * What an order's invoice says about EFRIS: its fiscal details once URA issued them; "not yet"
 * while EFRIS is on and the tax invoice waits; nothing otherwise (the invoice claims nothing).
 */
export async function invoiceFiscal(db: Executor, order: OrderRow): Promise<InvoiceFiscal> {
  const fiscal = await fiscalOfOrder(db, order.id);
  return drawnFiscal(db, fiscal, order.invoice_shop_tin !== null && order.invoice_status !== 'void');
}

/** The same for a paid ticket's invoice (decision 0034). */
export async function ticketInvoiceFiscal(
  db: Executor,
  invoice: { id: number; taxInvoice: boolean },
): Promise<InvoiceFiscal> {
  const fiscal = (await fiscalOfTicketInvoices(db, [invoice.id])).get(invoice.id) ?? null;
  return drawnFiscal(db, fiscal, invoice.taxInvoice);
}

/** What the ticket page says of each ticket invoice at EFRIS (one query, and the settings). */
export async function ticketInvoicesFiscal(
  db: Executor,
  invoices: Array<{ id: number; taxInvoice: boolean }>,
): Promise<Map<number, TicketInvoiceEfris>> {
  if (invoices.length === 0) return new Map();
  const [fiscal, settings] = await Promise.all([
    fiscalOfTicketInvoices(
      db,
      invoices.map((invoice) => invoice.id),
    ),
    readSettings(db),
  ]);
  return new Map(
    invoices.map((invoice): [number, TicketInvoiceEfris] => {
      const row = fiscal.get(invoice.id);
      if (row)
        return [
          invoice.id,
          {
            state: 'fiscalised',
            fiscal: {
              fiscal_document_number: row.fiscal_document_number,
              verification_code: row.verification_code,
              fiscalised_at: new Date(row.fiscalised_at).toISOString(),
            },
          },
        ];
      return [
        invoice.id,
        { state: invoice.taxInvoice && settings.enabled ? 'pending' : 'none', fiscal: null },
      ];
    }),
  );
}

async function drawnFiscal(
  db: Executor,
  fiscal: { fiscal_document_number: string; verification_code: string; qr_code: string } | null,
  taxInvoice: boolean,
): Promise<InvoiceFiscal> {
  if (fiscal) {
    let qr: { size: number; dark: ArrayLike<number> } | null = null;
    if (fiscal.qr_code) {
      const QRCode = await loadQrCode();
      const { modules } = QRCode.create(fiscal.qr_code, { errorCorrectionLevel: 'M' });
      qr = { size: modules.size, dark: modules.data };
    }
    return {
      state: 'fiscalised',
      fiscalDocumentNumber: fiscal.fiscal_document_number,
      verificationCode: fiscal.verification_code,
      qr,
    };
  }
  if (!taxInvoice) return { state: 'none' };
  const settings = await readSettings(db);
  return settings.enabled ? { state: 'pending' } : { state: 'none' };
}
