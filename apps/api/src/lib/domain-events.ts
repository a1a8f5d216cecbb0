import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Domain events: a small typed, in-process publish/subscribe bus.
 *
 * A service publishes an event once its work is committed ("order.placed", "payment.succeeded",
 * "identity.account_linked", …); other features subscribe to react (notifications, e-mail, cart
 * merge) without calling each other's internals.
 *
 * - **Typed.** Each event's payload is declared in {@link DomainEventMap}. The bus declares no
 *   event itself: each feature declares its own by declaration merging, in its
 *   `modules/<feature>/<feature>.events.ts` (orders, payments, events, identity, delivery; the
 *   wishlist's beside its alerts):
 *
 *   ```ts
 *   declare module '../../lib/domain-events' {
 *     interface DomainEventMap {
 *       'order.placed': { orderId: string; userId: string; … };
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
/** Every feature's events, name → payload: filled in by each module's `*.events.ts` (see above). */
// biome-ignore lint/suspicious/noEmptyInterface: the modules' declarations merge into it.
export interface DomainEventMap {}

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
