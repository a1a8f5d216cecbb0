import { type SmsSettings, smsSettingsSchema, type UpdateSmsPreferencesRequest } from '@shop/contract/sms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { consentsQuery } from './consents';
import { smsSettingsQuery } from './sms-settings';

/** `PATCH /sms/settings/`: which messages come by SMS; answers the whole settings. */
export function updateSmsPreferences(changes: UpdateSmsPreferencesRequest): Promise<SmsSettings> {
  return api.patch('/sms/settings/', changes, { schema: smsSettingsSchema, toast: false });
}

export function useUpdateSmsPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSmsPreferences,
    onSuccess: (settings) => {
      queryClient.setQueryData(smsSettingsQuery.queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: consentsQuery.queryKey });
    },
  });
}
