import { API_BASE_PATH } from '@shop/contract/constants';
import { type StaffOrderDetail, staffOrderDetailSchema } from '@shop/contract/staff-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STAFF_ORDERS_KEY } from './staff-orders';

/**
 * `GET /orders/admin/orders/{id}/detail/`: one order in full. Its key sits under the desk's, so
 * a status move (which refreshes the desk) refreshes the detail page too.
 */
export function staffOrderDetailQuery(orderId: string) {
  return queryOptions<StaffOrderDetail>({
    queryKey: [...STAFF_ORDERS_KEY, 'detail', orderId] as const,
    queryFn: ({ signal }) =>
      api.get(`/orders/admin/orders/${encodeURIComponent(orderId)}/detail/`, {
        schema: staffOrderDetailSchema,
        signal,
        toast: false,
      }),
  });
}

export function useStaffOrderDetail(orderId: string, enabled: boolean) {
  return useQuery({ ...staffOrderDetailQuery(orderId), enabled });
}

/** The path under /api/v1 of the packing slip (the API writes it with /api/v1). */
export function packingSlipPath(url: string): string {
  return url.startsWith(`${API_BASE_PATH}/`) ? url.slice(API_BASE_PATH.length) : url;
}

/**
 * A staff PDF of the order (`url` as the API writes it, with /api/v1): fetched through the API
 * client (session, CSRF, timeouts), then opened as a file the browser shows or saves.
 */
export async function downloadStaffPdf(url: string, filename: string) {
  const blob = await api.get<Blob>(packingSlipPath(url), {
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
    toast: false,
  });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** `GET /orders/invoices/{id}/pdf/`: the order's tax invoice (it still opens after the customer's erasure). */
export function downloadInvoice(order: Pick<StaffOrderDetail, 'invoice_number' | 'invoice_pdf_url'>) {
  if (!order.invoice_pdf_url) return Promise.reject(new Error('The order has no invoice yet'));
  return downloadStaffPdf(
    order.invoice_pdf_url,
    `${(order.invoice_number ?? 'invoice').replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
  );
}

/** `GET /orders/admin/orders/{id}/packing-slip.pdf`. */
export function downloadPackingSlip(order: Pick<StaffOrderDetail, 'order_number' | 'packing_slip_url'>) {
  return downloadStaffPdf(order.packing_slip_url, `packing-slip-${order.order_number}.pdf`);
}
