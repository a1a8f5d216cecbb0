import {
  type RiderAction,
  type RiderRun,
  riderActionResultSchema,
  riderRunSchema,
} from '@shop/contract/rider';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { SendOutcome } from '../lib/action-queue';

export const RIDER_RUN_KEY = ['rider', 'run'] as const;

/** `GET /rider/run/`: today's stops, kept on screen when the network goes (the last answer stays). */
export function riderRunQuery() {
  return queryOptions<RiderRun>({
    queryKey: RIDER_RUN_KEY,
    queryFn: ({ signal }) => api.get('/rider/run/', { schema: riderRunSchema, signal, toast: false }),
    refetchInterval: 60_000,
    networkMode: 'always',
    retry: false,
  });
}

export const useRiderRun = () => useQuery(riderRunQuery());

/** `POST /rider/actions/`: an answer (done, or refused with the reason) or no answer at all. */
export async function sendRiderAction(action: RiderAction): Promise<SendOutcome> {
  try {
    const result = await api.post('/rider/actions/', action, {
      schema: riderActionResultSchema,
      toast: false,
    });
    return { kind: 'answered', ok: true, message: result.message };
  } catch (error) {
    if (isApiError(error) && error.status !== null && error.status < 500) {
      const field = error.fields[0]?.message;
      return { kind: 'answered', ok: false, message: field ?? error.envelope?.message ?? error.userMessage };
    }
    return { kind: 'offline' };
  }
}
