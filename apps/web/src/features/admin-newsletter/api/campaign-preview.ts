import { type CampaignPreview, campaignPreviewSchema } from '@shop/contract/newsletter-campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CAMPAIGNS_KEY } from './campaigns';

/** `GET /admin/newsletter/campaigns/{id}/preview/` (staff): the e-mail's HTML and text. */
export function campaignPreviewQuery(id: number) {
  return queryOptions<CampaignPreview>({
    queryKey: [...CAMPAIGNS_KEY, 'preview', id] as const,
    queryFn: ({ signal }) =>
      api.get(`/admin/newsletter/campaigns/${id}/preview/`, {
        schema: campaignPreviewSchema,
        signal,
        toast: false,
      }),
  });
}

export function useCampaignPreview(id: number, enabled: boolean) {
  return useQuery({ ...campaignPreviewQuery(id), enabled });
}
