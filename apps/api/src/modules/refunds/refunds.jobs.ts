/** The refunds module's background jobs (pg-boss queues). */
export const REFUND_JOBS = {
  /** Every minute: pending refunds whose check with the provider is due. */
  pollPending: 'refunds.poll-pending',
  /** A cancelled event's paid tickets, refunded through the same path as staff refunds. */
  refundCancelledEvent: 'refunds.cancelled-event',
  /** Hourly: cancelled events whose ticket refunds were never asked for (a lost job). */
  sweepCancelledEvents: 'refunds.cancelled-event-sweep',
} as const;
