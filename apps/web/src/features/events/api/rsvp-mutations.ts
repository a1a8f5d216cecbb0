import type { CreateRsvpRequest, PayRsvpRequest, Rsvp, UpdateRsvpRequest } from '@shop/contract/events';
import { rsvpSchema } from '@shop/contract/events';
import { type Transaction, transactionSchema } from '@shop/contract/payments';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { EVENTS_KEY, eventKeys, RSVPS_KEY } from './event-keys';

/**
 * The RSVP calls: `POST /events/rsvps/`, `PATCH` and `DELETE /events/rsvps/{id}/`, and
 * `POST /events/rsvps/{id}/pay/`. Errors are the caller's to show (next to the form's fields).
 */

export function createRsvp(request: CreateRsvpRequest): Promise<Rsvp> {
  return api.post('/events/rsvps/', request, { schema: rsvpSchema, toast: false });
}

export function updateRsvp(id: string, changes: UpdateRsvpRequest): Promise<Rsvp> {
  return api.patch(`/events/rsvps/${encodeURIComponent(id)}/`, changes, { schema: rsvpSchema, toast: false });
}

export function cancelRsvp(id: string): Promise<Rsvp> {
  return api.delete(`/events/rsvps/${encodeURIComponent(id)}/`, { schema: rsvpSchema, toast: false });
}

export function payRsvp(id: string, request: PayRsvpRequest): Promise<Transaction> {
  return api.post(`/events/rsvps/${encodeURIComponent(id)}/pay/`, request, {
    schema: transactionSchema,
    toast: false,
  });
}

/** After an RSVP changed: the event page shows it at once; lists and seats are read again. */
export function rememberRsvp(queryClient: QueryClient, rsvp: Rsvp): void {
  queryClient.setQueryData(eventKeys.myRsvpForEvent(rsvp.event.id), rsvp);
  void queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
  void queryClient.invalidateQueries({
    queryKey: RSVPS_KEY,
    predicate: (query) => query.queryKey[2] !== 'event',
  });
}

export function useRememberRsvp() {
  const queryClient = useQueryClient();
  return useCallback((rsvp: Rsvp) => rememberRsvp(queryClient, rsvp), [queryClient]);
}
