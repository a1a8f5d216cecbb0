import { kampalaIsoDate } from '@shop/contract/kampala-time';
import { type RiderCashReport, riderCashReportSchema } from '@shop/contract/rider';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { STAFF_ORDERS_KEY } from './staff-orders';

const orderPath = (orderId: string, action: string) =>
  `/orders/admin/orders/${encodeURIComponent(orderId)}/${action}/`;

/** `POST …/verify-by-phone/`: staff called the customer who has no code (audited with the reason). */
export function verifyByPhone(orderId: string, reason: string): Promise<unknown> {
  return api.post(orderPath(orderId, 'verify-by-phone'), { reason }, { toast: false });
}

/** `POST …/bottles-back/`: a returned order's bottles are on the shelf again (once). */
export function confirmBottlesBack(orderId: string): Promise<unknown> {
  return api.post(orderPath(orderId, 'bottles-back'), undefined, { toast: false });
}

/** `POST /orders/admin/riders/{id}/cash-handins/`: the cashier's count of a rider's cash. */
export function countCashIn(riderId: string, body: { amount: number; reason: string | null }) {
  return api.post(`/orders/admin/riders/${encodeURIComponent(riderId)}/cash-handins/`, body, {
    toast: false,
  });
}

/** Today in Kampala, the cash page's default day. */
export const kampalaToday = () => kampalaIsoDate(new Date());

/** `GET /orders/admin/riders/cash/`: one Kampala day, per rider. */
export function riderCashQuery(day: string) {
  return queryOptions<RiderCashReport>({
    queryKey: [...STAFF_ORDERS_KEY, 'rider-cash', day] as const,
    queryFn: ({ signal }) =>
      api.get('/orders/admin/riders/cash/', {
        query: { date_from: day, date_to: day },
        schema: riderCashReportSchema,
        signal,
        toast: false,
      }),
  });
}

export function useRiderCash(day: string, enabled: boolean) {
  return useQuery({ ...riderCashQuery(day), placeholderData: keepPreviousData, enabled });
}

/** `GET /orders/admin/riders/cash.csv` for one day. */
export function downloadRiderCashCsv(day: string) {
  const query = new URLSearchParams({ date_from: day, date_to: day });
  return downloadFile(`/orders/admin/riders/cash.csv?${query}`, `rider-cash-${day}.csv`, 'text/csv');
}
