import { type SmsSettings, smsSettingsSchema } from '@shop/contract/sms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /sms/settings/`: the verified phone and which messages come by SMS (customers; under ['profile'], dropped on sign-out). */
export const smsSettingsQuery = queryOptions<SmsSettings>({
  queryKey: ['profile', 'sms'],
  queryFn: ({ signal }) => api.get('/sms/settings/', { schema: smsSettingsSchema, signal, toast: false }),
});

export function useSmsSettings() {
  return useQuery(smsSettingsQuery);
}
