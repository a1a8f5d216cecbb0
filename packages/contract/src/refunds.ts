/**
 * Refunds that move money: a refund is asked of the payment provider for one paid transaction
 * and stays pending until the provider's answer, its webhook or the poll settles it.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
