/** The payments module's background jobs (pg-boss queues). */
export const PAYMENT_JOBS = {
  /** One webhook delivery: verify with the provider and settle. */
  processWebhook: 'payments.process-webhook',
  /** Every minute: pending transactions whose check is due, and deliveries left unprocessed. */
  pollPending: 'payments.poll-pending',
  /** The receipt e-mail of a successful payment. */
  sendReceipt: 'payments.send-receipt',
} as const;
