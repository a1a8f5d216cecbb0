import {
  type ConsentsResponse,
  consentsResponseSchema,
  type UpdateConsentRequest,
} from '@shop/contract/consents';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileQuery } from './get-profile';
import { smsSettingsQuery } from './sms-settings';

/** `GET /users/users/consents/`: the customer's own consents (under ['profile'], dropped on sign-out). */
export const consentsQuery = queryOptions<ConsentsResponse>({
  queryKey: ['profile', 'consents'],
  queryFn: ({ signal }) =>
    api.get('/users/users/consents/', { schema: consentsResponseSchema, signal, toast: false }),
});

export function useConsents() {
  return useQuery(consentsQuery);
}

/** `PUT /users/users/consents/`: gives or withdraws one consent; answers them all. */
export function updateConsent(change: UpdateConsentRequest): Promise<ConsentsResponse> {
  return api.put('/users/users/consents/', change, { schema: consentsResponseSchema, toast: false });
}

export function useUpdateConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsent,
    onSuccess: (consents) => {
      queryClient.setQueryData(consentsQuery.queryKey, consents);
      // The profile form's newsletter box and the SMS choices show the same consents.
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: smsSettingsQuery.queryKey });
    },
  });
}
