import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { signInRequiredMessage } from '@shop/contract/errors';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '../toast';
import { useSession } from './use-session';

/**
 * docs/product.md section 5: adding to the cart or the wishlist needs a signed-in customer. The returned
 * check answers true when someone is signed in; otherwise it says "Please sign in to {action}",
 * remembers the current path (`/login?redirect=…`) and goes to the login page, and answers false.
 */
export function useRequireSignIn(): (action: string) => boolean {
  const { session } = useSession();
  const router = useRouter();
  return useCallback(
    (action: string) => {
      if (session) return true;
      const message = signInRequiredMessage(action);
      toast.info(message, { id: message, duration: TOAST_DURATION_MS });
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
      return false;
    },
    [session, router],
  );
}
