import { type CustomerDetail, customerDetailSchema } from '@shop/contract/customers-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CUSTOMERS_KEY } from './customers';

/**
 * `POST /admin/customers/{id}/disable/` with a reason, or `…/enable/` (admins): a disabled
 * account's sessions end at once and its sign-in is refused; its orders stay.
 */
export function setAccountDisabled(id: string, disabled: boolean, reason: string): Promise<CustomerDetail> {
  const path = `/admin/customers/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}/`;
  return api.post(path, disabled ? { reason } : reason ? { reason } : {}, {
    schema: customerDetailSchema,
    toast: false,
  });
}

/** Disables or enables an account, then shows the answer and reads the list again. */
export function useSetAccountDisabled(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ disabled, reason }: { disabled: boolean; reason: string }) =>
      setAccountDisabled(id, disabled, reason),
    onSuccess: (detail) => {
      queryClient.setQueryData([...CUSTOMERS_KEY, 'detail', id], detail);
      return queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_KEY, 'list'] });
    },
  });
}
