import { type InvoiceListResponse, invoiceListResponseSchema } from '@shop/contract/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Invoices per page. */
export const INVOICES_PAGE_SIZE = 10;

/** `GET /orders/invoices/`: the customer's invoices, newest first. Under `['invoices']`, dropped on sign-out. */
export function invoicesQuery(page = 1) {
  const query = { page, page_size: INVOICES_PAGE_SIZE };
  return queryOptions<InvoiceListResponse>({
    queryKey: ['invoices', query],
    queryFn: ({ signal }) =>
      api.get('/orders/invoices/', { query, schema: invoiceListResponseSchema, signal, toast: false }),
  });
}

export function useInvoices(page = 1) {
  return useQuery({ ...invoicesQuery(page), placeholderData: keepPreviousData });
}
