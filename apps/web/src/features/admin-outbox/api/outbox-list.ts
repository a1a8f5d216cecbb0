import { type OutboxList, outboxListSchema } from '@shop/contract/outbox';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const OUTBOX_KEY = ['staff-outbox'] as const;
export const OUTBOX_PAGE_SIZE = 20;

/** `GET /admin/outbox/`: e-mails not sent, newest first, and whether SMTP is configured (staff only). */
export function outboxListQuery(page: number) {
  return queryOptions<OutboxList>({
    queryKey: [...OUTBOX_KEY, 'list', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/outbox/', {
        query: { page, page_size: OUTBOX_PAGE_SIZE },
        schema: outboxListSchema,
        signal,
        toast: false,
      }),
    // A customer asking for a reset link is waiting: the desk looks again every 20 s.
    refetchInterval: 20_000,
  });
}

export function useOutboxList(page: number, enabled = true) {
  return useQuery({ ...outboxListQuery(page), placeholderData: keepPreviousData, enabled });
}
