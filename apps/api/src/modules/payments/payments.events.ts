import type { MobileMoneyNetwork } from '@shop/contract/orders';
import type { PaymentPurpose } from '@shop/contract/payments';

/**
 * The payments' domain events, published by the settlement (./settlement.ts) and by this
 * module's services after commit: the receipt e-mail and notifications follow them.
 */
declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /**
     * A mobile-money payment was verified with the provider and recorded as successful. With
     * `refundDue` false it paid its subject (the order is paid and confirmed); with true the money
     * came for a subject already paid or closed, and staff must refund it.
     */
    'payment.succeeded': {
      transactionId: string;
      reference: string;
      userId: string;
      purpose: PaymentPurpose;
      subjectId: string;
      subjectLabel: string;
      amount: number;
      currency: 'UGX';
      network: 'MTN' | 'AIRTEL';
      phoneMasked: string;
      provider: 'sandbox' | 'flutterwave';
      paidAt: Date;
      refundDue: boolean;
    };
    /**
     * A mobile-money payment ended without paying: declined or failed at the provider, cancelled
     * (replaced by another attempt), expired unapproved, or short. The subject stays payable.
     */
    'payment.failed': {
      transactionId: string;
      reference: string;
      userId: string;
      purpose: PaymentPurpose;
      subjectId: string;
      subjectLabel: string;
      status: 'failed' | 'cancelled' | 'expired';
      reason: string;
      network: MobileMoneyNetwork;
      refundDue: boolean;
    };
  }
}
