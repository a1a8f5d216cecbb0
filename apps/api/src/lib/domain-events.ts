import type { OrderStatus } from '@shop/contract/orders';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Domain events: a small typed, in-process publish/subscribe bus.
 *
 * A service publishes an event once its work is committed ("order.placed", "payment.succeeded",
 * "identity.account_linked", …); other features subscribe to react (notifications, e-mail, cart
 * merge) without calling each other's internals.
 *
 * - **Typed.** Each event's payload is declared in {@link DomainEventMap}. A feature adds its
 *   own events by declaration merging, beside its service:
 *
 *   ```ts
 *   declare module '../../lib/domain-events' {
 *     interface DomainEventMap {
 *       'order.placed': { orderId: number; userId: string };
 *     }
 *   }
 *   ```
 * - **After commit.** `publish` runs the handlers now, so call it after your transaction has
 *   committed, or publish through `events.transaction(db, async (tx, outbox) => …)`: events given
 *   to `outbox.publish` are dispatched once the transaction commits, and dropped if it rolls back.
 * - **Isolated.** Handlers run one after another, in subscription order; `publish` resolves when
 *   all of them have finished. A handler that throws is logged and the others still run: a
 *   subscriber never breaks the publisher. `publish` answers how many handlers failed.
 * - **In process.** Every API instance runs its own subscribers for the events it publishes. Work
 *   that must happen exactly once across instances, or survive a restart, belongs in a job.
 *
 * Subscribe at start-up (in a Fastify plugin, with `app.events.subscribe`). The app decorates
 * the bus as `app.events`.
 */
export interface DomainEventMap {
  // Identity's events (published by src/modules/identity); other features add theirs.

  /**
   * An anonymous visitor signed up or signed in. Move what belongs to `anonymousUserId` (cart,
   * wishlist) to `userId`. The anonymous user row is deleted once every handler has run, so
   * rows still pointing at it afterwards are lost with it.
   */
  'identity.account_linked': { anonymousUserId: string; userId: string };
  /** A password was changed (by the customer) or reset (by e-mail link). */
  'identity.password_changed': {
    userId: string;
    email: string;
    name: string;
    method: 'change' | 'reset';
    ipAddress: string | null;
    userAgent: string | null;
    at: Date;
  };
  /** A customer signed in from a user agent and address never seen for their account. */
  'identity.new_device_sign_in': {
    userId: string;
    email: string;
    name: string;
    ipAddress: string | null;
    userAgent: string | null;
    at: Date;
  };
  /** A new (non-anonymous) account was created: registered, first OAuth sign-in, or `npm run admin`. */
  'identity.user_registered': {
    userId: string;
    email: string;
    name: string;
    method: 'email-password' | 'oauth' | 'admin';
  };

  // Events' and RSVPs' events (published by src/modules/events, after commit).

  /**
   * An RSVP now holds confirmed seats with a valid ticket: booked at once (free event with seats),
   * or paid (`paid` true). Promotions from the waitlist publish `rsvp.promoted` instead.
   */
  'rsvp.confirmed': {
    rsvpId: string;
    eventId: number;
    userId: string;
    eventTitle: string;
    startsAt: Date;
    guests: number;
    ticketCode: string;
    paid: boolean;
  };
  /** A party that did not fit joined the event's waitlist. */
  'rsvp.waitlisted': {
    rsvpId: string;
    eventId: number;
    userId: string;
    eventTitle: string;
    startsAt: Date;
    guests: number;
    position: number;
  };
  /**
   * Seats freed up and a waiting RSVP got them: `confirmed` for a free event (with its ticket), or
   * `pending_payment` for a paid one (the customer must pay before `holdExpiresAt`).
   */
  'rsvp.promoted': {
    rsvpId: string;
    eventId: number;
    userId: string;
    eventTitle: string;
    startsAt: Date;
    guests: number;
    status: 'confirmed' | 'pending_payment';
    ticketCode: string | null;
    holdExpiresAt: Date | null;
  };
  /**
   * An RSVP was cancelled by its customer, or its unpaid hold expired. (When staff cancel the
   * whole event, `event.cancelled` is published once instead, naming every RSVP.)
   */
  'rsvp.cancelled': {
    rsvpId: string;
    eventId: number;
    userId: string;
    eventTitle: string;
    startsAt: Date;
    reason: 'customer' | 'hold_expired';
  };
  /** Staff cancelled an event: every RSVP that was booked or waiting is cancelled with it. */
  'event.cancelled': {
    eventId: number;
    eventTitle: string;
    startsAt: Date;
    reason: string;
    rsvps: Array<{
      rsvpId: string;
      userId: string;
      previousStatus: 'pending_payment' | 'confirmed' | 'waitlisted';
      guests: number;
      /** What the customer paid (0 when unpaid): owed back. */
      paidAmount: number;
    }>;
  };

