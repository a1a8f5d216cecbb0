/**
 * The delivery feature's query keys, per customer (one customer's never shows another's). The
 * tracking page reads them again when a notification about an order arrives.
 */
export const deliveryKeys = {
  all: (userId: string) => ['delivery', userId] as const,
  active: (userId: string, page: number) => ['delivery', userId, 'active', page] as const,
  recent: (userId: string, page: number) => ['delivery', userId, 'recent', page] as const,
  stats: (userId: string) => ['delivery', userId, 'stats'] as const,
  track: (userId: string, orderNumber: string) => ['delivery', userId, 'track', orderNumber] as const,
  deliverable: (userId: string) => ['delivery', userId, 'deliverable'] as const,
};
