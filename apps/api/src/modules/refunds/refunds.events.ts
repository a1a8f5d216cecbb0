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
      purpose: 'order' | 'event_rsvp';
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

// A module (not a script), so that the block above augments the bus's map.
export {};