  // Orders' events (published by src/modules/orders, after commit).

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
    paymentMethod: 'mobile_money' | 'cash_on_delivery';
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

  // Payments' events (published by src/modules/payments, after commit).

  /**
   * A mobile-money payment was verified with the provider and recorded as successful. With
   * `refundDue` false it paid its subject (the order is paid and confirmed); with true the money
   * came for a subject already paid or closed, and staff must refund it.
   */
  'payment.succeeded': {
    transactionId: string;
    reference: string;
    userId: string;
    purpose: 'order' | 'event_rsvp';
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
    purpose: 'order' | 'event_rsvp';
    subjectId: string;
    subjectLabel: string;
    status: 'failed' | 'cancelled' | 'expired';
    reason: string;
    refundDue: boolean;
  };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<N extends DomainEventName> = (payload: DomainEventMap[N]) => unknown;

export type PublishResult = { handlers: number; failed: number };

/** Collects events published inside a transaction; they go out after commit. */
export type DomainEventOutbox = {
  publish<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): void;
};

type Logger = Pick<FastifyBaseLogger, 'error'>;

export class DomainEvents {
  readonly #handlers = new Map<DomainEventName, Array<DomainEventHandler<DomainEventName>>>();
  readonly #log: Logger;

  constructor(log: Logger) {
    this.#log = log;
  }

  /** Adds a handler; answers a function that removes it. */
  subscribe<N extends DomainEventName>(name: N, handler: DomainEventHandler<N>): () => void {
    const list = this.#handlers.get(name) ?? [];
    list.push(handler as DomainEventHandler<DomainEventName>);
    this.#handlers.set(name, list);
    return () => {
      const current = this.#handlers.get(name) ?? [];
      this.#handlers.set(
        name,
        current.filter((item) => item !== handler),
      );
    };
  }

  /** Runs every handler of `name` (after commit). Never throws; failures are logged and counted. */
  async publish<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): Promise<PublishResult> {
    const handlers = [...(this.#handlers.get(name) ?? [])];
    let failed = 0;
    for (const handler of handlers) {
      try {
        await handler(payload);
      } catch (error) {
        failed += 1;
        this.#log.error({ err: error, event: name }, `a handler of ${name} failed`);
      }
    }
    return { handlers: handlers.length, failed };
  }

  /**
   * Runs `work` in a transaction of `db` (a Drizzle database); what it publishes to the outbox is
   * dispatched after commit, in order, and dropped on rollback.
   */
  async transaction<Tx, T>(
    db: { transaction: (work: (tx: Tx) => Promise<T>) => Promise<T> },
    work: (tx: Tx, outbox: DomainEventOutbox) => Promise<T>,
  ): Promise<T> {
    const pending: Array<() => Promise<PublishResult>> = [];
    const outbox: DomainEventOutbox = {
      publish: (name, payload) => {
        pending.push(() => this.publish(name, payload));
      },
    };
    const result = await db.transaction((tx) => work(tx, outbox));
    for (const dispatch of pending) await dispatch();
    return result;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: DomainEvents;
  }
}

/** Decorates `app.events`. */
export const domainEventsPlugin = fp(
  async (app) => {
    app.decorate('events', new DomainEvents(app.log));
  },
  { name: 'domain-events' },
);
