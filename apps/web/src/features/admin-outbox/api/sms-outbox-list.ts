import { type SmsOutboxList, smsOutboxListSchema } from '@shop/contract/sms';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { OUTBOX_KEY, OUTBOX_PAGE_SIZE } from './outbox-list';

export type SmsOutboxFilter = 'unsent' | 'failed' | 'all';

/** `GET /admin/outbox/sms/`: SMS not sent (no provider) or failed, newest first (staff only). */
export function smsOutboxListQuery(page: number, state: SmsOutboxFilter) {
  return queryOptions<SmsOutboxList>({
    queryKey: [...OUTBOX_KEY, 'sms', state, page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/outbox/sms/', {
        query: { page, page_size: OUTBOX_PAGE_SIZE, state },
        schema: smsOutboxListSchema,
        signal,
        toast: false,
      }),
    // A customer waiting for a phone code may be on the line: look again every 20 s.
    refetchInterval: 20_000,
  });
}

export function useSmsOutboxList(page: number, state: SmsOutboxFilter) {
  return useQuery({ ...smsOutboxListQuery(page, state), placeholderData: keepPreviousData });
}
