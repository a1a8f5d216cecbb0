import { type SandboxCharge, sandboxChargeSchema } from '@shop/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

const path = (reference: string, action?: 'approve' | 'decline') =>
  `/payments/sandbox/charges/${encodeURIComponent(reference)}/${action ? `${action}/` : ''}`;

/** The sandbox provider's phone prompt for one of the customer's payments. */
export function sandboxChargeQuery(reference: string) {
  return queryOptions<SandboxCharge>({
    queryKey: paymentKeys.sandboxCharge(reference),
    queryFn: ({ signal }) => api.get(path(reference), { schema: sandboxChargeSchema, signal, toast: false }),
  });
}

export function useSandboxCharge(reference: string, enabled: boolean) {
  return useQuery({ ...sandboxChargeQuery(reference), enabled });
}

/** Approves (with any 4–5 digit PIN) or declines the prompt, as the customer would on the phone. */
export function answerSandboxCharge(
  reference: string,
  answer: { approve: true; pin: string } | { approve: false },
): Promise<SandboxCharge> {
  return answer.approve
    ? api.post(path(reference, 'approve'), { pin: answer.pin }, { schema: sandboxChargeSchema, toast: false })
    : api.post(path(reference, 'decline'), undefined, { schema: sandboxChargeSchema, toast: false });
}
