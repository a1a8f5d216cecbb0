import { type Campaign, type CampaignRequest, campaignSchema } from '@shop/contract/newsletter-campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CAMPAIGNS_KEY } from './campaigns';

/** `POST /admin/newsletter/campaigns/` (new draft) or `PATCH …/{id}/` (the whole draft). */
export function saveCampaign({ id, ...body }: CampaignRequest & { id: number | null }): Promise<Campaign> {
  return id === null
    ? api.post('/admin/newsletter/campaigns/', body, { schema: campaignSchema, toast: false })
    : api.patch(`/admin/newsletter/campaigns/${id}/`, body, { schema: campaignSchema, toast: false });
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}
