import type { TransactionStatus } from '@shop/contract/payments';
import { transactionStatusLabels, transactionStatusTone } from '../../../lib/mobile-money/payment-display';

/** A payment's status as the customer reads it ("Paid", "Waiting for approval", …). */
export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <span
      data-transaction-status={status}
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${transactionStatusTone[status]}`}
    >
      {transactionStatusLabels[status]}
    </span>
  );
}
