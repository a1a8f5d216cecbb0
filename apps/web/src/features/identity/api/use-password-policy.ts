import type { PasswordPolicy } from '@shop/contract/identity';
import { useQuery } from '@tanstack/react-query';
import { fallbackPasswordPolicy, passwordPolicyQuery } from './password-policy';

/** The fetched password policy; the contract's copy while it loads or when it cannot be fetched. */
export function usePasswordPolicy(): PasswordPolicy {
  const { data } = useQuery(passwordPolicyQuery);
  return data ?? fallbackPasswordPolicy;
}
