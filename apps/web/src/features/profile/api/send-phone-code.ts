import { type SendPhoneCodeRequest, sendPhoneCodeResponseSchema } from '@shop/contract/sms';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /sms/phone/code/`: a 6-digit code by SMS to the phone to verify (3 an hour per number). */
export function sendPhoneCode(body: SendPhoneCodeRequest) {
  return api.post('/sms/phone/code/', body, { schema: sendPhoneCodeResponseSchema, toast: false });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
