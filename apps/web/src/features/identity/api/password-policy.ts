import { PASSWORD_POLICY, type PasswordPolicy, passwordPolicySchema } from '@shop/contract/identity';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /auth/password-policy`: the identity service's own rules, shown on every password form. */
export const passwordPolicyQuery = queryOptions<PasswordPolicy>({
  queryKey: ['identity', 'password-policy'],
  queryFn: ({ signal }) =>
    api.get('/auth/password-policy', { schema: passwordPolicySchema, signal, toast: false }),
  staleTime: 60 * 60 * 1000,
});

/** The policy as fetched, or the contract's copy of it while it loads (or when it cannot be fetched). */
export const fallbackPasswordPolicy: PasswordPolicy = PASSWORD_POLICY;
