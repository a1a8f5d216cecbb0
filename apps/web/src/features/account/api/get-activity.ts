import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

/**
 * The account overview's counts: orders, event RSVPs and wishlist entries. Their endpoints come
 * with later features; until then they answer 404, which counts as "none yet" (no toast, nothing
 * invented).
 */

export type ActivityCount = { count: number };

/** A count from a list answer: an array, or a paged list `{ count }` / `{ results }`. */
export function countOf(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  if (typeof data === 'object' && data !== null) {
    const { count, results } = data as { count?: unknown; results?: unknown };
    if (typeof count === 'number') return count;
    if (Array.isArray(results)) return results.length;
  }
  return 0;
}

async function countAt(path: string, signal: AbortSignal): Promise<ActivityCount> {
  try {
    return { count: countOf(await api.get(path, { signal, toast: false })) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { count: 0 };
    throw error;
  }
}

export const activityQuery = (name: string, path: string) =>
  queryOptions({
    queryKey: ['account', name],
    queryFn: ({ signal }) => countAt(path, signal),
  });

export const ordersCountQuery = activityQuery('orders', '/orders/orders/my_orders/');
// Cancelled RSVPs are not the customer's any more: the API leaves them out of the count.
export const rsvpsCountQuery = activityQuery('rsvps', '/events/rsvps/?active=true&page_size=1');
export const wishlistCountQuery = activityQuery('wishlist', '/orders/wishlist/');
