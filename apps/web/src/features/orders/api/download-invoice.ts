import { API_BASE_PATH, TOAST_DURATION_MS } from '@shop/contract/constants';
import type { Invoice } from '@shop/contract/orders';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** The path under /api/v1 of an invoice's `pdf_url` (written by the API with or without /api/v1). */
export function pdfPath(pdfUrl: string): string {
  const url = new URL(pdfUrl, 'http://shop.invalid');
  const path = `${url.pathname}${url.search}`;
  return path.startsWith(`${API_BASE_PATH}/`) ? path.slice(API_BASE_PATH.length) : path;
}

/** Offers a file to the browser's downloads under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function invoiceFileName(invoice: Pick<Invoice, 'invoice_number'>): string {
  return `${invoice.invoice_number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
}

/**
 * Fetches the invoice's PDF through the API client (the bearer token, the session cookie, the
 * timeout and the session refresh of every call) and saves it as "INV-000123.pdf".
 */
export async function downloadInvoice(invoice: Invoice): Promise<void> {
  const blob = await api.get<Blob>(pdfPath(invoice.pdf_url), {
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
    toast: false,
  });
  saveFile(blob, invoiceFileName(invoice));
}

export const invoiceDownloadFailed = (invoice: Pick<Invoice, 'invoice_number'>) =>
  `We could not download invoice ${invoice.invoice_number}. Please try again.`;

/** Download as a button does it: one at a time per invoice, with a message if it fails. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: downloadInvoice,
    onError: (_error, invoice) => {
      toast.error(invoiceDownloadFailed(invoice), { duration: TOAST_DURATION_MS });
    },
  });
}
