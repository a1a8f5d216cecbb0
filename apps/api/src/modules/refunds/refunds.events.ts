import type { PaymentPurpose } from '@shop/contract/payments';

/**
 * The refunds' domain events, published after the commit that settles a refund: the customer's
 * notification follows `refund.succeeded`.
 */
declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** The provider returned the money; a credit note was issued. */
    'refund.succeeded': {
      refundId: string;
      userId: string;
      purpose: PaymentPurpose;
      subjectId: string;
      subjectLabel: string;
      amount: number;
      creditNoteNumber: string;
    };
    /** The provider refused or failed the refund: nothing was returned, staff may try again. */
    'refund.failed': {
      refundId: string;
      subjectLabel: string;
      amount: number;
      reason: string;
    };
  }
}
