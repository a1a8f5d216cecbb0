import type { OrderStatus, PaymentMethod } from '@shop/contract/orders';

/**
 * The orders' domain events, published by this module (checkout and ./order-lifecycle.ts) after
 * commit: the confirmation e-mail, deliveries and notifications follow them.
 */
declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /**
     * A customer placed an order (checkout committed: stock taken, invoice issued). Cash on
     * delivery orders are `confirmed` at once; mobile-money orders stay `pending` until paid
     * (`paymentDueAt`, then they are cancelled).
     */
    'order.placed': {
      orderId: string;
      orderNumber: string;
      userId: string;
      status: 'pending' | 'confirmed';
      paymentMethod: PaymentMethod;
      fulfilment: 'delivery' | 'pickup';
      itemCount: number;
      total: number;
      currency: 'UGX';
      invoiceNumber: string;
      paymentDueAt: Date | null;
      placedAt: Date;
    };
    /**
     * An order moved in its status table (ORDER_STATUS_TRANSITIONS): paid, prepared, dispatched,
     * delivered, cancelled, refunded. `changedBy` is the staff member, or null for the shop itself
     * (payment, expiry job).
     */
    'order.status_changed': {
      orderId: string;
      orderNumber: string;
      userId: string;
      from: OrderStatus;
      to: OrderStatus;
      paymentStatus: 'pending' | 'paid' | 'failed' | 'refunded';
      fulfilment: 'delivery' | 'pickup';
      note: string | null;
      changedBy: string | null;
      at: Date;
    };
    /**
     * An order was cancelled (also announced as `order.status_changed`). `reason` is shown to the
     * customer; `by` says who: 'expiry' (unpaid in time), 'staff', 'customer' or 'payment'.
     */
    /** The order's payment became paid in full (mobile money settled, or cash taken on delivery). */
    'order.paid': {
      orderId: string;
      paymentMethod: PaymentMethod;
      /** Whole UGX: the order's total. */
      amount: number;
      at: Date;
    };
    'order.cancelled': {
      orderId: string;
      orderNumber: string;
      userId: string;
      reason: string;
      by: 'expiry' | 'staff' | 'customer' | 'payment';
      /** True when this cancellation gave the order's bottles back to stock. */
      stockReleased: boolean;
      /** The order had been paid: the money is to be refunded. */
      wasPaid: boolean;
      at: Date;
    };
  }
}
