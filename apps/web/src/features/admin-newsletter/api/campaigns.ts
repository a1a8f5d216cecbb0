import {
  type Campaign,
  type CampaignList,
  campaignListSchema,
  campaignSchema,
} from '@shop/contract/newsletter-campaigns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every campaign query lives under this key; a change reads them all again. */
export const CAMPAIGNS_KEY = ['admin-newsletter', 'campaigns'] as const;

/** `GET /admin/newsletter/campaigns/` (staff): newest first, with their counts. */
export function campaignsQuery(page: number) {
  return queryOptions<CampaignList>({
    queryKey: [...CAMPAIGNS_KEY, 'list', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/newsletter/campaigns/', {
        query: { page, page_size: 10 },
        schema: campaignListSchema,
        signal,
        toast: false,
      }),
  });
}

export function useCampaigns(page: number) {
  return useQuery({
    ...campaignsQuery(page),
    placeholderData: keepPreviousData,
    // While one is being sent its counts move: read them again every couple of seconds.
    refetchInterval: (query) =>
      query.state.data?.results.some((campaign) => campaign.status === 'sending') ? 2000 : false,
  });
}

/** `GET /admin/newsletter/campaigns/{id}/` (staff): read again every second while sending. */
export function campaignQuery(id: number) {
  return queryOptions<Campaign>({
    queryKey: [...CAMPAIGNS_KEY, 'one', id] as const,
    queryFn: ({ signal }) =>
      api.get(`/admin/newsletter/campaigns/${id}/`, { schema: campaignSchema, signal, toast: false }),
  });
}

export function useCampaign(id: number | null) {
  return useQuery({
    ...campaignQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 1000 : false),
  });
}
