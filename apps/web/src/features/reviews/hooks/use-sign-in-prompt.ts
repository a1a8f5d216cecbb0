import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { signInRequiredMessage } from '@shop/contract/errors';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '../../../lib/toast';

/**
 * docs/product.md section 5 for the reviews' actions: 'Please sign in to {action}', the current path
 * remembered (`/login?redirect=…`) and the login page.
 */
export function useSignInPrompt(): (action: string) => void {
  const router = useRouter();
  return useCallback(
    (action: string) => {
      const message = signInRequiredMessage(action);
      toast.info(message, { id: message, duration: TOAST_DURATION_MS });
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
    },
    [router],
  );
}
