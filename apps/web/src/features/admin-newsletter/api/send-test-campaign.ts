import { type CampaignTestResponse, campaignTestResponseSchema } from '@shop/contract/newsletter-campaigns';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /admin/newsletter/campaigns/{id}/test/` (staff): the campaign to one's own address. */
export function useSendTestCampaign() {
  return useMutation({
    mutationFn: (id: number): Promise<CampaignTestResponse> =>
      api.post(
        `/admin/newsletter/campaigns/${id}/test/`,
        {},
        { schema: campaignTestResponseSchema, toast: false },
      ),
  });
}
