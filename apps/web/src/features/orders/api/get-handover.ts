import { type HandoverCode, handoverCodeSchema } from '@shop/contract/rider';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /orders/delivery-tracking/{number}/handover-code/`: the code to give the rider, or the door's outcome. */
export function handoverQuery(orderNumber: string) {
  return queryOptions<HandoverCode>({
    queryKey: ['orders', 'handover', orderNumber] as const,
    queryFn: ({ signal }) =>
      api.get(`/orders/delivery-tracking/${encodeURIComponent(orderNumber)}/handover-code/`, {
        schema: handoverCodeSchema,
        signal,
        toast: false,
      }),
    refetchInterval: 30_000,
  });
}

export const useHandover = (orderNumber: string, enabled: boolean) =>
  useQuery({ ...handoverQuery(orderNumber), enabled });
