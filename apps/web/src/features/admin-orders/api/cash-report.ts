import { type CashReport, cashReportSchema } from '@shop/contract/staff-orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STAFF_ORDERS_KEY } from './staff-orders';

/** `GET /orders/admin/cash/`: cash expected against collected per rider and Kampala day. */
export function cashReportQuery(range: { date_from?: string; date_to?: string }) {
  const query = Object.fromEntries(Object.entries(range).filter(([, value]) => Boolean(value)));
  return queryOptions<CashReport>({
    queryKey: [...STAFF_ORDERS_KEY, 'cash', query] as const,
    queryFn: ({ signal }) =>
      api.get('/orders/admin/cash/', { query, schema: cashReportSchema, signal, toast: false }),
  });
}

export function useCashReport(range: { date_from?: string; date_to?: string }, enabled: boolean) {
  return useQuery({ ...cashReportQuery(range), placeholderData: keepPreviousData, enabled });
}
