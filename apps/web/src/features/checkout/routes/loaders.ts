import type { QueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../profile/api/get-profile';
import { deliveryZonesQuery } from '../api/get-delivery-zones';

/**
 * The checkout's loader starts what the form is filled from (the delivery areas, the profile for the
 * contact and address) with the page's code, without waiting; the cart is the layout's already.
 */
export function warmCheckout(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(deliveryZonesQuery);
  void queryClient.prefetchQuery(profileQuery);
}
