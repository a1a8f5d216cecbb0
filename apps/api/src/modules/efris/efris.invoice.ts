import type { Executor } from '../../db/transaction';
import type { InvoiceFiscal } from '../orders/invoice-pdf';
import type { OrderRow } from '../orders/orders.repository';
import { fiscalOfOrder, readSettings } from './efris.repository';

// qrcode loads with the first fiscalised invoice drawn: most processes never draw one.
let qrcode: Promise<typeof import('qrcode')> | undefined;
const loadQrCode = () => (qrcode ??= import('qrcode'));

/**
 * What an order's invoice says about EFRIS: its fiscal details once URA issued them; "not yet"
 * while EFRIS is on and the tax invoice waits; nothing otherwise (the invoice claims nothing).
 */
export async function invoiceFiscal(db: Executor, order: OrderRow): Promise<InvoiceFiscal> {
  const fiscal = await fiscalOfOrder(db, order.id);
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
  if (!order.invoice_shop_tin || order.invoice_status === 'void') return { state: 'none' };
  const settings = await readSettings(db);
  return settings.enabled ? { state: 'pending' } : { state: 'none' };
}
