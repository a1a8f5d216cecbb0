import type { DeliveryStatus } from '@shop/contract/delivery';

/**
 * The deliveries' domain events (published after commit by this module): notifications tell the
 * customer, with the rider and the estimated time.
 */
declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /**
     * A delivery moved (it follows its order): `from` is null when the delivery was just created
     * (an order confirmed, or a delivery caught up by the reconciliation job).
     */
    'delivery.status_changed': {
      deliveryId: number;
      orderId: string;
      orderNumber: string;
      userId: string;
      from: DeliveryStatus | null;
      to: DeliveryStatus;
      riderName: string | null;
      riderPhone: string | null;
      estimatedDeliveryTime: Date | null;
      at: Date;
    };
    /** Staff assigned (or changed) the rider of a delivery. */
    'delivery.rider_assigned': {
      deliveryId: number;
      orderId: string;
      orderNumber: string;
      userId: string;
      status: DeliveryStatus;
      riderName: string;
      riderPhone: string;
      at: Date;
    };
  }
}
