import type { InvoiceExportQuery, OrderExportQuery } from '@shop/contract/dashboard';
import { apiUrl } from './api-client';

const present = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined));

// The accountant's CSV downloads, linked from the day's figures and the orders desk.

/**
 * `GET /admin/exports/orders.csv` (staff): a download link. The browser streams the file to disk
 * (the session cookie goes with it), so even 100,000 orders never sit in the page's memory.
 */
export function ordersCsvUrl(filters: Partial<Record<keyof OrderExportQuery, string | number>>): string {
  return apiUrl('/admin/exports/orders.csv', present(filters));
}

/** `GET /admin/exports/invoices.csv` (staff): a download link, invoices issued in the days. */
export function invoicesCsvUrl(filters: Partial<Record<keyof InvoiceExportQuery, string>>): string {
  return apiUrl('/admin/exports/invoices.csv', present(filters));
}

/** `GET /newsletter/subscriptions/export/` (staff): the confirmed subscribers as CSV, a download link. */
export function newsletterSubscribersCsvUrl(): string {
  return apiUrl('/newsletter/subscriptions/export/', {});
}
