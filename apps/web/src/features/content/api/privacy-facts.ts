import { privacyFactsSchema } from '@shop/contract/privacy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /privacy/facts/`: what is kept, why, for how long, and who receives it (public). */
export const privacyFactsQuery = queryOptions({
  queryKey: ['privacy-facts'],
  queryFn: ({ signal }) => api.get('/privacy/facts/', { schema: privacyFactsSchema, signal, toast: false }),
  staleTime: 5 * 60_000,
});

export function usePrivacyFacts() {
  return useQuery(privacyFactsQuery);
}
