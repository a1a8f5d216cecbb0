import type { QueryClient } from '@tanstack/react-query';
import { deliveryZonesQuery } from '../api/get-delivery-zones';
import { recentDetailsQuery } from '../api/get-recent-details';

/**
 * The checkout's loader starts what the form is filled from (the delivery areas; src/app adds the
 * profile) with the page's code, without waiting; the cart is the layout's already.
 */
export function warmCheckout(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(deliveryZonesQuery);
  void queryClient.prefetchQuery(recentDetailsQuery);
}
