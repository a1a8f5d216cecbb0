import type { QueryClient } from '@tanstack/react-query';
import { warmCheckout } from '../../features/checkout/routes/loaders';
import { profileQuery } from '../../features/profile/api/get-profile';

/** Starts what the checkout form is filled from: the delivery areas and the profile. */
export function warmCheckoutRoute(queryClient: QueryClient): void {
  warmCheckout(queryClient);
  void queryClient.prefetchQuery(profileQuery);
}
