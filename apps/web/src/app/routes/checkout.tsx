import type { Order } from '@shop/contract/orders';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useCart } from '../../features/cart/api/get-cart';
import { CheckoutPage } from '../../features/checkout/routes/checkout';
import { useMyCompanies } from '../../features/companies/api/companies';
import { orderKey } from '../../features/orders/api/get-order';
import { profileQuery } from '../../features/profile/api/get-profile';

/**
 * /checkout: the checkout page with the cart (read afresh: current prices and stock), the profile
 * it is filled from, the company accounts the customer may order for, and the orders' cache, where
 * the placed order waits for the next page.
 */
export function CheckoutRoute() {
  const queryClient = useQueryClient();
  const { cart, query } = useCart({ fresh: true });
  const profile = useQuery(profileQuery);
  // Only an approved account may be ordered for; the rest wait for the shop.
  const companies = useMyCompanies();
  const approved = useMemo(
    () => (companies.data?.results ?? []).filter((company) => company.status === 'approved'),
    [companies.data],
  );
  const rememberOrder = useCallback(
    (order: Order) => queryClient.setQueryData(orderKey(order.id), order),
    [queryClient],
  );
  return (
    <CheckoutPage
      cart={cart}
      cartFailed={query.isError}
      retryCart={() => void query.refetch()}
      profile={profile}
      rememberOrder={rememberOrder}
      companies={approved}
    />
  );
}
