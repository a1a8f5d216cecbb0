import { type Campaign, campaignSchema } from '@shop/contract/newsletter-campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CAMPAIGNS_KEY } from './campaigns';

/** `POST /admin/newsletter/campaigns/{id}/send/` (staff): to every confirmed subscriber, once. */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<Campaign> =>
      api.post(`/admin/newsletter/campaigns/${id}/send/`, {}, { schema: campaignSchema, toast: false }),
    onSuccess: (campaign) => {
      queryClient.setQueryData([...CAMPAIGNS_KEY, 'one', campaign.id], campaign);
      return queryClient.invalidateQueries({ queryKey: [...CAMPAIGNS_KEY, 'list'] });
    },
  });
}
