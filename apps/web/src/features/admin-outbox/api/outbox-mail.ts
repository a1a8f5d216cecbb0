import { type OutboxMail, outboxMailSchema } from '@shop/contract/outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { OUTBOX_KEY } from './outbox-list';

/** `GET /admin/outbox/{id}/`: one e-mail with its text, HTML and links (staff only). */
export function outboxMailQuery(id: number) {
  return queryOptions<OutboxMail>({
    queryKey: [...OUTBOX_KEY, 'mail', id] as const,
    queryFn: ({ signal }) =>
      api.get(`/admin/outbox/${id}/`, { schema: outboxMailSchema, signal, toast: false }),
    // A kept e-mail never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOutboxMail(id: number | null) {
  return useQuery({ ...outboxMailQuery(id ?? 0), enabled: id !== null });
}
