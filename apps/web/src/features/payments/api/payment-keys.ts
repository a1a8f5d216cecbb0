/** The payments feature's query keys, in one place so that changes invalidate the right lists. */
export const PAYMENTS_KEY = ['payments'] as const;

export const paymentKeys = {
  all: PAYMENTS_KEY,
  mine: (page: number) => [...PAYMENTS_KEY, 'mine', page] as const,
  latestOfOrder: (orderId: string) => [...PAYMENTS_KEY, 'order', orderId, 'latest'] as const,
  order: (orderId: string) => [...PAYMENTS_KEY, 'payable-order', orderId] as const,
  sandboxCharge: (reference: string) => [...PAYMENTS_KEY, 'sandbox', reference] as const,
};
