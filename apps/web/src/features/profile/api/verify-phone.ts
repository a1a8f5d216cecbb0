import { type SmsSettings, smsSettingsSchema, type VerifyPhoneRequest } from '@shop/contract/sms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileQuery } from './get-profile';
import { smsSettingsQuery } from './sms-settings';

/** `POST /sms/phone/verify/`: the code from the SMS; the phone becomes the profile's, verified. */
export function verifyPhone(body: VerifyPhoneRequest): Promise<SmsSettings> {
  return api.post('/sms/phone/verify/', body, { schema: smsSettingsSchema, toast: false });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: (settings) => {
      queryClient.setQueryData(smsSettingsQuery.queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
